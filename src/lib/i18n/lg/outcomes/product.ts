import type { Outcomes } from '../../en/outcomes';

const product: Outcomes['product'] = {
  notFound: 'Ekintu tekirabise',
  loadFailed: 'Tetusobodde kulaga bintu',
  created: 'Ekintu kyongeddwaako',
  updated: 'Ekintu kikyusiddwa',
  deleted: 'Ekintu kisaziddwamu',
  notYours: 'Osobola okukyusa ebintu byo byokka',
  photoRequired: "feature_photo: teekako ekifaananyi ky'ekintu",
};

export default product;
