import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ANALYTICS_ENABLED,
  MAX_METRICS_BODY_BYTES,
  MAX_METRICS_PER_BATCH,
  MetricBuffer,
  PERFORMANCE_THRESHOLDS,
  WEB_VITAL_THRESHOLDS,
  metricsFromResource,
  rateVital,
  type Metric,
} from '~/lib/performance';

const ORIGIN = 'https://store.ug';
const NOW = 1_780_000_000_000;

describe('the spec’s performance settings', () => {
  it('has the thresholds and analytics on', () => {
    expect(PERFORMANCE_THRESHOLDS).toEqual({ slowResourceMs: 500, largeResourceBytes: 102_400, slowPageMs: 3000, slowApiMs: 2000, maxMetrics: 100 });
    expect(ANALYTICS_ENABLED).toBe(true);
    expect(MAX_METRICS_PER_BATCH).toBeLessThanOrEqual(PERFORMANCE_THRESHOLDS.maxMetrics);
    expect(MAX_METRICS_BODY_BYTES).toBe(32 * 1024);
  });

  it('has Google’s web vital thresholds', () => {
    expect(WEB_VITAL_THRESHOLDS).toEqual({ LCP: [2500, 4000], INP: [200, 500], CLS: [0.1, 0.25], FCP: [1800, 3000], TTFB: [800, 1800] });
  });
});

describe('rateVital', () => {
  it.each([
    ['LCP', 2500, 'good'],
    ['LCP', 2501, 'needs-improvement'],
    ['LCP', 4000, 'needs-improvement'],
    ['LCP', 4001, 'poor'],
    ['INP', 200, 'good'],
    ['INP', 201, 'needs-improvement'],
    ['INP', 500, 'needs-improvement'],
    ['INP', 501, 'poor'],
    ['CLS', 0, 'good'],
    ['CLS', 0.1, 'good'],
    ['CLS', 0.11, 'needs-improvement'],
    ['CLS', 0.25, 'needs-improvement'],
    ['CLS', 0.26, 'poor'],
    ['FCP', 1800, 'good'],
    ['FCP', 3000, 'needs-improvement'],
    ['FCP', 3001, 'poor'],
    ['TTFB', 800, 'good'],
    ['TTFB', 801, 'needs-improvement'],
    ['TTFB', 1801, 'poor'],
  ] as const)('%s %d is %s', (name, value, rating) => {
    expect(rateVital(name, value)).toBe(rating);
  });
});

describe('metricsFromResource', () => {
  const resource = (name: string, initiatorType: string, duration: number, transferSize = 2_000) => ({ name, initiatorType, duration, transferSize });
  const from = (entry: ReturnType<typeof resource>) => metricsFromResource(entry, '/products/42', NOW, ORIGIN);

  it('reports nothing for a fast, small resource', () => {
    expect(from(resource(`${ORIGIN}/_astro/client.js`, 'script', 120))).toEqual([]);
    expect(from(resource(`${ORIGIN}/_astro/client.js`, 'script', 500, 100 * 1024))).toEqual([]);
  });

  it('reports a resource over 500 ms as slow, without its query string', () => {
    expect(from(resource(`${ORIGIN}/storage/images/shoe.webp?w=400`, 'img', 812.6))).toEqual([
      { kind: 'slow-resource', name: '/storage/images/shoe.webp', value: 813, url: '/products/42', detail: 'img', time: NOW },
    ]);
  });

  it('reports a resource over 100 KB transferred as large, and one both slow and large twice', () => {
    expect(from(resource(`${ORIGIN}/storage/images/tv.jpg`, 'img', 90, 100 * 1024 + 1))).toEqual([
      { kind: 'large-resource', name: '/storage/images/tv.jpg', value: 102_401, url: '/products/42', detail: 'img', time: NOW },
    ]);
    expect(from(resource(`${ORIGIN}/storage/images/tv.jpg`, 'img', 900, 300_000)).map((metric) => metric.kind)).toEqual(['slow-resource', 'large-resource']);
  });

  it('judges the store’s own API by the 2 s threshold, as slow-api', () => {
    expect(from(resource(`${ORIGIN}/api/live-search?q=samsung`, 'fetch', 1_500))).toEqual([]);
    expect(from(resource(`${ORIGIN}/api/live-search?q=samsung`, 'fetch', 2_000))).toEqual([]);
    expect(from(resource(`${ORIGIN}/api/live-search?q=samsung`, 'fetch', 2_345))).toEqual([
      { kind: 'slow-api', name: '/api/live-search', value: 2345, url: '/products/42', detail: 'fetch', time: NOW },
    ]);
    expect(from(resource(`${ORIGIN}/api/products`, 'xmlhttprequest', 2_100))[0]?.kind).toBe('slow-api');
  });

  it('treats another origin’s /api/ and a non-script load of /api/ as ordinary resources', () => {
    expect(from(resource('https://maps.example.com/api/tiles', 'fetch', 2_345))).toEqual([
      { kind: 'slow-resource', name: 'https://maps.example.com/api/tiles', value: 2345, url: '/products/42', detail: 'fetch', time: NOW },
    ]);
    expect(from(resource(`${ORIGIN}/api/images/1`, 'img', 700))[0]?.kind).toBe('slow-resource');
  });

  it('never reports the monitor’s own reports', () => {
    expect(from(resource(`${ORIGIN}/api/metrics`, 'fetch', 5_000, 200_000))).toEqual([]);
  });

  it('caps long names and ignores unreadable ones', () => {
    const [metric] = from(resource(`${ORIGIN}/${'a'.repeat(400)}`, 'img', 900));
    expect(metric?.name).toHaveLength(200);
    expect(metricsFromResource(resource('/relative.js', 'script', 900), '/', NOW, undefined)).toEqual([]);
  });
});

describe('MetricBuffer', () => {
  const metric = (value: number): Metric => ({ kind: 'slow-resource', name: `/r/${value}`, value, url: '/', time: NOW });

  it('keeps at most 100 metrics, dropping the oldest first', () => {
    const buffer = new MetricBuffer();
    for (let i = 1; i <= 105; i++) buffer.add(metric(i));
    expect(buffer.size).toBe(100);
    const drained = buffer.drain();
    expect(drained.map((m) => m.value)).toEqual(Array.from({ length: 100 }, (_, i) => i + 6));
  });

  it('answers how many are waiting and empties on drain', () => {
    const buffer = new MetricBuffer(3);
    expect(buffer.add(metric(1), metric(2))).toBe(2);
    expect(buffer.add(metric(3), metric(4))).toBe(3);
    expect(buffer.drain().map((m) => m.value)).toEqual([2, 3, 4]);
    expect(buffer.size).toBe(0);
    expect(buffer.drain()).toEqual([]);
  });
});

/* The browser monitor, with fake browser APIs: observers are fed entries by hand. */
describe('startPerformanceMonitor', () => {
  type Listener = () => void;
  let observers: Map<string, { init: Record<string, unknown>; emit: (...entries: unknown[]) => void }>;
  let listeners: Map<string, Listener[]>;
  let visibility: 'visible' | 'hidden';
  let sendBeacon: ReturnType<typeof vi.fn>;
  let fetchMock: ReturnType<typeof vi.fn>;

  class FakeObserver {
    static supportedEntryTypes = ['largest-contentful-paint', 'paint', 'layout-shift', 'event', 'first-input', 'navigation', 'resource'];
    constructor(private readonly callback: (list: { getEntries(): unknown[] }) => void) {}
    observe(init: Record<string, unknown>) {
      observers.set(init.type as string, { init, emit: (...entries) => this.callback({ getEntries: () => entries }) });
    }
  }

  beforeEach(() => {
    vi.resetModules();
    observers = new Map();
    listeners = new Map();
    visibility = 'visible';
    sendBeacon = vi.fn(() => true);
    fetchMock = vi.fn(() => Promise.resolve(new Response(null, { status: 202 })));
    vi.stubGlobal('PerformanceObserver', FakeObserver);
    vi.stubGlobal('location', { pathname: '/c/phones', origin: ORIGIN });
    vi.stubGlobal('document', {
      get visibilityState() {
        return visibility;
      },
    });
    vi.stubGlobal('addEventListener', (type: string, listener: Listener) => listeners.set(type, [...(listeners.get(type) ?? []), listener]));
    vi.stubGlobal('navigator', { sendBeacon });
    vi.stubGlobal('fetch', fetchMock);
  });

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  const start = async (options?: { batchSize?: number }) => (await import('~/scripts/performance-monitor')).startPerformanceMonitor(options);
  const emit = (type: string, ...entries: unknown[]) => observers.get(type)!.emit(...entries);
  const hide = () => {
    visibility = 'hidden';
    for (const listener of listeners.get('visibilitychange') ?? []) listener();
  };
  const sentBatches = async (): Promise<Metric[][]> =>
    Promise.all(sendBeacon.mock.calls.map(async ([, blob]) => JSON.parse(await (blob as Blob).text()).metrics as Metric[]));
  const slowImage = (i: number) => ({ name: `${ORIGIN}/storage/images/${i}.jpg`, initiatorType: 'img', duration: 900, transferSize: 1_000 });

  it('observes the entry types it needs, buffered, with a 40 ms event threshold', async () => {
    await start();
    expect([...observers.keys()].sort()).toEqual([...FakeObserver.supportedEntryTypes].sort());
    for (const { init } of observers.values()) expect(init.buffered).toBe(true);
    expect(observers.get('event')!.init.durationThreshold).toBe(40);
  });

  it('sends the web vitals once, with their final values, when the page is first hidden', async () => {
    await start();
    emit('largest-contentful-paint', { startTime: 1_200 }, { startTime: 3_100.4 });
    emit('paint', { name: 'first-paint', startTime: 700 }, { name: 'first-contentful-paint', startTime: 900 });
    emit(
      'layout-shift',
      { startTime: 1_000, value: 0.05, hadRecentInput: false },
      { startTime: 1_300, value: 0.5, hadRecentInput: true },
      { startTime: 1_600, value: 0.08, hadRecentInput: false },
      { startTime: 9_000, value: 0.02, hadRecentInput: false },
    );
    emit('event', { interactionId: 0, duration: 900 }, { interactionId: 7, duration: 240 }, { interactionId: 8, duration: 96 });
    emit('navigation', { responseStart: 950, loadEventEnd: 3_600, type: 'navigate' });
    expect(sendBeacon).not.toHaveBeenCalled();

    hide();
    expect(sendBeacon).toHaveBeenCalledTimes(1);
    expect(sendBeacon.mock.calls[0]![0]).toBe('/api/metrics');
    expect((sendBeacon.mock.calls[0]![1] as Blob).type).toBe('application/json');
    const [batch] = await sentBatches();
    const byName = Object.fromEntries(batch!.map((metric) => [metric.name, metric]));
    expect(byName.load).toMatchObject({ kind: 'slow-page', value: 3_600, url: '/c/phones', detail: 'navigate' });
    expect(byName.LCP).toMatchObject({ kind: 'web-vital', value: 3_100, rating: 'needs-improvement', url: '/c/phones' });
    expect(byName.FCP).toMatchObject({ value: 900, rating: 'good' });
    expect(byName.CLS).toMatchObject({ value: 0.13, rating: 'needs-improvement' });
    expect(byName.INP).toMatchObject({ value: 240, rating: 'needs-improvement' });
    expect(byName.TTFB).toMatchObject({ value: 950, rating: 'needs-improvement' });

    // Coming back and leaving again sends only what is new, never the vitals again.
    visibility = 'visible';
    emit('largest-contentful-paint', { startTime: 5_000 });
    emit('resource', slowImage(1));
    for (const listener of listeners.get('pagehide') ?? []) listener();
    const [, second] = await sentBatches();
    expect(second!.map((metric) => metric.kind)).toEqual(['slow-resource']);
  });

  it('reports CLS 0 when nothing shifted, and no LCP for a page loaded in a background tab', async () => {
    visibility = 'hidden';
    await start();
    emit('largest-contentful-paint', { startTime: 6_000 });
    hide();
    const [batch] = await sentBatches();
    expect(batch!.map((metric) => [metric.name, metric.value])).toEqual([['CLS', 0]]);
  });

  it('sends a batch as soon as the buffer holds a full one', async () => {
    await start({ batchSize: 3 });
    emit('resource', slowImage(1), slowImage(2));
    expect(sendBeacon).not.toHaveBeenCalled();
    emit('resource', slowImage(3), { ...slowImage(4), duration: 20 });
    expect(sendBeacon).toHaveBeenCalledTimes(1);
    expect((await sentBatches())[0]!.map((metric) => metric.name)).toEqual(['/storage/images/1.jpg', '/storage/images/2.jpg', '/storage/images/3.jpg']);
  });

  it('falls back to fetch with keepalive when sendBeacon refuses, throws or is missing', async () => {
    sendBeacon.mockReturnValueOnce(false).mockImplementationOnce(() => {
      throw new TypeError('Beacons are not allowed');
    });
    await start({ batchSize: 1 });
    emit('resource', slowImage(1));
    emit('resource', slowImage(2));
    vi.stubGlobal('navigator', {});
    emit('resource', slowImage(3));
    expect(fetchMock).toHaveBeenCalledTimes(3);
    const [address, init] = fetchMock.mock.calls[0]! as [string, RequestInit];
    expect(address).toBe('/api/metrics');
    expect(init).toMatchObject({ method: 'POST', keepalive: true });
    expect(JSON.parse(await (init.body as Blob).text()).metrics[0].name).toBe('/storage/images/1.jpg');
  });

  it('never throws into the page', async () => {
    await start();
    expect(() => emit('resource', { name: 42, duration: 'slow' }, null)).not.toThrow();
    expect(() => emit('navigation', { responseStart: 100, loadEventEnd: 4_000 })).not.toThrow();
    fetchMock.mockImplementation(() => Promise.reject(new TypeError('offline')));
    sendBeacon.mockReturnValue(false);
    expect(() => hide()).not.toThrow();

    vi.resetModules();
    vi.stubGlobal(
      'PerformanceObserver',
      class {
        static supportedEntryTypes = ['resource'];
        constructor() {
          throw new Error('not in this browser');
        }
      },
    );
    await expect(start()).resolves.toBeUndefined();
    vi.stubGlobal('location', undefined);
    vi.resetModules();
    await expect(start()).resolves.toBeUndefined();
  });

  it('does nothing where PerformanceObserver does not exist', async () => {
    vi.stubGlobal('PerformanceObserver', undefined);
    await start();
    expect(listeners.size).toBe(0);
  });
});

/* The server side keeps reports in performance_metrics: an in-memory database here. */
describe('performance_metrics', async () => {
  process.env.DATA_DIR = 'memory://';
  const { closeDatabase, getDb } = await import('~/server/db/client');
  const { performanceMetrics } = await import('~/server/db/schema');
  const { metricSummary, parseMetricsReport, pruneMetrics, recentSlowMetrics, recordMetrics } = await import('~/server/monitoring/metrics');
  const { sql } = await import('drizzle-orm');

  afterAll(async () => {
    await closeDatabase();
  });

  const report = (metrics: object[]) => JSON.stringify({ metrics });
  const vital = (name: string, value: number, rating = 'good') => ({ kind: 'web-vital', name, value, rating, url: '/', time: NOW });

  it('validates a report', () => {
    expect(parseMetricsReport(report([vital('LCP', 1200)]))).toHaveLength(1);
    const problem = (body: string) => {
      try {
        parseMetricsReport(body);
      } catch (error) {
        return error instanceof Error && 'issues' in error ? (error as { issues: { path: unknown[]; message: string }[] }).issues[0] : (error as Error).message;
      }
      return null;
    };
    expect(problem('{nope')).toBe('The request body is not valid JSON');
    expect(problem('[]')).toMatchObject({ message: 'The report must be a JSON object {"metrics": [...]}' });
    expect(problem(report([]))).toMatchObject({ path: ['metrics'], message: 'must hold at least one metric' });
    expect(problem(report(Array(51).fill(vital('LCP', 1))))).toMatchObject({ message: 'must hold at most 50 metrics' });
    expect(problem(report([{ ...vital('LCP', 1), kind: 'slow-everything' }]))).toMatchObject({ path: ['metrics', 0, 'kind'] });
    expect(problem(report([vital('LCP', -1)]))).toMatchObject({ path: ['metrics', 0, 'value'], message: 'must not be negative' });
    expect(problem('{"metrics":[{"kind":"slow-page","name":"load","value":1e999,"url":"/"}]}')).toMatchObject({ path: ['metrics', 0, 'value'] });
    expect(problem(report([vital('FID', 1)]))).toMatchObject({
      path: ['metrics', 0, 'name'],
      message: 'must be one of LCP, INP, CLS, FCP, TTFB for a web vital',
    });
    expect(problem(report([{ ...vital('LCP', 1), url: `/${'x'.repeat(200)}` }]))).toMatchObject({
      path: ['metrics', 0, 'url'],
      message: 'must be at most 200 characters',
    });
  });

  it('stores a batch, rating web vitals itself, and lists the newest problems and a 24 h summary', async () => {
    const metrics = parseMetricsReport(
      report([
        vital('LCP', 5200, 'good'),
        vital('CLS', 0.02),
        { kind: 'slow-api', name: '/api/live-search', value: 2400, url: '/', detail: 'fetch', time: NOW },
        { kind: 'large-resource', name: '/storage/images/tv.jpg', value: 300_000, url: '/p/1', detail: 'img', time: NOW },
      ]),
    );
    expect(await recordMetrics(metrics, { agent: 'Mozilla/5.0 (Linux; Android 10; TECNO KE5)', userId: null })).toBe(4);

    const slow = await recentSlowMetrics();
    expect(slow.map((metric) => [metric.kind, metric.name, metric.rating])).toEqual(
      expect.arrayContaining([
        ['web-vital', 'LCP', 'poor'],
        ['slow-api', '/api/live-search', ''],
        ['large-resource', '/storage/images/tv.jpg', ''],
      ]),
    );
    expect(slow.some((metric) => metric.name === 'CLS')).toBe(false);
    expect(await recentSlowMetrics(1)).toHaveLength(1);
    expect(await metricSummary()).toEqual({ 'web-vital': 2, 'slow-resource': 0, 'large-resource': 1, 'slow-page': 0, 'slow-api': 1 });
  });

  it('prunes rows past 30 days and beyond the row cap', async () => {
    const db = await getDb();
    await db.delete(performanceMetrics);
    const metrics = parseMetricsReport(report(Array.from({ length: 6 }, (_, i) => vital('TTFB', i * 100))));
    await recordMetrics(metrics, { agent: '', userId: 7 });
    await db.execute(sql`UPDATE performance_metrics SET created_at = now() - interval '31 days' WHERE value = 0`);
    expect(await pruneMetrics({ maxRows: 3, maxAgeDays: 30 })).toBe(3);
    const kept = await db.select({ value: performanceMetrics.value, user_id: performanceMetrics.user_id }).from(performanceMetrics);
    expect(kept.map((row) => row.value).sort((a, b) => a - b)).toEqual([300, 400, 500]);
    expect(kept.every((row) => row.user_id === 7)).toBe(true);
    expect(await pruneMetrics()).toBe(0);
  });
});
