/**
 * Cache-Control for anonymous GET replies (API and pages). They may be kept by a CDN for the data's TTL
 * (s-maxage) and served stale while it refreshes; browsers keep them only briefly so prices and
 * stock shown to a shopper stay close to the truth.
 */
const BROWSER_MAX_AGE_SECONDS = 60;

export function publicCacheControl(ttlMs: number): string {
  const seconds = Math.round(ttlMs / 1000);
  return `public, max-age=${Math.min(BROWSER_MAX_AGE_SECONDS, seconds)}, s-maxage=${seconds}, stale-while-revalidate=${seconds}`;
}

export function publicCache(ttlMs: number): HeadersInit {
  return { 'Cache-Control': publicCacheControl(ttlMs) };
}

export const privateNoStore: HeadersInit = { 'Cache-Control': 'private, no-store' };

/** Public data that must reflect a write at once (reviews): stored, but asked again every time. */
export const revalidateEveryTime: HeadersInit = { 'Cache-Control': 'no-cache' };
