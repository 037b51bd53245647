import type { Outcomes } from '../../en/outcomes';

const category: Outcomes['category'] = {
  notFound: 'Ekika tekirabise',
  loadFailed: 'Tetusobodde kulaga bika',
  created: 'Ekika kyongeddwaako',
  updated: 'Ekika kikyusiddwa',
  deleted: 'Ekika kisaziddwamu',
};

export default category;
