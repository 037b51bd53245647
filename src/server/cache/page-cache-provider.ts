/**
 * Astro's route cache provider for the store (`cache.provider` in astro.config.mjs): routes say what to keep
 * with `Astro.cache.set({ maxAge, swr, tags })` (through cachePage in page-tags.ts), and the pages live in the
 * process's PageCache. Hits are usually answered before Astro by the HTTP server (src/server/serve.ts); this
 * answers the rest and keeps what is rendered.
 */
import type { CacheProvider } from 'astro';
import { getPageCache, pageKey, replyFrom, type PageCacheOptions, type ReplyRequest } from './page-cache';
import { pageCacheLookups } from '../monitoring/prometheus';
import { cachedPageRoute, nameRoute, rememberPageRoute } from '../monitoring/request-context';

/** The route's wishes as Astro passes them on: CDN-Cache-Control (max-age, stale-while-revalidate) and Cache-Tag. */
function routeOptions(response: Response): PageCacheOptions | null {
  const directives = response.headers.get('CDN-Cache-Control') ?? '';
  const seconds = (name: string) => Number(new RegExp(`${name}=(\\d+)`).exec(directives)?.[1] ?? 0);
  const maxAgeSeconds = seconds('max-age');
  if (maxAgeSeconds <= 0) return null;
  const tags = (response.headers.get('Cache-Tag') ?? '')
    .split(',')
    .map((tag) => tag.trim())
    .filter(Boolean);
  return { maxAgeSeconds, staleSeconds: seconds('stale-while-revalidate'), tags };
}

/**
 * A reply that belongs to one person, or that differs by who asks, is never kept. The data-saver mode (the
 * `Save-Data` header or the switch's cookie) is not a reason to skip a page: it is part of the page's key, so
 * each kind is kept apart and is the same for everyone in that mode. Pages say `Vary: Save-Data` but not
 * `Vary: Cookie`: they are sent `no-cache`, and the two kinds have different ETags, so a browser or CDN that
 * revalidates a copy of the other kind gets the right one.
 */
function sameForEveryone(response: Response): boolean {
  if (response.status !== 200 || response.headers.has('Set-Cookie')) return false;
  if (/\b(private|no-store)\b/i.test(response.headers.get('Cache-Control') ?? '')) return false;
  return !/(^|,)\s*(\*|cookie|authorization)\s*(,|$)/i.test(response.headers.get('Vary') ?? '');
}

function replyRequest(request: Request): ReplyRequest {
  return { method: request.method, acceptEncoding: request.headers.get('Accept-Encoding'), ifNoneMatch: request.headers.get('If-None-Match') };
}

function toResponse({ status, headers, body }: ReturnType<typeof replyFrom>): Response {
  const pairs: [string, string][] = [];
  for (let i = 0; i < headers.length; i += 2) pairs.push([headers[i]!, headers[i + 1]!]);
  return new Response(body ? new Uint8Array(body) : null, { status, headers: pairs });
}

export default function storePageCache(): CacheProvider {
  const cache = getPageCache();

  /**
   * Renders the page and keeps it when the route asked and the reply is the same for everyone. A request that
   * found nothing in the cache counts as a miss only then: replies never kept are not the cache's misses.
   */
  async function renderAndKeep(key: string, request: Request, next: () => Promise<Response>, lookedUp = false): Promise<Response> {
    const mark = cache.mark();
    const response = await next();
    const options = routeOptions(response);
    if (!options || request.method !== 'GET' || !sameForEveryone(response)) return response;
    const headers: [string, string][] = [];
    response.headers.forEach((value, name) => headers.push([name, value]));
    const body = Buffer.from(await response.arrayBuffer());
    if (lookedUp) pageCacheLookups.inc({ result: 'miss' });
    const { reply, kept } = cache.store(key, { status: response.status, headers, body }, options, mark, replyRequest(request));
    // The page is in the cache before its first reply goes out, so the next request for it is a hit (its one
    // copy is the reply's own, so this does not wait).
    const entry = await kept.catch(() => undefined);
    if (entry) rememberPageRoute(entry);
    return toResponse(await reply);
  }

  return {
    name: 'store-pages',
    async onRequest({ request, url }, next) {
      if (request.method !== 'GET' && request.method !== 'HEAD') return next();
      const key = pageKey(url, { saveData: request.headers.get('Save-Data'), cookie: request.headers.get('Cookie') });
      const found = cache.lookup(key);
      if (!found) return renderAndKeep(key, request, next, true);
      pageCacheLookups.inc({ result: found.fresh ? 'hit' : 'stale' });
      nameRoute(cachedPageRoute(found.entry) ?? '(page cache)');
      if (!found.fresh && request.method === 'GET') cache.revalidate(key, () => renderAndKeep(key, request, next));
      return toResponse(cache.answer(key, found.entry, replyRequest(request), found.fresh ? 'HIT' : 'STALE'));
    },
    async invalidate({ tags, path }) {
      if (tags) cache.invalidate(Array.isArray(tags) ? tags : [tags]);
      if (path) cache.invalidatePath(path);
    },
  };
}
