import type { Texts } from '../en';
import { islands } from './islands';
import layout from './layout';

export const sw: Texts = { ...islands, layout };
