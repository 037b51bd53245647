import type { Outcomes } from '../../en/outcomes';

const product: Outcomes['product'] = {
  notFound: 'Ekintu tekirabise',
  loadFailed: 'Tetusobodde kulaga bintu',
  created: 'Ekintu kyongeddwaako',
  updated: 'Ekintu kikyusiddwa',
  deleted: 'Ekintu kisaziddwamu',
  notYours: 'Osobola okukyusa ebintu byo byokka',
  photoRequired: "Ekifaananyi ekikulu: teekako ekifaananyi ky'ekintu",
  retrieved: 'Ekintu kifunyiddwa',
  listRetrieved: 'Ebintu bifunyiddwa',
  filtersRetrieved: 'Ebyokulondamu bifunyiddwa',
  tooManyPictures: (max) => `Ebifaananyi: tebisukka ${max}`,
  supplierNotSelling: 'Omutunzi: ateekwa okuba omutunzi akkiriziddwa era akola',
  colorsMissing: "Langi: wandiika langi (nga ozaawula n'akabonero ka koma), oba londa nti ekintu tekirina langi",
  sizesMissing: "Sayizi: wandiika sayizi (nga ozaawula n'akabonero ka koma), oba londa nti ekintu tekirina sayizi",
  oldPriceTooLow: "Ebbeeyi enkadde: eteekwa okuba waggulu w'ebbeeyi, oba gireke nga njereere",
  stockBelowSold: (sold) => `Omuwendo gw'ebintu: ebintu ${sold} bimaze okutundibwa, n'olwekyo omuwendo tegusobola kubeera wansi wa ${sold}`,
};

export default product;
