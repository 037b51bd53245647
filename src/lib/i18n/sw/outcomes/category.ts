import type { Outcomes } from '../../en/outcomes';

const category: Outcomes['category'] = {
  notFound: 'Aina haikupatikana',
  loadFailed: 'Imeshindikana kupakia aina',
  created: 'Aina imeundwa',
  updated: 'Aina imesasishwa',
  deleted: 'Aina imefutwa',
};

export default category;
