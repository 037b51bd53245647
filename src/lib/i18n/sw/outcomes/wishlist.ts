import type { Outcomes } from '../../en/outcomes';

const wishlist: Outcomes['wishlist'] = {
  addFailed: 'Imeshindikana kuweka kwenye vipendwa',
  removeFailed: 'Imeshindikana kuondoa kwenye vipendwa',
  loadFailed: 'Imeshindikana kupakia vipendwa',
  onlyOnThisPhone: 'Orodha hii ya vipendwa imehifadhiwa kwenye simu hii pekee hadi utakapoingia.',
};

export default wishlist;
