/**
 * What every page runs at start: a check that the page has its root element (where the store's content
 * lives), reported as the spec's 'Failed to find the root element' when it is missing; the wishlist's
 * saved hearts and changes waiting to be sent (wishlist-start.ts); and, once the page is idle, the
 * performance monitor and the service worker. Each loads its code only when needed, so this stays tiny.
 */
import { newErrorId } from '~/lib/error-report-rules';
import { startWishlist } from './wishlist-start';
import { ERROR_SCREEN_MESSAGES } from '~/lib/messages/error-screen-messages';

export const ROOT_ELEMENT_ID = 'main';

export function startPage(): void {
  if (!document.getElementById(ROOT_ELEMENT_ID)) {
    const error = new Error(ERROR_SCREEN_MESSAGES.rootMissing);
    console.error(error);
    void import('~/islands/error/report').then(({ reportCrash }) => reportCrash(error, { id: newErrorId(), time: new Date().toISOString() }));
  }
  startWishlist();
  const whenIdle = window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 2000));
  whenIdle(() => void import('./performance-monitor').then(({ startPerformanceMonitor }) => startPerformanceMonitor()).catch(() => {}));
  if (import.meta.env.PROD && 'serviceWorker' in navigator) {
    whenIdle(() => void import('./service-worker-client').then(({ startServiceWorker }) => startServiceWorker()).catch(() => {}));
  }
}
