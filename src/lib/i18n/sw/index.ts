import type { Texts } from '../en';
import { islands } from './islands';
import layout from './layout';
import shopping from './shopping';

export const sw: Texts = { ...islands, layout, shopping };
