import { apiTags, edgeKeeps, type ApiReadFamily } from '../cache/edge-tags';

/**
 * Cache-Control for GET replies. Public data may be stored by browsers and CDNs but is asked again every
 * time (`no-cache`, answered 304 by ETag when unchanged: src/middleware.ts and the page cache): the store
 * drops its own copies on every write, on every instance, but cannot reach into a browser's or a CDN's.
 */
export const revalidateEveryTime: HeadersInit = { 'Cache-Control': 'no-cache' };

/** One person's data: never stored anywhere but in the page that asked for it. */
export const privateNoStore: HeadersInit = { 'Cache-Control': 'private, no-store' };

/**
 * A public API reply that is the same for everyone: browsers revalidate it every time, and an edge cache may
 * keep it under the tags of the cached reads it shows (src/server/cache/edge-tags.ts), purged by the writes that
 * drop those reads. A request with a session, or naming a searcher, is never kept (./edge-headers.ts).
 */
export function sharedAtEdge(...families: ApiReadFamily[]): HeadersInit {
  return { 'Cache-Control': 'public, no-cache', ...edgeKeeps(apiTags(...families)) };
}
