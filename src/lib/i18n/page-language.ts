/**
 * The language of the page being shown, with no texts attached (the API client and the stores need only this):
 * in the browser the page's `<html lang>`; on the server the request's, which the middleware tells this module
 * how to read (src/server/http/request-language.ts), since `src/lib` cannot reach the server.
 */
import { DEFAULT_LANGUAGE, languageOfTag, type Language } from './languages';

let requestLanguage: () => Language | undefined = () => undefined;

/** Server only: how to read the language of the request being rendered. */
export function readRequestLanguageWith(read: () => Language | undefined): void {
  requestLanguage = read;
}

export function currentLanguage(): Language {
  if (typeof document !== 'undefined') return languageOfTag(document.documentElement.lang);
  return requestLanguage() ?? DEFAULT_LANGUAGE;
}
