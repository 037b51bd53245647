import type { Outcomes } from '../../en/outcomes';

const wishlist: Outcomes['wishlist'] = {
  addFailed: 'Imeshindikana kuweka kwenye vipendwa',
  removeFailed: 'Imeshindikana kuondoa kwenye vipendwa',
  loadFailed: 'Imeshindikana kupakia vipendwa',
  onlyOnThisPhone: 'Orodha hii ya vipendwa imehifadhiwa kwenye simu hii pekee hadi utakapoingia.',
  retrieved: 'Vipendwa',
  added: 'Imewekwa kwenye vipendwa',
  removed: 'Imeondolewa kwenye vipendwa',
  notInWishlist: 'Haikuwa kwenye vipendwa vyako',
  checked: 'Imekaguliwa',
  badItemId: 'Namba: lazima iwe namba ya kipengee cha vipendwa',
};

export default wishlist;
