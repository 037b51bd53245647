import { sameSitePath } from './same-site-path';
import { pathInLanguage, pathWithoutLanguage, type Language } from './i18n/languages';
import { currentLanguage } from './i18n/page-language';

/**
 * Where to go back to after logging in: only a path on this store, never another site, and in the language of
 * the page the shopper logs in on (a Luganda login returns to the Luganda page).
 */
export function safeRedirect(target: string | null | undefined, fallback = '/account', language: Language = currentLanguage()): string {
  const path = sameSitePath(target);
  if (!path || pathWithoutLanguage(path).startsWith('/auth/')) return pathInLanguage(language, fallback);
  return pathInLanguage(language, path);
}

/** The login page in the page's language, coming back to `returnTo` (a path on this store) afterwards. */
export function loginHref(returnTo: string, language: Language = currentLanguage()): string {
  return `${pathInLanguage(language, '/auth/login')}?redirect=${encodeURIComponent(pathInLanguage(language, returnTo))}`;
}
