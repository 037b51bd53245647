/**
 * What every page runs at start: a check that the page has its root element (where the store's content
 * lives), reported as the spec's 'Failed to find the root element' when it is missing, and, once the
 * page is idle, the performance monitor. Both load their code only when needed, so this stays tiny.
 */
import { newErrorId, ROOT_ELEMENT_MISSING } from '~/lib/error-reports';

export const ROOT_ELEMENT_ID = 'main';

export function startPage(): void {
  if (!document.getElementById(ROOT_ELEMENT_ID)) {
    const error = new Error(ROOT_ELEMENT_MISSING);
    console.error(error);
    void import('~/islands/error/report').then(({ reportCrash }) => reportCrash(error, { id: newErrorId(), time: new Date().toISOString() }));
  }
  const whenIdle = window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 2000));
  whenIdle(() => void import('./performance-monitor').then(({ startPerformanceMonitor }) => startPerformanceMonitor()).catch(() => {}));
}
