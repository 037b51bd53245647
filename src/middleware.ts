/**
 * Replies that are not pages (the JSON API, pictures, sitemaps) get a Content-Security-Policy that
 * allows nothing, so none of them can ever run as a document or be framed. Pages keep the policy Astro
 * made for them (astro.config.mjs, `security.csp`); the other security headers come from the HTTP
 * server for every response (src/server/http/security-headers.ts). Public replies that must be revalidated
 * get an ETag (src/server/http/etag.ts). Importing src/server/react-islands.ts marks the islands for
 * Astro's renderer before any page renders.
 *
 * Pages learn their data-saver mode here and only here (`Astro.locals.dataSaver`, from the same function the
 * page cache keys pages by: src/lib/data-saver.ts), and say they vary by it (`Vary: Save-Data`).
 */
import { defineMiddleware } from 'astro:middleware';
import { NON_PAGE_POLICY } from '~/server/http/security-headers';
import { withEtag } from '~/server/http/etag';
import { dataSaverOf } from '~/lib/data-saver';
import '~/server/react-islands';

const POLICY_HEADER = 'Content-Security-Policy';

export const onRequest = defineMiddleware(async ({ request, locals }, next) => {
  locals.dataSaver = dataSaverOf(request.headers.get('Save-Data'), request.headers.get('Cookie'));
  const response = await withEtag(request, await next());
  const isPage = response.headers.get('content-type')?.startsWith('text/html') ?? false;
  if (isPage) {
    response.headers.append('Vary', 'Save-Data');
    return response;
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
