/**
 * Cache-Control for GET replies. Anonymous catalogue reads may be kept by a CDN for the data's TTL
 * (s-maxage) and served stale while it refreshes; browsers keep them only briefly so prices and
 * stock shown to a shopper stay close to the truth.
 */
const BROWSER_MAX_AGE_SECONDS = 60;

export function publicCache(ttlMs: number): HeadersInit {
  const seconds = Math.round(ttlMs / 1000);
  return {
    'Cache-Control': `public, max-age=${Math.min(BROWSER_MAX_AGE_SECONDS, seconds)}, s-maxage=${seconds}, stale-while-revalidate=${seconds}`,
  };
}

export const privateNoStore: HeadersInit = { 'Cache-Control': 'private, no-store' };
