import type { Outcomes } from '../../en/outcomes';

const order: Outcomes['order'] = {
  notFound: 'Oda haikupatikana',
  partNotFound: 'Sehemu hii ya oda haikupatikana',
  placed: 'Oda imewekwa kwa mafanikio!',
  failed: 'Imeshindikana kuweka oda',
  loadFailed: 'Imeshindikana kupakia oda',
  statusFailed: 'Imeshindikana kusasisha hali ya oda',
  statusUpdated: 'Hali ya oda imesasishwa',
};

export default order;
