import type { IslandTexts } from '../en/islands';

const wishlist: IslandTexts['wishlist'] = {
  loading: "Ebintu by'oyagala bijja…",
  tryAgain: 'Gezaako nate',
  empty: "Tolina kintu ky'otereseeko. Nyiga omutima ku kintu kyonna okukitereka wano.",
  browseProducts: 'Laba ebintu',
  onlyOnThisPhone: "Bye njagala bino bikuumibwa ku ssimu eno yokka okutuusa lw'oyingira.",
  keepOnAccount: '{logIn} oba {register} obitereke ku akawunti yo era obirabe ku ssimu yonna.',
  logIn: 'Yingira',
  createAnAccount: 'kola akawunti',
  was: 'Kyali',
  waiting: "Tulindirira intaneeti — kijja kuweerezebwa ng'okomyewo ku intaneeti",
  chooseOnProductPage: '{reason} ku {link}.',
  productPage: "lupapula lw'ekintu",
  moveToCart: 'Kiteeke mu kikapu',
  remove: 'Ggyamu',
  removed: 'Kiggyiddwa mu bye njagala',
  addToCartFailed: 'Okuteeka mu kikapu kulemye',
  addFailed: 'Okuteeka mu bye njagala kulemye',
  removeFailed: 'Okuggya mu bye njagala kulemye',
  loadFailed: 'Tetusobodde kulaga bye njagala',
};

export default wishlist;
