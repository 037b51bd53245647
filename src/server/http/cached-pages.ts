/**
 * Answers a request for a page that is fresh in the page cache straight from the HTTP server, before Astro
 * routes it: a cached product page then costs about what a file does. Everything else (misses, stale pages,
 * other methods) goes on to Astro, whose cache provider renders and keeps it (src/server/cache/page-cache-provider.ts).
 * The security headers are already on the response (serve.ts sets them first); the rest were kept with the page.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { getPageCache, pageKey } from '../cache/page-cache';
import { pageCacheLookups } from '../monitoring/prometheus';
import { cachedPageRoute, nameRouteFromMemory } from '../monitoring/request-context';

/** True when the request was answered from the cache. */
export function answerFromPageCache(request: IncomingMessage, response: ServerResponse): boolean {
  if ((request.method !== 'GET' && request.method !== 'HEAD') || !request.url?.startsWith('/')) return false;
  // Keyed exactly as Astro's cache provider keys it, data-saver mode included, so neither answers the other kind.
  const saveData = request.headers['save-data'];
  const cache = getPageCache();
  const key = pageKey(request.url, { saveData: Array.isArray(saveData) ? saveData.join(', ') : saveData, cookie: request.headers.cookie });
  const found = cache.lookup(key);
  // Misses and stale pages go on to Astro, whose cache provider counts them.
  if (!found?.fresh) return false;
  pageCacheLookups.inc({ result: 'hit' });
  nameRouteFromMemory(cachedPageRoute(found.entry) ?? '(page cache)');
  const reply = cache.answer(
    key,
    found.entry,
    { method: request.method, acceptEncoding: request.headers['accept-encoding'] ?? null, ifNoneMatch: request.headers['if-none-match'] ?? null },
    'HIT',
  );
  response.writeHead(reply.status, reply.headers);
  response.end(reply.body ?? undefined);
  return true;
}
