/** The island texts every page may need: browsing, reviews, the cart drawer, hearts, toasts and errors. */
import common from './common';
import browse from './browse';
import reviews from './reviews';
import errors from './errors';
import cart from './cart';
import wishlist from './wishlist';

export const browsing = { common, browse, reviews, errors, cart, wishlist };
