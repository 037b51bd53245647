/**
 * Performance rules shared by the browser monitor (src/scripts/performance-monitor.ts) and the server
 * that keeps its reports (src/server/monitoring/metrics.ts): the spec's thresholds, web vital ratings,
 * which resource timings are worth a report and the bounded buffer that holds them until they are sent.
 * Plain code without zod: it ships to every page, so every byte counts.
 */

/** The spec's thresholds. */
export const PERFORMANCE_THRESHOLDS = {
  slowResourceMs: 500,
  largeResourceBytes: 100 * 1024,
  slowPageMs: 3000,
  slowApiMs: 2000,
  maxMetrics: 100,
} as const;

export const ANALYTICS_ENABLED = true;

/**
 * Google's published "good / needs improvement / poor" limits (https://web.dev/articles/vitals, and
 * each vital's own article): a value up to the first limit is good, above the second is poor.
 * Milliseconds, except CLS, which has no unit.
 */
export const WEB_VITAL_THRESHOLDS = {
  LCP: [2500, 4000],
  INP: [200, 500],
  CLS: [0.1, 0.25],
  FCP: [1800, 3000],
  TTFB: [800, 1800],
} as const satisfies Record<string, readonly [number, number]>;

export type WebVitalName = keyof typeof WEB_VITAL_THRESHOLDS;
export type VitalRating = 'good' | 'needs-improvement' | 'poor';

export function rateVital(name: WebVitalName, value: number): VitalRating {
  const [good, poor] = WEB_VITAL_THRESHOLDS[name];
  return value > poor ? 'poor' : value > good ? 'needs-improvement' : 'good';
}

export const METRIC_KINDS = ['web-vital', 'slow-resource', 'large-resource', 'slow-page', 'slow-api'] as const;
export type MetricKind = (typeof METRIC_KINDS)[number];

export type Metric = {
  kind: MetricKind;
  /** The vital (LCP ...), the resource's address without its query, or 'load' for a slow page. */
  name: string;
  /** Milliseconds, bytes for a large resource, no unit for CLS. */
  value: number;
  rating?: string;
  /** The path of the page that measured it. */
  url: string;
  /** The resource's initiator type, or the navigation type of a slow page. */
  detail?: string;
  /** When it was measured, in epoch milliseconds. */
  time: number;
};

export const METRICS_ENDPOINT = '/api/metrics';
export const MAX_METRICS_PER_BATCH = 50;
export const MAX_METRICS_BODY_BYTES = 32 * 1024;
/** Longest name and page path a metric may carry: 50 metrics at these lengths still fit in one body. */
export const MAX_METRIC_TEXT = 200;
export const MAX_METRIC_DETAIL = 40;

/** What metricsFromResource reads of a PerformanceResourceTiming. */
export type ResourceTimingLike = { name: string; initiatorType: string; duration: number; transferSize?: number };

/**
 * The metrics one resource timing produces: slow (over 500 ms), large (over 100 KB transferred), or
 * — for the store's own API, fetched by script — slow only over 2 s, as slow-api. An API call between
 * 0.5 and 2 s is not reported at all: the spec gives API calls their own, longer threshold.
 * Names lose their query string (it can hold search terms or session ids) and same-origin ones their
 * origin. The monitor's own reports are never reported.
 */
export function metricsFromResource(entry: ResourceTimingLike, page: string, now: number, origin: string | undefined = globalThis.location?.origin): Metric[] {
  let address: URL;
  try {
    address = new URL(entry.name, origin);
  } catch {
    return [];
  }
  const sameOrigin = address.origin === origin;
  if (sameOrigin && address.pathname === METRICS_ENDPOINT) return [];
  const isApi = sameOrigin && address.pathname.startsWith('/api/') && (entry.initiatorType === 'fetch' || entry.initiatorType === 'xmlhttprequest');
  const common = {
    name: (sameOrigin ? address.pathname : address.origin + address.pathname).slice(0, MAX_METRIC_TEXT),
    url: page.slice(0, MAX_METRIC_TEXT),
    detail: entry.initiatorType.slice(0, MAX_METRIC_DETAIL),
    time: now,
  };
  const metrics: Metric[] = [];
  if (entry.duration > (isApi ? PERFORMANCE_THRESHOLDS.slowApiMs : PERFORMANCE_THRESHOLDS.slowResourceMs)) {
    metrics.push({ kind: isApi ? 'slow-api' : 'slow-resource', value: Math.round(entry.duration), ...common });
  }
  const size = entry.transferSize ?? 0;
  if (size > PERFORMANCE_THRESHOLDS.largeResourceBytes) metrics.push({ kind: 'large-resource', value: size, ...common });
  return metrics;
}

/** Metrics waiting to be sent: at most `capacity`, the oldest dropped first. */
export class MetricBuffer {
  private metrics: Metric[] = [];

  constructor(readonly capacity: number = PERFORMANCE_THRESHOLDS.maxMetrics) {}

  get size(): number {
    return this.metrics.length;
  }

  /** Adds metrics and answers how many are waiting. */
  add(...metrics: Metric[]): number {
    this.metrics.push(...metrics);
    const over = this.metrics.length - this.capacity;
    if (over > 0) this.metrics.splice(0, over);
    return this.metrics.length;
  }

  /** Everything waiting, oldest first; the buffer is empty afterwards. */
  drain(): Metric[] {
    const metrics = this.metrics;
    this.metrics = [];
    return metrics;
  }
}
