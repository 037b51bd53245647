import type { Texts } from '../en';
import { islands } from './islands';
import layout from './layout';

export const lg: Texts = { ...islands, layout };
