import type { Outcomes } from '../../en/outcomes';

const cart: Outcomes['cart'] = {
  invalidProduct: 'Bidhaa au idadi si sahihi',
  selectColor: 'Tafadhali chagua rangi',
  selectSize: 'Tafadhali chagua saizi',
  invalidQuantity: 'Idadi si sahihi',
  added: (name) => `${name} imewekwa kwenye kikapu`,
  addFailed: 'Imeshindikana kuweka kwenye kikapu',
  removed: 'Bidhaa imeondolewa kwenye kikapu',
  updated: 'Kikapu kimesasishwa',
  cleared: 'Kikapu kimefutwa',
};

export default cart;
