import type { IslandTexts } from '../en/islands';
import common from './common';

export const islands: IslandTexts = { common };
