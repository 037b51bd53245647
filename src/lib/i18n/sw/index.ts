import type { Texts } from '../en';
import { islands } from './islands';
import layout from './layout';
import notify from './notify';

export const sw: Texts = { ...islands, layout, notify };
