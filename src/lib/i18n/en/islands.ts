/**
 * The English texts islands, stores and page scripts show, in two groups that go to the browser apart: every
 * page's (./browsing.ts) and the buying pages' (./buying.ts), so a product page does not carry the checkout's
 * words. English browsing texts are in the islands' bundle; every other group is one cached file per language,
 * loaded before the page's islands wake (src/lib/i18n/current.ts). Texts only pages show belong in ./index.ts.
 */
import type { Shape } from '../translate';
import { browsing } from './browsing';
import { buying } from './buying';

export const islands = { ...browsing, ...buying };

export type IslandTexts = Shape<typeof islands>;
export type BrowsingTexts = Shape<typeof browsing>;
export type BuyingTexts = Shape<typeof buying>;
