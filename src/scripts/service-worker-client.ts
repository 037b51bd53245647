/**
 * The page's side of the service worker (src/service-worker/sw.ts): registers it, and the first time it takes
 * over, asks it to keep this page and the built files and pictures the page loaded before it was there, so
 * the first page a shopper saw opens offline too. Most of these come from the browser's own cache.
 */

/** The address the worker is served from (built by src/integrations/app-shell.ts). Kept here, not in lib/offline.ts, so registering loads nothing more. */
export const SERVICE_WORKER_PATH = '/sw.js';

const KEPT_FILES = /^\/(_astro|img|storage\/images)\//;

function keepThisPage(worker: ServiceWorker): void {
  const files = performance
    .getEntriesByType('resource')
    .map((entry) => new URL(entry.name))
    .filter((url) => url.origin === location.origin && KEPT_FILES.test(url.pathname))
    .map((url) => url.href);
  const page = [location.href.split('#')[0], { headers: { Accept: 'text/html' } }];
  worker.postMessage({ type: 'CACHE_URLS', payload: { urlsToCache: [page, ...new Set(files)] } });
}

export function startServiceWorker(): void {
  const { serviceWorker } = navigator;
  if (!serviceWorker.controller) {
    serviceWorker.addEventListener('controllerchange', () => serviceWorker.controller && keepThisPage(serviceWorker.controller), { once: true });
  }
  serviceWorker.register(SERVICE_WORKER_PATH).catch(() => {
    // Not allowed here (private mode, a blocked worker): the store works as before, only not offline.
  });
}
