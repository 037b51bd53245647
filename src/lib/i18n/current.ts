/**
 * The texts islands, stores and page scripts speak, in the page's language (./page-language.ts). They reach the
 * browser in two groups (./en/islands.ts): every page's browsing texts, and the buying pages' texts, which only
 * pages whose layout marks them (`data-buying-texts` on <html>) load. English browsing texts are in the islands'
 * bundle; any other group is one cached file per language, loaded before an island wakes
 * (src/islands/error/react-client.ts). The server is given every language whole at start.
 */
import { browsing as englishBrowsing } from './en/browsing';
import type { IslandTexts } from './en/islands';
import { currentLanguage } from './page-language';
import type { Language } from './languages';
import { translator, type Translator } from './translate';
import { BROWSING_TEXT_LOADERS } from './browsing-text-loaders';

/** The attribute on <html> of a page whose islands need the buying texts. */
export const BUYING_TEXTS_ATTRIBUTE = 'data-buying-texts';

type Group = 'browsing' | 'buying';
type Loader = () => Promise<Partial<IslandTexts>>;

const loaders: Record<Group, Partial<Record<Language, Loader>>> = {
  browsing: BROWSING_TEXT_LOADERS,
  buying: {
    en: () => import('./en/buying').then((module) => module.buying),
    lg: () => import('./lg/buying').then((module) => module.buying),
    sw: () => import('./sw/buying').then((module) => module.buying),
  },
};

const loaded: Record<Language, Partial<IslandTexts>> = { en: { ...englishBrowsing }, lg: {}, sw: {} };
const groupsLoaded: Record<Language, Set<Group>> = { en: new Set(['browsing']), lg: new Set(), sw: new Set() };

function groupsOfThisPage(): Group[] {
  return typeof document !== 'undefined' && document.documentElement.hasAttribute(BUYING_TEXTS_ATTRIBUTE) ? ['browsing', 'buying'] : ['browsing'];
}

/** Makes the page's island texts ready in `language`; resolves at once when they are. */
export async function loadIslandTexts(language: Language = currentLanguage()): Promise<void> {
  for (const group of groupsOfThisPage()) {
    if (groupsLoaded[language].has(group)) continue;
    Object.assign(loaded[language], await loaders[group][language]!());
    groupsLoaded[language].add(group);
  }
}

/** Server only: gives a language's island texts whole at start, so islands render in any language at once. */
export function provideIslandTexts(language: Language, texts: IslandTexts): void {
  loaded[language] = texts;
  groupsLoaded[language] = new Set(['browsing', 'buying']);
}

/** The translator islands use, in the page's language (its texts are loaded before any island wakes). */
export function islandTranslator(): Translator<IslandTexts> {
  const language = currentLanguage();
  return translator(language, loaded[language] as IslandTexts);
}
