import type { Texts } from '../en';
import { islands } from './islands';
import layout from './layout';
import pages from './pages';

export const lg: Texts = { ...islands, layout, pages };
