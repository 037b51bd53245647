import { CART_MESSAGES } from '../../messages/cart-messages';
import { QUEUED_CHANGE_MESSAGES } from '../../messages/queued-change-messages';
import { WISHLIST_MESSAGES } from '../../messages/wishlist-messages';

/** The wishlist pages and the wishlist's own problems (src/islands/wishlist/WishlistPage.tsx, src/stores/wishlist.ts). */
export default {
  loading: 'Loading your wishlist…',
  tryAgain: 'Try again',
  empty: 'Your wishlist is empty. Tap the heart on any product to save it here.',
  browseProducts: 'Browse products',
  onlyOnThisPhone: WISHLIST_MESSAGES.onlyOnThisPhone,
  keepOnAccount: '{logIn} or {register} to keep it on your account and see it on any phone.',
  logIn: 'Log in',
  createAnAccount: 'create an account',
  was: 'Was',
  waiting: QUEUED_CHANGE_MESSAGES.waiting,
  chooseOnProductPage: '{reason} on the {link}.',
  productPage: 'product page',
  moveToCart: 'Move to cart',
  remove: 'Remove',
  removed: 'Removed from wishlist',
  addToCartFailed: CART_MESSAGES.addFailed,
  addFailed: WISHLIST_MESSAGES.addFailed,
  removeFailed: WISHLIST_MESSAGES.removeFailed,
  loadFailed: WISHLIST_MESSAGES.loadFailed,
};
