/**
 * The English texts islands, stores and page scripts show: one area per part of the store. They go to the
 * browser (English in the islands' bundle, the other languages as one file each), so texts only pages
 * show belong in ./index.ts instead.
 */
import type { Shape } from '../translate';
import common from './common';
import browse from './browse';
import reviews from './reviews';
import errors from './errors';
import cart from './cart';
import checkout from './checkout';
import account from './account';
import auth from './auth';
import wishlist from './wishlist';

export const islands = { common, browse, reviews, errors, cart, checkout, account, auth, wishlist };

export type IslandTexts = Shape<typeof islands>;
