/**
 * What the service worker (src/service-worker/sw.ts) and the pages agree on: where the offline page is, the
 * worker's caches and its limits.
 */
export const OFFLINE_PAGE_PATH = '/offline';

/** The worker's caches. A new version of a name starts that cache afresh: the worker drops names it does not know. */
export const WORKER_CACHES = {
  /** The offline page and what it needs, kept when the worker is installed. */
  offline: 'offline-v1',
  pages: 'pages-v1',
  api: 'api-v1',
  pictures: 'pictures-v1',
  assets: 'assets-v1',
} as const;

/** How long a page or API call waits for the network before the phone's copy is shown instead. */
export const NETWORK_TIMEOUT_SECONDS = 3;

const DAY_SECONDS = 24 * 60 * 60;

/** Pictures are the biggest thing kept: about 60, none older than 30 days. */
export const PICTURES_KEPT = { maxEntries: 60, maxAgeSeconds: 30 * DAY_SECONDS } as const;
export const PAGES_KEPT = { maxEntries: 50, maxAgeSeconds: 30 * DAY_SECONDS } as const;
export const API_REPLIES_KEPT = { maxEntries: 100, maxAgeSeconds: 7 * DAY_SECONDS } as const;
export const ASSETS_KEPT = { maxEntries: 120, maxAgeSeconds: 90 * DAY_SECONDS } as const;

/** How many recently seen products the offline page lists. */
export const RECENT_PRODUCTS_SHOWN = 12;

/** Forgets what the worker kept from the API on this phone: a shopper logging out leaves nothing behind. */
export async function forgetKeptApiReplies(): Promise<void> {
  if (typeof caches === 'undefined') return;
  await caches.delete(WORKER_CACHES.api).catch(() => false);
}
