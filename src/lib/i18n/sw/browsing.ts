import type { BrowsingTexts } from '../en/islands';
import common from './common';
import browse from './browse';
import reviews from './reviews';
import errors from './errors';
import cart from './cart';
import wishlist from './wishlist';

export const browsing: BrowsingTexts = { common, browse, reviews, errors, cart, wishlist };
