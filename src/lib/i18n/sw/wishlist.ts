import type { IslandTexts } from '../en/islands';

const wishlist: IslandTexts['wishlist'] = {
  loading: 'Inapakia vipendwa vyako…',
  tryAgain: 'Jaribu tena',
  empty: 'Orodha yako ya vipendwa iko tupu. Gusa moyo kwenye bidhaa yoyote ili kuihifadhi hapa.',
  browseProducts: 'Tazama bidhaa',
  onlyOnThisPhone: 'Orodha hii ya vipendwa imehifadhiwa kwenye simu hii pekee hadi utakapoingia.',
  keepOnAccount: '{logIn} au {register} ili kuihifadhi kwenye akaunti yako na kuiona kwenye simu yoyote.',
  logIn: 'Ingia',
  createAnAccount: 'fungua akaunti',
  was: 'Ilikuwa',
  waiting: 'Inasubiri mtandao — itatumwa utakaporudi mtandaoni',
  chooseOnProductPage: '{reason} kwenye {link}.',
  productPage: 'ukurasa wa bidhaa',
  moveToCart: 'Hamishia kikapuni',
  remove: 'Ondoa',
  removed: 'Imeondolewa kwenye vipendwa',
  addToCartFailed: 'Imeshindikana kuweka kwenye kikapu',
  addFailed: 'Imeshindikana kuweka kwenye vipendwa',
  removeFailed: 'Imeshindikana kuondoa kwenye vipendwa',
  loadFailed: 'Imeshindikana kupakia vipendwa',
};

export default wishlist;
