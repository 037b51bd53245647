/**
 * Answers a request for a page that is fresh in the page cache straight from the HTTP server, before Astro
 * routes it: a cached product page then costs about what a file does. Everything else (misses, stale pages,
 * other methods) goes on to Astro, whose cache provider renders and keeps it (src/server/cache/page-cache-provider.ts).
 * The security headers are already on the response (serve.ts sets them first); the rest were kept with the page.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { getPageCache, pageKey, replyFrom } from '../cache/page-cache';

/** True when the request was answered from the cache. */
export function answerFromPageCache(request: IncomingMessage, response: ServerResponse): boolean {
  if ((request.method !== 'GET' && request.method !== 'HEAD') || !request.url?.startsWith('/')) return false;
  // A plain path is its own key; anything with a query, an escape or a dot segment is read as a URL first.
  const plain = !/[?%]|\/\./.test(request.url);
  const found = getPageCache().lookup(plain ? request.url : pageKey(new URL(request.url, 'http://store')));
  if (!found?.fresh) return false;
  const reply = replyFrom(
    found.entry,
    { method: request.method, acceptEncoding: request.headers['accept-encoding'] ?? null, ifNoneMatch: request.headers['if-none-match'] ?? null },
    'HIT',
  );
  response.writeHead(reply.status, reply.headers);
  response.end(reply.body ?? undefined);
  return true;
}
