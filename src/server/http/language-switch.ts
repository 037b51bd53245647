/**
 * The header's and footer's language switch: a plain form (it works without JavaScript) posting `language`
 * (en, lg or sw) and `back`, the page it was on. The answer remembers the choice in a cookie and sends the
 * browser to the same page in that language, always a path on this store. Forms from other sites are refused,
 * as the data-saver switch refuses them.
 */
import { Forbidden, Invalid } from '../errors';
import { readBody } from './body';
import { publicOrigin } from './origin';
import { fromOurPages } from './data-saver-switch';
import { isLanguage, LANGUAGE_COOKIE, LANGUAGE_COOKIE_DAYS, LANGUAGES, pathInLanguage, type Language } from '../../lib/i18n/languages';
import { sameSitePath } from '../../lib/same-site-path';
import { message } from '../../lib/messages/message';
import { fieldRefusal } from '../input-refusals';

/** The cookie that remembers `language`; Secure follows SITE_URL, as the other cookies' does. */
export function languageCookie(language: Language): string {
  const secure = publicOrigin().startsWith('https:') ? '; Secure' : '';
  return `${LANGUAGE_COOKIE}=${language}; Path=/; SameSite=Lax; Max-Age=${LANGUAGE_COOKIE_DAYS * 24 * 60 * 60}${secure}`;
}

/** Remembers the language and answers with the way to the page in it (303, so a reload does not post again). */
export async function switchLanguage(request: Request): Promise<Response> {
  if (!fromOurPages(request)) throw new Forbidden(message('language', 'notFromStore'));
  const body = await readBody(request);
  const language = body.language;
  if (!isLanguage(language)) throw new Invalid(fieldRefusal('language', message('field', 'oneOfThese', LANGUAGES.join(', '))));
  const back = sameSitePath(typeof body.back === 'string' ? body.back : null) ?? '/';
  return new Response(null, {
    status: 303,
    headers: { Location: pathInLanguage(language, back), 'Set-Cookie': languageCookie(language), 'Cache-Control': 'no-store' },
  });
}
