import type { Texts } from '../en';
import { islands } from './islands';
import layout from './layout';
import storefront from './storefront';
import shopping from './shopping';
import notify from './notify';
import pages from './pages';
import ussd from './ussd';
import auth from './auth';

export const lg: Texts = { ...islands, layout, storefront, shopping, notify, pages, ussd, auth };
