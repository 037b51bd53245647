/**
 * What an operator reads: the Prometheus metrics at /metrics (behind METRICS_TOKEN), the request id on every
 * reply and on the store's log lines for it, and /api/health's report of what the store depends on.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { api, url } from './client';
import { call, register } from './callers';
import { METRICS_TOKEN } from './server.setup';
import { startStore, type RunningStore } from '../support/server';
import { ownDatabaseBeside, type OwnDatabase } from '../support/throwaway-postgres';

type Labels = Record<string, string>;
type Sample = { name: string; labels: Labels; value: number };

const databaseUrl = process.env.API_DATABASE_URL;
const onPostgres = inject('databaseDriver') === 'postgres' && Boolean(databaseUrl);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The samples of Prometheus' text format: `name{label="value",...} number`, comments left out. */
function samplesOf(text: string): Sample[] {
  return text
    .split('\n')
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const match = /^(\w+)(?:\{(.*)\})? (\S+)$/.exec(line);
      if (!match) throw new Error(`not a Prometheus sample: ${line}`);
      const labels = Object.fromEntries([...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map(([, name, value]) => [name!, value!]));
      return { name: match[1]!, labels, value: Number(match[3]) };
    });
}

async function scrape(): Promise<Sample[]> {
  const reply = await fetch(url('/metrics'), { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } });
  expect(reply.status).toBe(200);
  return samplesOf(await reply.text());
}

/** The sum of the samples named `name` whose labels include `labels` (0 when there are none). */
function valueOf(samples: Sample[], name: string, labels: Labels = {}): number {
  return samples
    .filter((sample) => sample.name === name && Object.entries(labels).every(([label, value]) => sample.labels[label] === value))
    .reduce((sum, sample) => sum + sample.value, 0);
}

const REQUESTS = 'store_http_request_duration_seconds_count';

async function productIds(count: number): Promise<number[]> {
  const listing = await api(`/api/products?limit=${count}`);
  return listing.body.data.data.map((product: { id: number }) => product.id);
}

describe('GET /metrics', () => {
  it('is refused without the token and with a wrong one, and never kept', async () => {
    for (const headers of [
      {} as Record<string, string>,
      { Authorization: 'Bearer not-the-token' },
      { Authorization: `Bearer ${METRICS_TOKEN}x` },
      { Authorization: METRICS_TOKEN },
    ]) {
      const reply = await fetch(url('/metrics'), { headers });
      expect(reply.status).toBe(401);
      expect(reply.headers.get('WWW-Authenticate')).toMatch(/^Bearer/);
      expect(reply.headers.get('Cache-Control')).toMatch(/no-store/);
      expect(await reply.text()).not.toContain('store_');
    }
    const allowed = await fetch(url('/metrics'), { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(allowed.headers.get('Content-Type')).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(allowed.headers.get('Cache-Control')).toMatch(/no-store/);
    expect(allowed.headers.get('Surrogate-Control')).toBe('no-store');
  });

  it('counts requests by route pattern, method and status class, never by address', async () => {
    const ids = await productIds(3);
    const labels = { route: '/api/products/[id]', method: 'GET', status: '2xx' };
    const before = valueOf(await scrape(), REQUESTS, labels);
    for (const id of ids) expect((await api(`/api/products/${id}`)).status).toBe(200);
    const missing = { route: '/api/products/[id]', method: 'GET', status: '4xx' };
    const missingBefore = valueOf(await scrape(), REQUESTS, missing);
    expect((await api('/api/products/999999999')).status).toBe(404);
    const after = await scrape();
    expect(valueOf(after, REQUESTS, labels) - before).toBe(ids.length);
    expect(valueOf(after, REQUESTS, missing) - missingBefore).toBe(1);
    const routes = new Set(after.filter((sample) => sample.name === REQUESTS).map((sample) => sample.labels.route));
    for (const id of ids) expect(routes).not.toContain(`/api/products/${id}`);
    // The latency histogram's buckets and sum go with the count.
    expect(valueOf(after, 'store_http_request_duration_seconds_bucket', { ...labels, le: '+Inf' })).toBe(valueOf(after, REQUESTS, labels));
    expect(valueOf(after, 'store_http_request_duration_seconds_sum', labels)).toBeGreaterThan(0);
  });

  it('counts a cached page under its route, and the page cache hit', async () => {
    const [id] = await productIds(1);
    const page = `/product/${id}`;
    expect((await fetch(url(page))).status).toBe(200);
    const before = await scrape();
    for (let i = 0; i < 3; i++) expect((await fetch(url(page))).status).toBe(200);
    const after = await scrape();
    expect(valueOf(after, 'store_page_cache_lookups_total', { result: 'hit' }) - valueOf(before, 'store_page_cache_lookups_total', { result: 'hit' })).toBe(3);
    const productPages = { route: '/product/[id]', method: 'GET', status: '2xx' };
    expect(valueOf(after, REQUESTS, productPages) - valueOf(before, REQUESTS, productPages)).toBe(3);
  });

  it('shows the queues, the counters other parts feed and Node’s own metrics', async () => {
    const samples = await scrape();
    const names = new Set(samples.map((sample) => sample.name));
    for (const status of ['queued', 'sending'])
      expect(samples.some((sample) => sample.name === 'store_sms_outbox_messages' && sample.labels.status === status)).toBe(true);
    expect(names).toContain('store_payouts_pending');
    expect(valueOf(samples, 'store_queue_gauges_up')).toBe(1);
    expect(names).toContain('process_resident_memory_bytes');
    expect(names).toContain('nodejs_eventloop_lag_seconds');
    const text = await (await fetch(url('/metrics'), { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } })).text();
    for (const counter of ['store_edge_purges_total', 'store_page_cache_lookups_total', 'store_storage_operations_total'])
      expect(text).toContain(`# TYPE ${counter} counter`);
  });

  it('counts a payment waiting for the buyer under its gateway', async () => {
    const waiting = async () => valueOf(await scrape(), 'store_payments_pending', { gateway: 'pesapal' });
    const before = await waiting();
    const buyer = await register('10.252.0.1', 'Akello');
    const location = (await api('/api/manifest')).body.data.delivery_locations[0];
    const product = (await api('/api/products?limit=100&in_stock=1')).body.data.data.find(
      (p: Record<string, any>) => p.has_colors !== 'Yes' && p.has_sizes !== 'Yes' && Object.values(p.variants ?? {}).every((v: any) => v.length === 0),
    );
    const placed = await call('/api/orders', buyer, 'POST', {
      items: [{ product_id: product.id, quantity: 1 }],
      customer_name: 'Akello Grace',
      customer_phone: '0772 555 041',
      delivery_location_id: location.id,
      delivery_address: 'Plot 12, Bukoto Street',
      payment_gateway: 'pesapal',
    });
    expect(placed.status, placed.body.message).toBe(201);
    expect(await waiting()).toBe(before + 1);
  });

  it.runIf(onPostgres)('shows the PostgreSQL pool: connections, idle ones and requests waiting', async () => {
    await Promise.all(Array.from({ length: 8 }, () => api('/api/products?limit=2&sort=newest')));
    const samples = await scrape();
    const total = valueOf(samples, 'store_database_pool_connections', { state: 'total' });
    expect(total).toBeGreaterThanOrEqual(1);
    expect(total).toBeLessThanOrEqual(10);
    expect(valueOf(samples, 'store_database_pool_connections', { state: 'idle' })).toBeLessThanOrEqual(total);
    expect(samples.some((sample) => sample.name === 'store_database_pool_connections' && sample.labels.state === 'waiting')).toBe(true);
  });

  it.runIf(!onPostgres)('has no pool on PGlite', async () => {
    expect((await scrape()).some((sample) => sample.name === 'store_database_pool_connections')).toBe(false);
  });
});

describe('the request id', () => {
  it('is the caller’s X-Request-Id when well formed, and a new one otherwise', async () => {
    const sent = 'trace-4bf92f3577b34da6a3ce929d0e0e4736';
    expect((await fetch(url('/api/health'), { headers: { 'X-Request-Id': sent } })).headers.get('X-Request-Id')).toBe(sent);
    for (const malformed of ['short', 'has spaces in it', 'x'.repeat(129), 'quote"id-12345']) {
      const answered = (await fetch(url('/api/health'), { headers: { 'X-Request-Id': malformed } })).headers.get('X-Request-Id');
      expect(answered).toMatch(UUID);
    }
    const [first, second] = await Promise.all([fetch(url('/favicon.svg')), fetch(url('/favicon.svg'))]);
    expect(first!.headers.get('X-Request-Id')).toMatch(UUID);
    expect(first!.headers.get('X-Request-Id')).not.toBe(second!.headers.get('X-Request-Id'));
  });
});

describe('GET /api/health', () => {
  it('reports the database, the storage and the edge, each ok with a detail', async () => {
    const health = await api('/api/health');
    expect(health.status).toBe(200);
    expect(health.headers.get('Cache-Control')).toMatch(/no-store/);
    const { database, storage, edge } = health.body.data;
    expect(database).toMatchObject({ ok: true, driver: inject('databaseDriver') });
    expect(database.detail).toMatch(/answered SELECT 1 in [\d.]+ ms/);
    expect(database.ms).toBeGreaterThanOrEqual(0);
    for (const check of [storage, edge]) expect(check).toEqual({ ok: true, detail: expect.any(String) });
  });
});

/**
 * A second store, on its own database: one without METRICS_TOKEN, whose log the test reads, and (on PostgreSQL)
 * whose database is then dropped under it.
 */
describe('a store of its own', () => {
  let store: RunningStore;
  let ownDatabase: OwnDatabase | null = null;

  beforeAll(async () => {
    if (onPostgres) ownDatabase = await ownDatabaseBeside(databaseUrl!, 'health');
    store = await startStore({ databaseUrl: ownDatabase?.url, env: { SEED_ON_START: '0', METRICS_TOKEN: '' } });
  }, 180_000);

  afterAll(async () => {
    await store?.stop();
    await ownDatabase?.drop();
  }, 60_000);

  it('answers /metrics 404, like an address it does not have, when METRICS_TOKEN is not set', async () => {
    for (const headers of [{} as Record<string, string>, { Authorization: `Bearer ${METRICS_TOKEN}` }, { Authorization: 'Bearer ' }]) {
      const reply = await fetch(new URL('/metrics', store.baseUrl), { headers });
      expect(reply.status).toBe(404);
      expect(await reply.text()).not.toContain('store_');
    }
  });

  it('writes JSON log lines that carry the id of the request they were written for', async () => {
    const requestId = `login-code-${Date.now()}`;
    const reply = await fetch(new URL('/api/users/login', store.baseUrl), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Request-Id': requestId, 'X-Forwarded-For': '10.251.0.1' },
      body: JSON.stringify({ task: 'send_code', phone_number: '+256772555091' }),
    });
    expect(reply.status).toBe(200);
    expect(reply.headers.get('X-Request-Id')).toBe(requestId);
    // The code goes to the outbox after the reply: its line is written a moment later, still for the request.
    let lines: Record<string, unknown>[] = [];
    for (let waited = 0; waited < 5_000 && lines.length < 2; waited += 100) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      lines = jsonLines(store.output()).filter((line) => line.requestId === requestId);
    }
    expect(lines.find((line) => line.msg === 'request')).toMatchObject({ method: 'POST', route: '/api/users/login', path: '/api/users/login', status: 200 });
    expect(lines.find((line) => line.msg === 'request')!.ms).toEqual(expect.any(Number));
    expect(lines.some((line) => String(line.msg).startsWith('[sms] to +256772555091'))).toBe(true);
    // One access line for the request, and every other request's lines carry another id.
    expect(lines.filter((line) => line.msg === 'request')).toHaveLength(1);
    const ids = jsonLines(store.output())
      .filter((line) => line.msg === 'request')
      .map((line) => line.requestId);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('logs a built file’s request at debug only: answered from memory, it is counted but not written at info', async () => {
    const requestId = `built-file-${Date.now()}`;
    const reply = await fetch(new URL('/favicon.svg', store.baseUrl), { headers: { 'X-Request-Id': requestId } });
    expect(reply.status).toBe(200);
    await reply.arrayBuffer();
    const marker = `after-built-file-${Date.now()}`;
    await fetch(new URL('/api/health', store.baseUrl), { headers: { 'X-Request-Id': marker } });
    for (let waited = 0; waited < 5_000 && !jsonLines(store.output()).some((line) => line.requestId === marker); waited += 100) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const lines = jsonLines(store.output());
    expect(lines.some((line) => line.requestId === marker && line.msg === 'request')).toBe(true);
    expect(lines.filter((line) => line.requestId === requestId)).toEqual([]);
  });

  it.runIf(onPostgres)('answers /api/health 503 when its database is gone, saying which check failed', async () => {
    await ownDatabase!.drop();
    const health = await fetch(new URL('/api/health', store.baseUrl));
    expect(health.status).toBe(503);
    const { data } = (await health.json()) as { data: Record<string, { ok: boolean; detail: string }> };
    expect(data.database).toMatchObject({ ok: false, driver: 'postgres' });
    // A stranger is told which check failed, not why (the reason may name the database's address).
    expect(data.database!.detail).toBe('postgres is not answering');
    expect(data.storage!.ok).toBe(true);
  });
});

/** The store's output as log records: every line of it that is JSON (a person's plain lines are skipped). */
function jsonLines(output: string): Record<string, unknown>[] {
  return output.split('\n').flatMap((line) => {
    try {
      const record: unknown = JSON.parse(line);
      return typeof record === 'object' && record !== null ? [record as Record<string, unknown>] : [];
    } catch {
      return [];
    }
  });
}
