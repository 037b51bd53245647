import type { Texts } from '../en';
import { islands } from './islands';
import layout from './layout';
import storefront from './storefront';

export const lg: Texts = { ...islands, layout, storefront };
