/**
 * Replies that are not pages (the JSON API, pictures, sitemaps) get a Content-Security-Policy that
 * allows nothing, so none of them can ever run as a document or be framed. Pages keep the policy Astro
 * made for them (astro.config.mjs, `security.csp`); the other security headers come from the HTTP
 * server for every response (src/server/http/security-headers.ts). Public replies that must be revalidated
 * get an ETag (src/server/http/etag.ts). Importing src/server/react-islands.ts marks the islands for
 * Astro's renderer before any page renders.
 *
 * An address with a control character in its query or path is refused here with 400 naming the parameter (an
 * envelope on the API, a line of text for a page), the rule every body follows too (src/server/input-fields.ts).
 *
 * Pages learn their data-saver mode here and only here (`Astro.locals.dataSaver`, from the same function the
 * page cache keys pages by: src/lib/data-saver.ts), and say they vary by it (`Vary: Save-Data`).
 *
 * The route pattern that answers (`/product/[id]`) names the request in the metrics and the access log
 * (src/server/monitoring/request-context.ts).
 *
 * Pages learn their language here too: the first segment of the address the shopper asked for (`/lg/...`,
 * `/sw/...`; Astro's i18n routing renders the English page there, astro.config.mjs), as `Astro.locals.i18n`,
 * and islands rendered with the page speak it (src/server/http/request-language.ts).
 *
 * Loading it registers the subscribers to the store's events (texts, mails, edge purges) when the start script
 * has not (src/server/events/subscribers.ts).
 */
import { defineMiddleware } from 'astro:middleware';
import { NON_PAGE_POLICY } from '~/server/http/security-headers';
import { withEtag } from '~/server/http/etag';
import { addressRefusal } from '~/server/http/params';
import { fail } from '~/server/http/envelope';
import { replyingTo } from '~/server/http/reply-language';
import { sayMessage } from '~/lib/messages/say-message';
import { dataSaverOf } from '~/lib/data-saver';
import { languageOfPath } from '~/lib/i18n/languages';
import { pageTranslator } from '~/lib/i18n/catalogues';
import { speakingIn } from '~/server/http/request-language';
import { nameRoute } from '~/server/monitoring/request-context';
import { startSubscribers } from '~/server/events/subscribers';
import '~/server/react-islands';

// The start script registered them already; `astro dev` has no start script.
startSubscribers();

const POLICY_HEADER = 'Content-Security-Policy';

export const onRequest = defineMiddleware(async ({ request, locals, originPathname, routePattern }, next) => {
  nameRoute(routePattern);
  locals.dataSaver = dataSaverOf(request.headers.get('Save-Data'), request.headers.get('Cookie'));
  const language = languageOfPath(originPathname);
  locals.i18n = pageTranslator(language);
  // A control character in the address is refused before any page or endpoint reads it, as in a body (body.ts).
  const refusal = addressRefusal(new URL(request.url));
  if (refusal) {
    if (new URL(request.url).pathname.startsWith('/api/'))
      return replyingTo(request, () => fail(400, refusal, null, { headers: { [POLICY_HEADER]: NON_PAGE_POLICY } }));
    return new Response(sayMessage(refusal, language), {
      status: 400,
      headers: { 'Content-Type': 'text/plain; charset=utf-8', [POLICY_HEADER]: NON_PAGE_POLICY },
    });
  }
  const response = await withEtag(request, await speakingIn(language, next));
  const isPage = response.headers.get('content-type')?.startsWith('text/html') ?? false;
  if (isPage) {
    response.headers.append('Vary', 'Save-Data');
    return language === 'en' ? response : answeredInLanguage(response);
  }
  if (response.headers.has(POLICY_HEADER)) return response;
  try {
    response.headers.set(POLICY_HEADER, NON_PAGE_POLICY);
    return response;
  } catch {
    // Some responses (Response.redirect, a fetched one) have headers that cannot change: copy it.
    const copy = new Response(response.body, response);
    copy.headers.set(POLICY_HEADER, NON_PAGE_POLICY);
    return copy;
  }
});

/**
 * A page in Luganda or Swahili is the English route rendered at the prefixed address (i18n `fallbackType:
 * 'rewrite'`), and Astro gives that reply the status it would give a fallback redirect (302) though it carries
 * the page and no Location. Such a reply is the page: 200. A real redirect (with a Location) or an error stays.
 */
function answeredInLanguage(response: Response): Response {
  if (response.status !== 302 || response.headers.has('Location')) return response;
  return new Response(response.body, { status: 200, headers: response.headers });
}
