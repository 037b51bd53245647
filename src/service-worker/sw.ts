/// <reference lib="webworker" />
/**
 * The store's service worker (built into /sw.js by src/integrations/app-shell.ts): keeps what the shopper saw
 * so it still opens without a connection.
 *
 * - Built scripts and styles (/_astro/, named by their content): from the phone first.
 * - Pictures: from the phone first, about 60 of them for up to 30 days.
 * - Pages: from the network, and after 3 s without an answer the phone's copy under the offline bar; a page
 *   the phone never kept gets the offline page, which lists the product pages it did keep. Both in the page's
 *   language: the offline page is kept in English at install and in another language once a page in it is kept.
 * - The API's GETs: from the network, and the phone's copy when the network is gone or slower than 3 s (the
 *   late answer still refreshes the copy). Not stale-while-revalidate: a price or stock the store just
 *   changed must show at once, so the copy stands in only when the network cannot answer.
 * - Only replies the store marks as the same for everyone are kept (not `private`, not `no-store`): nothing
 *   one shopper saw is shown to another. Writes are never touched: they go to the store, or fail.
 */
import { Route, Router } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';
import type { WorkboxPlugin } from 'workbox-core/types';
import {
  API_REPLIES_KEPT,
  ASSETS_KEPT,
  NETWORK_TIMEOUT_SECONDS,
  OFFLINE_PAGE_PATH,
  PAGES_KEPT,
  PICTURES_KEPT,
  RECENT_PRODUCTS_SHOWN,
  WORKER_CACHES,
} from '~/lib/offline';
import { QUEUED_CHANGES_SYNC_TAG, sendQueuedChanges } from '~/scripts/queued-changes';
import { DEFAULT_LANGUAGE, languageOfPath, pathInLanguage, pathWithoutLanguage, type Language } from '~/lib/i18n/languages';
import { builtFilesNamedIn, madeForSavingData, keptProductFrom, mostRecent, withOfflineBar, withRecentProducts, type KeptProduct } from './kept-pages';

declare const self: ServiceWorkerGlobalScope;

/** Keeps a reply only when it is whole, not a redirect, and the same for everyone. */
const onlyWhatIsPublic: WorkboxPlugin = {
  cacheWillUpdate: async ({ response }) => {
    if (response.status !== 200 || response.redirected) return null;
    return /\b(private|no-store)\b/i.test(response.headers.get('Cache-Control') ?? '') ? null : response;
  },
};

/** A page the phone kept says so when it is shown. */
const offlineBarOnKeptPages: WorkboxPlugin = {
  cachedResponseWillBeUsed: async ({ cachedResponse }) => (cachedResponse ? rewritten(cachedResponse, withOfflineBar) : cachedResponse),
};

/** When a page was kept, to the millisecond (its Date header counts only seconds): the offline page lists the latest first. */
const KEPT_AT = 'X-Kept-At';
const keptAtStamp: WorkboxPlugin = {
  cacheWillUpdate: async ({ response }) => {
    const headers = new Headers(response.headers);
    headers.set(KEPT_AT, String(Date.now()));
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  },
};

/**
 * A page kept brings the built files it needs, its islands' code included, so it works offline as it did
 * online. Not for a phone saving data: its islands work offline once they have been used.
 */
const builtFilesWithPages: WorkboxPlugin = {
  cacheDidUpdate: async ({ newResponse }) => {
    const html = await newResponse.text();
    if (!madeForSavingData(html)) await keepBuiltFiles(builtFilesNamedIn(html));
  },
};

/** A page kept in Luganda or Swahili brings the offline page in that language, the first time. */
const offlinePageInPageLanguage: WorkboxPlugin = {
  cacheDidUpdate: async ({ request }) => {
    const language = languageOfPath(new URL(request.url).pathname);
    if (!(await caches.match(offlinePagePath(language), { cacheName: WORKER_CACHES.offline }))) await keepOfflinePage(language).catch(() => {});
  },
};

const kept = (limits: { maxEntries: number; maxAgeSeconds: number }) => new ExpirationPlugin({ ...limits, purgeOnQuotaError: true });

// One copy per address: the store's Vary (encoding, Save-Data) names headers a worker's requests do not carry alike.
const oneCopyPerAddress = { ignoreVary: true };

const pages = new NetworkFirst({
  cacheName: WORKER_CACHES.pages,
  matchOptions: oneCopyPerAddress,
  networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS,
  plugins: [onlyWhatIsPublic, keptAtStamp, kept(PAGES_KEPT), offlineBarOnKeptPages, builtFilesWithPages, offlinePageInPageLanguage],
});
const apiReplies = new NetworkFirst({
  cacheName: WORKER_CACHES.api,
  matchOptions: oneCopyPerAddress,
  networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS,
  plugins: [onlyWhatIsPublic, kept(API_REPLIES_KEPT)],
});
const pictures = new CacheFirst({ cacheName: WORKER_CACHES.pictures, matchOptions: oneCopyPerAddress, plugins: [onlyWhatIsPublic, kept(PICTURES_KEPT)] });
const assets = new CacheFirst({ cacheName: WORKER_CACHES.assets, matchOptions: oneCopyPerAddress, plugins: [onlyWhatIsPublic, kept(ASSETS_KEPT)] });

const isPicture = (path: string) => path.startsWith('/img/') || path.startsWith('/storage/images/');
const isAsset = (path: string) => path.startsWith('/_astro/');
const isApi = (path: string) => path.startsWith('/api/');

const router = new Router();
// Pages: navigations, and the pages a window asks to keep (CACHE_URLS, sent with Accept: text/html).
router.registerRoute(
  new Route(
    ({ request, url, sameOrigin }) =>
      sameOrigin &&
      !isApi(url.pathname) &&
      !isAsset(url.pathname) &&
      !isPicture(url.pathname) &&
      (request.mode === 'navigate' || (request.headers.get('Accept') ?? '').includes('text/html')),
    pages,
  ),
);
router.registerRoute(new Route(({ url, sameOrigin }) => sameOrigin && isApi(url.pathname), apiReplies));
router.registerRoute(new Route(({ url, sameOrigin }) => sameOrigin && isPicture(url.pathname), pictures));
router.registerRoute(new Route(({ url, sameOrigin }) => sameOrigin && isAsset(url.pathname), assets));
router.setCatchHandler(async ({ request, url }) => {
  if (request.mode === 'navigate') return offlinePage(languageOfPath(url.pathname));
  return isPicture(url.pathname) ? missingPicture() : Response.error();
});
router.addFetchListener();
// A window the worker did not yet control when it loaded asks for its page and what it loaded to be kept.
router.addCacheListener();

/** Background Sync's event, which TypeScript's worker types do not name yet. */
type SyncEvent = ExtendableEvent & { readonly tag: string };

// Wishlist and review changes made offline are sent when the connection is back, even with the store's pages closed.
self.addEventListener('sync', (event) => {
  const sync = event as SyncEvent;
  if (sync.tag === QUEUED_CHANGES_SYNC_TAG) sync.waitUntil(sendQueuedChanges());
});

self.addEventListener('install', (event) => {
  event.waitUntil(keepOfflinePage(DEFAULT_LANGUAGE).then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  const known = new Set<string>(Object.values(WORKER_CACHES));
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((name) => !known.has(name)).map((name) => caches.delete(name))))
      .then(() => self.clients.claim()),
  );
});

const offlinePagePath = (language: Language) => pathInLanguage(language, OFFLINE_PAGE_PATH);

/** Keeps the offline page in `language` and the built files it needs, so it shows without a connection. */
async function keepOfflinePage(language: Language): Promise<void> {
  const path = offlinePagePath(language);
  // Without the cookies: a shopper who chose another language would be sent to that language's page instead.
  const response = await fetch(path, { cache: 'no-cache', credentials: 'omit' });
  if (!response.ok) throw new Error(`The offline page answered ${response.status}`);
  const html = await response.clone().text();
  // Its files first: once the page is kept it must work offline, Luganda and Swahili texts included.
  await keepBuiltFiles(builtFilesNamedIn(html));
  await (await caches.open(WORKER_CACHES.offline)).put(path, response);
}

/**
 * Each built file's keeping while this worker runs, resolving to the files it imports (null when it could not be
 * fetched, so it is tried again): their names carry their content, so each is fetched once, and a second caller
 * — the offline page kept while a page's files are — waits for the same keeping instead of passing it by.
 */
const builtFileKeeping = new Map<string, Promise<string[] | null>>();

function keepBuiltFile(cache: Cache, file: string): Promise<string[] | null> {
  const already = builtFileKeeping.get(file);
  if (already) return already;
  const keeping = (async () => {
    const keptCopy = await cache.match(file, oneCopyPerAddress);
    const response = keptCopy ?? (await fetch(file).catch(() => null));
    if (!response?.ok) return null;
    if (!keptCopy) await cache.put(file, response.clone());
    return file.endsWith('.js') ? builtFilesNamedIn(await response.text()) : [];
  })().catch(() => null);
  builtFileKeeping.set(file, keeping);
  void keeping.then((imports) => {
    if (imports === null) builtFileKeeping.delete(file);
  });
  return keeping;
}

/** Keeps the built files, and the files their scripts import in turn; resolves once all of them are kept. */
async function keepBuiltFiles(files: string[]): Promise<void> {
  const cache = await caches.open(WORKER_CACHES.assets);
  const seen = new Set(files);
  let next = [...seen];
  while (next.length > 0) {
    const imports = await Promise.all(next.map((file) => keepBuiltFile(cache, file)));
    next = [...new Set(imports.flatMap((named) => named ?? []))].filter((file) => !seen.has(file));
    for (const file of next) seen.add(file);
  }
}

/**
 * The offline page in `language` (English when the phone has not kept it in that one), listing the product pages
 * the phone kept in the same language, most recently seen first, with their kept pictures.
 */
async function offlinePage(language: Language): Promise<Response> {
  const inLanguage = await caches.match(offlinePagePath(language), { cacheName: WORKER_CACHES.offline });
  const page = inLanguage ?? (await caches.match(offlinePagePath(DEFAULT_LANGUAGE), { cacheName: WORKER_CACHES.offline }));
  if (!page) return Response.error();
  const [products, pictureAddresses] = await Promise.all([keptProducts(inLanguage ? language : DEFAULT_LANGUAGE), keptPictureAddresses()]);
  const pictureAddress = (file: string) => pictureAddresses.find((address) => address.endsWith(`/${encodeURIComponent(file)}`)) ?? null;
  return rewritten(page, (html) => withRecentProducts(html, mostRecent(products, RECENT_PRODUCTS_SHOWN), pictureAddress));
}

/** The product pages the phone kept in `language`. */
async function keptProducts(language: Language): Promise<KeptProduct[]> {
  const cache = await caches.open(WORKER_CACHES.pages);
  const requests = (await cache.keys()).filter(({ url }) => {
    const { pathname } = new URL(url);
    return languageOfPath(pathname) === language && pathWithoutLanguage(pathname).startsWith('/product/');
  });
  const products = await Promise.all(
    requests.map(async (request) => {
      const response = await cache.match(request, oneCopyPerAddress);
      if (!response) return null;
      const url = new URL(request.url);
      return keptProductFrom(await response.text(), url.pathname + url.search, Number(response.headers.get(KEPT_AT)) || 0);
    }),
  );
  return products.filter((product): product is KeptProduct => product !== null);
}

async function keptPictureAddresses(): Promise<string[]> {
  const cache = await caches.open(WORKER_CACHES.pictures);
  return (await cache.keys()).map((request) => new URL(request.url).pathname);
}

/** Stands in for a picture the phone did not keep: a plain grey box, where the page leaves room for the picture. */
function missingPicture(): Response {
  const box = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><rect width="1" height="1" fill="#eef0f3"/></svg>';
  return new Response(box, { headers: { 'Content-Type': 'image/svg+xml', 'Cache-Control': 'no-store' } });
}

/** The same reply with its HTML changed (its length and encoding headers no longer apply). */
async function rewritten(response: Response, change: (html: string) => string): Promise<Response> {
  const headers = new Headers(response.headers);
  headers.delete('Content-Length');
  headers.delete('Content-Encoding');
  return new Response(change(await response.text()), { status: response.status, statusText: response.statusText, headers });
}
