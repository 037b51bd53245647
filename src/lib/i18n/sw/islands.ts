import type { IslandTexts } from '../en/islands';
import common from './common';
import browse from './browse';
import reviews from './reviews';
import errors from './errors';
import cart from './cart';
import checkout from './checkout';
import account from './account';
import auth from './auth';
import wishlist from './wishlist';

export const islands: IslandTexts = { common, browse, reviews, errors, cart, checkout, account, auth, wishlist };
