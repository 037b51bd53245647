/**
 * The language of the page being rendered, for islands rendered on the server: the middleware runs each page
 * inside `speakingIn(language, ...)`, and src/lib/i18n/page-language.ts reads it back while React renders the
 * page's islands. Every language's island texts are given at start, so no island waits for a file here.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { LANGUAGES, type Language } from '../../lib/i18n/languages';
import { provideIslandTexts } from '../../lib/i18n/current';
import { readRequestLanguageWith } from '../../lib/i18n/page-language';
import { CATALOGUES } from '../../lib/i18n/catalogues';

const requestLanguage = new AsyncLocalStorage<Language>();

readRequestLanguageWith(() => requestLanguage.getStore());
for (const language of LANGUAGES) provideIslandTexts(language, CATALOGUES[language]);

/** Runs `render` (and everything it awaits) with `language` as the language islands speak. */
export function speakingIn<T>(language: Language, render: () => T): T {
  return requestLanguage.run(language, render);
}
