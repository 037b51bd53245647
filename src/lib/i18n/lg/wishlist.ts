import type { IslandTexts } from '../en/islands';

const wishlist: IslandTexts['wishlist'] = {
  loading: "Ebintu by'oyagala bijja…",
  tryAgain: 'Gezaako nate',
  empty: "Tolina kintu ky'otereseeko. Nyiga omutima ku kintu kyonna okukitereka wano.",
  browseProducts: 'Laba ebintu',
  onlyOnThisPhone: "Bino by'oyagala bikuumibwa ku ssimu eno yokka okutuusa lw'onooyingira.",
  keepOnAccount: '{logIn} oba {register} obitereke ku akawunti yo era obirabe ku ssimu yonna.',
  logIn: 'Yingira',
  createAnAccount: 'kola akawunti',
  was: 'Kyali',
  waiting: "Tulindirira intaneti — kijja kuweerezebwa ng'oddamu okuba ku intaneti",
  chooseOnProductPage: '{reason} ku {link}.',
  productPage: "lupapula lw'ekintu",
  moveToCart: 'Kiteeke mu kikapu',
  remove: 'Ggyamu',
  removed: 'Kiggyiddwa mu bye njagala',
  addToCartFailed: 'Tekisobodde kuteekebwa mu kikapu',
  addFailed: 'Tekisobodde kuterekebwa mu bye njagala',
  removeFailed: 'Tekisobodde kuggyibwa mu bye njagala',
  loadFailed: 'Bye njagala tebisobodde kujja',
};

export default wishlist;
