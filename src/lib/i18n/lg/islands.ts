import type { IslandTexts } from '../en/islands';
import { browsing } from './browsing';
import { buying } from './buying';

export const islands: IslandTexts = { ...browsing, ...buying };
