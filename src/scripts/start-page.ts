/**
 * What every page runs at start: a check that the page has its root element (where the store's content
 * lives), reported as the spec's 'Failed to find the root element' when it is missing; for a logged-in
 * shopper, their saved hearts; and, once the page is idle, the performance monitor and the service worker. Each loads its code
 * only when needed, so this stays tiny.
 */
import { newErrorId } from '~/lib/error-report-rules';
import { WISHLIST_HEART_ATTRIBUTE } from '~/lib/wishlist-state';
import { ERROR_SCREEN_MESSAGES } from '~/lib/messages/error-screen-messages';

export const ROOT_ELEMENT_ID = 'main';

export function startPage(): void {
  if (!document.getElementById(ROOT_ELEMENT_ID)) {
    const error = new Error(ERROR_SCREEN_MESSAGES.rootMissing);
    console.error(error);
    void import('~/islands/error/report').then(({ reportCrash }) => reportCrash(error, { id: newErrorId(), time: new Date().toISOString() }));
  }
  if (document.documentElement.dataset.auth === 'in' && document.querySelector(`[${WISHLIST_HEART_ATTRIBUTE}]`)) {
    void import('./saved-hearts').then(({ showSavedHearts }) => showSavedHearts());
  }
  const whenIdle = window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 2000));
  whenIdle(() => void import('./performance-monitor').then(({ startPerformanceMonitor }) => startPerformanceMonitor()).catch(() => {}));
  if (import.meta.env.PROD && 'serviceWorker' in navigator) {
    whenIdle(() => void import('./service-worker-client').then(({ startServiceWorker }) => startServiceWorker()).catch(() => {}));
  }
}
