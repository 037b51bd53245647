import type { IslandTexts } from '../en/islands';
import common from './common';
import cart from './cart';
import checkout from './checkout';
import account from './account';
import auth from './auth';
import wishlist from './wishlist';

export const islands: IslandTexts = { common, cart, checkout, account, auth, wishlist };
