/**
 * How the browser loads a Luganda or Swahili page's browsing texts: one file per language. Apart from
 * ./current.ts, which carries the English browsing texts, so that every page's start script can ask for them at
 * the shopper's first touch (src/scripts/start-page.ts) without those.
 */
import type { IslandTexts } from './en/islands';
import type { Language } from './languages';

export const BROWSING_TEXT_LOADERS: Partial<Record<Language, () => Promise<Partial<IslandTexts>>>> = {
  lg: () => import('./lg/browsing').then((module) => module.browsing),
  sw: () => import('./sw/browsing').then((module) => module.browsing),
};
