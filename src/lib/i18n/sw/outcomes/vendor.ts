import type { Outcomes } from '../../en/outcomes';

const vendor: Outcomes['vendor'] = {
  notFound: 'Muuzaji hakupatikana',
  loadFailed: 'Imeshindikana kupakia wauzaji',
  applied: 'Ombi lako la kufungua duka limepokelewa; duka litalikagua',
  created: 'Muuzaji ameongezwa',
  updated: 'Taarifa za muuzaji zimesasishwa',
  removed: 'Muuzaji ameondolewa',
  alreadyVendor: 'Tayari una duka; lisasishe badala yake',
  notYours: 'Unaweza kubadilisha duka lako tu',
  retrieved: 'Muuzaji amepatikana',
  listRetrieved: 'Wauzaji wamepatikana',
  accountToPromote: 'Akaunti: chagua akaunti itakayokuwa muuzaji',
  noSuchAccount: 'Akaunti: haipo',
  accountHasShop: 'Akaunti: akaunti hii tayari ina duka',
  adminCannotSell: 'Akaunti: msimamizi hawezi pia kuwa muuzaji',
  commissionRates: 'Viwango vya kamisheni',
  commissionRateSet: 'Kiwango cha kamisheni kimewekwa',
};

export default vendor;
