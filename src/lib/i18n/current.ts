/**
 * The language islands, stores and page scripts speak: the page's own. In the browser it is the page's
 * `<html lang>`; on the server, the request's (the middleware tells this module how to read it, since
 * `src/lib` cannot reach the server). Only English is in the islands' bundle; a Luganda or Swahili page's
 * islands wait for their catalogue, one cached file per language, before they wake (src/islands/error/react-client.ts).
 */
import { islands as english, type IslandTexts } from './en/islands';
import { DEFAULT_LANGUAGE, languageOfTag, type Language } from './languages';
import { translator, type Translator } from './translate';

const loaded: Partial<Record<Language, IslandTexts>> = { en: english };
const loaders: Record<Exclude<Language, 'en'>, () => Promise<{ islands: IslandTexts }>> = {
  lg: () => import('./lg/islands'),
  sw: () => import('./sw/islands'),
};

let requestLanguage: () => Language | undefined = () => undefined;

/** Server only: how to read the language of the request being rendered. */
export function readRequestLanguageWith(read: () => Language | undefined): void {
  requestLanguage = read;
}

export function currentLanguage(): Language {
  if (typeof document !== 'undefined') return languageOfTag(document.documentElement.lang);
  return requestLanguage() ?? DEFAULT_LANGUAGE;
}

/** Makes `language`'s island texts ready; resolves at once when they are. */
export async function loadIslandTexts(language: Language = currentLanguage()): Promise<void> {
  if (loaded[language] || language === 'en') return;
  loaded[language] = (await loaders[language]()).islands;
}

/** Server only: gives the island texts of every language at start, so islands render in any language at once. */
export function provideIslandTexts(language: Language, texts: IslandTexts): void {
  loaded[language] = texts;
}

/**
 * The translator islands use, in the page's language. English words until the page's own have loaded, which
 * happens before any island wakes.
 */
export function islandTranslator(): Translator<IslandTexts> {
  const language = currentLanguage();
  const texts = loaded[language];
  return translator(language, texts ?? english);
}
