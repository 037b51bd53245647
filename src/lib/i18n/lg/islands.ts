import type { IslandTexts } from '../en/islands';
import common from './common';
import browse from './browse';
import reviews from './reviews';
import errors from './errors';

export const islands: IslandTexts = { common, browse, reviews, errors };
