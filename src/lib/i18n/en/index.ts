/**
 * Every English text of the store's interface, by area. The Luganda and Swahili catalogues (../lg, ../sw)
 * have the same shape, which the type checker and tests/unit/i18n-catalogues.test.ts hold them to. A spec
 * text is named from its table in src/lib/messages, never spelled out here.
 */
import type { Shape } from '../translate';
import { islands } from './islands';
import layout from './layout';
import storefront from './storefront';
import shopping from './shopping';
import notify from './notify';
import pages from './pages';
import ussd from './ussd';
import auth from './auth';

export const en = { ...islands, layout, storefront, shopping, notify, pages, ussd, auth };

export type Texts = Shape<typeof en>;
