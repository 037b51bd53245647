/**
 * The tags an edge cache (Varnish's xkey, Cloudflare's Cache-Tag) keeps replies under, and the tags a write
 * purges there. Pages carry the page cache's own tags (./page-tags.ts). The public API replies carry a tag per
 * family of cached reads they show (`api:product`, ...): a write that drops a read-cache key prefix
 * (./purge.ts's `reads`) purges every family whose keys that prefix can name, so an API reply leaves the edge
 * whenever the read behind it leaves the read cache. Every reply kept at the edge also carries `all`, which
 * a write too large to name purges instead of its many tags.
 */
import { config } from '../config';
/** Carried by every reply the edge may keep; purged alone when a change names too many tags. */
export const EDGE_ALL_TAG = 'all';

/** The families of cached reads behind the public API, by the read-cache key prefix their keys start with. */
const API_READ_FAMILIES = {
  products: { keys: 'products:', tag: 'api:products' },
  product: { keys: 'product:', tag: 'api:product' },
  categories: { keys: 'categories:list', tag: 'api:categories' },
  commissionRates: { keys: 'categories:commission-rates', tag: 'api:commission-rates' },
  vendors: { keys: 'vendors:', tag: 'api:vendors' },
  filters: { keys: 'filters:', tag: 'api:filters' },
  search: { keys: 'search:', tag: 'api:search' },
  manifest: { keys: 'manifest:', tag: 'api:manifest' },
} as const;

export type ApiReadFamily = keyof typeof API_READ_FAMILIES;

/** The edge tags of an API reply that shows these families of cached reads. */
export function apiTags(...families: ApiReadFamily[]): string[] {
  return families.map((family) => API_READ_FAMILIES[family].tag);
}

/** More tags than this, or a longer xkey header, and the purge names `all` instead (Varnish's header limit is 8 KB). */
const MAX_PURGE_TAGS = 90;
const MAX_PURGE_CHARS = 2000;

/** Whether a dropped read-key prefix names some keys of a family (either may be the shorter). */
const overlaps = (prefix: string, keys: string) => keys.startsWith(prefix) || prefix.startsWith(keys);

/** The tags to purge at the edge for a change: its page tags and the API families its dropped reads name. */
export function edgeTagsOf({ reads, pages }: { reads: readonly string[]; pages: readonly string[] }): string[] {
  const tags = new Set(pages);
  for (const { keys, tag } of Object.values(API_READ_FAMILIES)) if (reads.some((prefix) => overlaps(prefix, keys))) tags.add(tag);
  const named = [...tags];
  if (named.length > MAX_PURGE_TAGS || named.join(' ').length > MAX_PURGE_CHARS) return [EDGE_ALL_TAG];
  return named;
}

/** How long the edge keeps a reply at most (EDGE_CACHE_SECONDS, an hour unless set): a lost purge heals by then. */
export const edgeCacheSeconds = (): number => config.EDGE_CACHE_SECONDS;

/**
 * The headers that let an edge keep a reply: for at most `maxSeconds` (never longer than EDGE_CACHE_SECONDS),
 * under `tags` and `all`, space-separated in `xkey` for Varnish. Cloudflare's comma-separated `Cache-Tag` is
 * written from `xkey` as the reply leaves (src/server/http/edge-headers.ts): Astro drops a route's own Cache-Tag.
 */
export function edgeKeeps(tags: readonly string[], maxSeconds = Infinity): Record<string, string> {
  const seconds = Math.max(1, Math.min(edgeCacheSeconds(), Math.round(maxSeconds)));
  return { 'Surrogate-Control': `max-age=${seconds}`, xkey: [...new Set([EDGE_ALL_TAG, ...tags])].join(' ') };
}
