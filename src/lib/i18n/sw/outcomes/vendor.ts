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
};

export default vendor;
