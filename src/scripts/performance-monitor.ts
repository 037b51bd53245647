/**
 * The browser's performance monitor, loaded when the page is idle. It watches web vitals and resource
 * timings with PerformanceObserver (no web-vitals package: this must stay tiny for shoppers on costly
 * data) and posts what breaks the spec's thresholds to /api/metrics in batches with sendBeacon.
 *
 * Web vitals follow https://web.dev/articles/vitals, simplified:
 * - LCP: the last largest-contentful-paint candidate (browsers stop emitting them after input).
 * - CLS: the largest session window of layout shifts without recent input (shifts less than 1 s
 *   apart, a window at most 5 s long), as in https://web.dev/articles/cls.
 * - INP: the longest interaction seen (event timings over 40 ms, plus the first input), where the
 *   real INP takes a high percentile on pages with more than 50 interactions.
 * - FCP from paint timing; TTFB from navigation timing's responseStart.
 * Paints of a page loaded in a background tab are left out (they measure the tab, not the page).
 * They are sent once, with their final values, when the page is first hidden. Nothing here may
 * ever throw into the page: every callback swallows its errors.
 */
import {
  ANALYTICS_ENABLED,
  MAX_METRICS_BODY_BYTES,
  MAX_METRICS_PER_BATCH,
  MAX_METRIC_DETAIL,
  MAX_METRIC_TEXT,
  METRICS_ENDPOINT,
  MetricBuffer,
  PERFORMANCE_THRESHOLDS,
  metricsFromResource,
  rateVital,
  type Metric,
  type WebVitalName,
} from '~/lib/performance';

export type PerformanceMonitorOptions = {
  /** Where reports go (default /api/metrics). */
  endpoint?: string;
  /** How many metrics are sent together; a full batch is sent at once (default 50). */
  batchSize?: number;
};

/* Entry fields read below, typed loosely: several entry types are missing from older DOM typings. */
type Entry = PerformanceEntry & {
  value: number;
  hadRecentInput: boolean;
  interactionId?: number;
  responseStart: number;
  activationStart?: number;
  loadEventEnd: number;
  type: string;
  initiatorType: string;
  transferSize?: number;
};

let started = false;

export function startPerformanceMonitor(options: PerformanceMonitorOptions = {}): void {
  try {
    if (started || !ANALYTICS_ENABLED || typeof PerformanceObserver == 'undefined') return;
    started = true;
    const endpoint = options.endpoint ?? METRICS_ENDPOINT;
    const batchSize = options.batchSize ?? MAX_METRICS_PER_BATCH;
    const page = location.pathname.slice(0, MAX_METRIC_TEXT);
    const buffer = new MetricBuffer();
    const vitals: Partial<Record<WebVitalName, number>> = {};
    const hiddenAt = document.visibilityState == 'hidden' ? 0 : Infinity;
    let vitalsSent = false;
    let session = 0;
    let sessionStart = 0;
    let sessionEnd = 0;

    const send = (metrics: Metric[]): void => {
      const body = new Blob([JSON.stringify({ metrics })], { type: 'application/json' });
      if (body.size > MAX_METRICS_BODY_BYTES && metrics.length > 1) {
        const half = metrics.length >> 1;
        send(metrics.slice(0, half));
        send(metrics.slice(half));
        return;
      }
      try {
        // Older Chromes throw on a JSON Blob; false means the browser refused to queue it.
        if (navigator.sendBeacon(endpoint, body)) return;
      } catch {}
      fetch(endpoint, { method: 'POST', body, keepalive: true }).catch(() => {});
    };

    const flush = (): void => {
      const metrics = buffer.drain();
      for (let i = 0; i < metrics.length; i += batchSize) send(metrics.slice(i, i + batchSize));
    };

    const add = (metrics: Metric[]): void => {
      if (metrics.length && buffer.add(...metrics) >= batchSize) flush();
    };

    const observe = (type: string, handle: (entry: Entry) => void, init?: object): boolean => {
      try {
        if (!PerformanceObserver.supportedEntryTypes?.includes(type)) return false;
        new PerformanceObserver((list) => {
          try {
            for (const entry of list.getEntries()) handle(entry as Entry);
          } catch {}
        }).observe({ type, buffered: true, ...init });
        return true;
      } catch {
        return false;
      }
    };

    const paint = (name: WebVitalName) => (entry: Entry) => {
      if (entry.startTime < hiddenAt) vitals[name] = entry.startTime;
    };

    const interaction = (entry: Entry): void => {
      if (entry.interactionId) vitals.INP = Math.max(vitals.INP ?? 0, entry.duration);
    };

    const firstContentfulPaint = paint('FCP');
    observe('largest-contentful-paint', paint('LCP'));
    observe('paint', (entry) => entry.name == 'first-contentful-paint' && firstContentfulPaint(entry));
    if (
      observe('layout-shift', (entry) => {
        if (entry.hadRecentInput) return;
        if (session && entry.startTime - sessionEnd < 1000 && entry.startTime - sessionStart < 5000) session += entry.value;
        else [session, sessionStart] = [entry.value, entry.startTime];
        sessionEnd = entry.startTime;
        vitals.CLS = Math.max(vitals.CLS ?? 0, session);
      })
    ) {
      vitals.CLS = 0;
    }
    observe('event', interaction, { durationThreshold: 40 });
    observe('first-input', interaction);
    observe('navigation', (entry) => {
      vitals.TTFB = Math.max(entry.responseStart - (entry.activationStart || 0), 0);
      if (entry.loadEventEnd > PERFORMANCE_THRESHOLDS.slowPageMs) {
        add([
          {
            kind: 'slow-page',
            name: 'load',
            value: Math.round(entry.loadEventEnd),
            url: page,
            detail: entry.type.slice(0, MAX_METRIC_DETAIL),
            time: Date.now(),
          },
        ]);
      }
    });
    observe('resource', (entry) => add(metricsFromResource(entry, page, Date.now())));

    const hide = (): void => {
      try {
        if (!vitalsSent) {
          vitalsSent = true;
          for (const [name, value] of Object.entries(vitals) as [WebVitalName, number][]) {
            buffer.add({
              kind: 'web-vital',
              name,
              value: name == 'CLS' ? +value.toFixed(4) : Math.round(value),
              rating: rateVital(name, value),
              url: page,
              time: Date.now(),
            });
          }
        }
        flush();
      } catch {}
    };
    addEventListener('visibilitychange', () => document.visibilityState == 'hidden' && hide(), true);
    addEventListener('pagehide', hide, true);
  } catch {}
}
