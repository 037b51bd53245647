/**
 * What every page runs at start: a check that the page has its root element (where the store's content
 * lives), reported as the spec's 'Failed to find the root element' when it is missing; the wishlist's
 * saved hearts and changes waiting to be sent (wishlist-start.ts); a Luganda or Swahili page's texts at the first
 * touch; and, once the page is idle, the performance monitor and the service worker. Each loads its code only
 * when needed, so this stays tiny.
 */
import { newErrorId } from '~/lib/error-report-rules';
import { startWishlist } from './wishlist-start';
import { ERROR_SCREEN_MESSAGES } from '~/lib/messages/error-screen-messages';
import { BROWSING_TEXT_LOADERS } from '~/lib/i18n/browsing-text-loaders';
import type { Language } from '~/lib/i18n/languages';

export const ROOT_ELEMENT_ID = 'main';

/** The events that wake an island (src/directives/interaction.ts). */
const WAKING_EVENTS = ['pointerenter', 'focusin', 'touchstart', 'change'] as const;

/**
 * On a Luganda or Swahili page, the first touch also asks for the language's browsing texts, beside the island's
 * own file and React's, rather than after React has arrived and asked for them (a round trip less).
 */
function fetchTextsAtFirstTouch(): void {
  // The language from <html lang> ("lg-UG") read here rather than with page-language.ts, which would bring the
  // languages' table into every page's start.
  const loadTexts = BROWSING_TEXT_LOADERS[document.documentElement.lang.split('-')[0] as Language];
  if (!loadTexts) return;
  const fetchTexts = () => {
    for (const type of WAKING_EVENTS) document.removeEventListener(type, fetchTexts, true);
    void loadTexts().catch(() => {});
  };
  for (const type of WAKING_EVENTS) document.addEventListener(type, fetchTexts, { capture: true, passive: true });
}

export function startPage(): void {
  if (!document.getElementById(ROOT_ELEMENT_ID)) {
    const error = new Error(ERROR_SCREEN_MESSAGES.rootMissing);
    console.error(error);
    void import('~/islands/error/report').then(({ reportCrash }) => reportCrash(error, { id: newErrorId(), time: new Date().toISOString() }));
  }
  startWishlist();
  fetchTextsAtFirstTouch();
  const whenIdle = window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 2000));
  whenIdle(() => void import('./performance-monitor').then(({ startPerformanceMonitor }) => startPerformanceMonitor()).catch(() => {}));
  if (import.meta.env.PROD && 'serviceWorker' in navigator) {
    whenIdle(() => void import('./service-worker-client').then(({ startServiceWorker }) => startServiceWorker()).catch(() => {}));
  }
}
