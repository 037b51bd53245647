/**
 * The language a request asks to be answered, mailed and texted in, from its Accept-Language (the islands' API
 * client sends its page's tag). Unlike `languageOfAcceptLanguage`, a client that names none of the store's
 * languages (fetch's default `*`, a French phone) gets null here, so it leaves a shopper's own choice alone
 * instead of turning it to English.
 */
import { languagesAskedFor, type Language } from '../../lib/i18n/languages';

/** The store's language the request's Accept-Language asks for, or null when it names none of them. */
export function askedLanguage(request: Request): Language | null {
  return languagesAskedFor(request.headers.get('accept-language'))[0] ?? null;
}
