import type { Outcomes } from '../../en/outcomes';

const product: Outcomes['product'] = {
  notFound: 'Bidhaa haikupatikana',
  loadFailed: 'Imeshindikana kupakia bidhaa',
  created: 'Bidhaa imeundwa',
  updated: 'Bidhaa imesasishwa',
  deleted: 'Bidhaa imefutwa',
  notYours: 'Unaweza kubadilisha bidhaa zako tu',
  photoRequired: 'feature_photo: weka picha ya bidhaa',
};

export default product;
