import type { Outcomes } from '../../en/outcomes';

const category: Outcomes['category'] = {
  notFound: 'Ekika tekirabise',
  loadFailed: 'Tetusobodde kulaga bika',
  created: 'Ekika kyongeddwaako',
  updated: 'Ekika kikyusiddwa',
  deleted: 'Ekika kisaziddwamu',
  retrieved: 'Ekika kifunyiddwa',
  listRetrieved: 'Ebika bifunyiddwa',
  noSuchCategory: 'Ekika: tekiriiwo',
  notASubcategory: "Ekika ekitono: kiteekwa okuba ekika ekitono eky'ekika ky'olonze",
  parentWithParent: 'Ekika ekikulu: ekika ekikulu tekiteekebwa wansi wa kika kirala',
  ownParent: 'Ekika ekikulu: ekika tekiyinza kuba wansi wa kyo kyennyini',
  noSuchParent: 'Ekika ekikulu: tekiriiwo',
  notAParent: (category) => `Ekika ekikulu: ${category} si kika kikulu`,
  cannotGoUnder: (subcategories) => `Ekika ekikulu: ekika kino kirina ebika ebitono ${subcategories}, n'olwekyo tekiyinza kuteekebwa wansi w'ekirala`,
  nameTaken: (category) => `Ekika: waliwo dda ekika ekiyitibwa ${category} awo`,
  hasSubcategories: (subcategories) => `Ekika kino kirina ebika ebitono ${subcategories}; sooka obijjulule oba obisazeemu`,
  hasProducts: (products) => `Ekika kino kikyalina ebintu ${products}; sooka obijjulule obiteeke mu kika ekirala`,
  moveToAnother: "Ekika eky'okusengukiramu: kiteekwa okuba ekika ekirala",
};

export default category;
