/**
 * What the store tells an edge cache in front of it (Surrogate-Control, xkey, Cache-Tag) and the purges a write
 * sends it: the headers on the test store; the purges on stores started here with EDGE_PURGE_URLS pointing at
 * listeners of this test and CLOUDFLARE_API_URL at the Cloudflare fake. On PostgreSQL two such stores share the
 * database, and only the one that wrote purges.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { api } from './client';
import { pageCookie, register } from './callers';
import { ADMIN } from './server.setup';
import { startStore, type RunningStore } from '../support/server';
import { startPurgeListener, type PurgeListener } from '../support/purge-listener';
import { freePort } from '../support/free-port';
import { startFakeCloudflare, type FakeCloudflare, type FakePurge } from '../support/fake-cloudflare';

type Row = Record<string, any>;

const databaseUrl = process.env.API_DATABASE_URL || undefined;
const onPostgres = inject('databaseDriver') === 'postgres' && Boolean(databaseUrl);

const get = (path: string, headers: Record<string, string> = {}, base = inject('baseUrl')) => fetch(new URL(path, base), { headers });
const tagsOf = (reply: Response) => (reply.headers.get('xkey') ?? '').split(' ').filter(Boolean);

function expectKept(reply: Response, what: string, maxAge = 3600) {
  expect(reply.status, what).toBe(200);
  expect(reply.headers.get('surrogate-control'), what).toBe(`max-age=${maxAge}`);
  expect(reply.headers.get('cache-control'), what).toBe('public, no-cache');
  expect(reply.headers.get('etag'), what).toBeTruthy();
  expect(tagsOf(reply), what).toContain('all');
  expect(reply.headers.get('cache-tag'), what).toBe(tagsOf(reply).join(','));
}

function expectNotKept(reply: Response, what: string) {
  expect(reply.headers.get('surrogate-control'), what).toBe('no-store');
  expect(reply.headers.get('xkey'), what).toBeNull();
  expect(reply.headers.get('cache-tag'), what).toBeNull();
}

let product: Row;

beforeAll(async () => {
  product = (await api('/api/products?limit=1')).body.data.data[0];
});

describe('what the edge may keep', () => {
  it('keeps a product page under its tags, and its 304, for browsers that revalidate every time', async () => {
    const page = await get(`/product/${product.id}`);
    expectKept(page, 'product page');
    expect(tagsOf(page)).toEqual(
      expect.arrayContaining(['menu', 'language:en', `product:${product.id}`, `category:${product.sub_category ?? product.category}`]),
    );
    expect(page.headers.get('vary')).toMatch(/Save-Data.*Cookie|Cookie.*Save-Data/);
    const again = await get(`/product/${product.id}`, { 'If-None-Match': page.headers.get('etag')! });
    expect(again.status).toBe(304);
    expect(again.headers.get('surrogate-control')).toBe('max-age=3600');
    expect(tagsOf(again)).toEqual(tagsOf(page));
    expect(again.headers.get('vary')).toBe(page.headers.get('vary'));
  });

  it('keeps a page no longer than the store keeps it itself: the home page for 30 minutes', async () => {
    expectKept(await get('/'), 'home page', 1800);
  });

  it('keeps the public catalogue API under the tags of the reads it shows, varying by language, not by cookie', async () => {
    const expected: [string, string[]][] = [
      [`/api/products/${product.id}`, ['api:product']],
      ['/api/products?limit=5&search=phone', ['api:products', 'api:search']],
      ['/api/categories', ['api:categories']],
      [`/api/filters?category=${product.category}`, ['api:filters', 'api:categories']],
      ['/api/vendors', ['api:vendors']],
      ['/api/live-search?q=phone', ['api:search', 'api:products']],
      ['/api/search/suggestions?q=pho', ['api:search']],
      [`/api/reviews?product_id=${product.id}`, ['api:product']],
      [`/api/reviews/stats?product_id=${product.id}`, ['api:product']],
      ['/api/manifest', ['api:manifest', 'api:categories']],
      ['/api/commission-rates', ['api:commission-rates']],
    ];
    for (const [path, tags] of expected) {
      const reply = await get(path, { 'Accept-Language': 'lg' });
      expectKept(reply, path);
      expect(tagsOf(reply).sort(), path).toEqual(['all', ...tags].sort());
      expect(reply.headers.get('vary'), path).toMatch(/Accept-Language/);
      expect(reply.headers.get('vary'), path).not.toMatch(/Cookie/);
    }
  });

  it('keeps nothing for a logged-in shopper, a bearer token, or a searcher whose history grows', async () => {
    const shopper = await register('10.251.0.1', 'Edge');
    expectNotKept(await get(`/product/${product.id}`, pageCookie(shopper)), 'product page with a session');
    expectNotKept(await get(`/api/products/${product.id}`, shopper.headers), 'product with a bearer token');
    expectNotKept(await get('/api/orders', shopper.headers), 'own orders');
    expectNotKept(await get('/account', pageCookie(shopper)), 'account page');
    expectNotKept(await get('/api/live-search?q=phone', { 'X-Session-ID': 'guest_1.x' }), 'a guest naming a session');
    expectNotKept(await get('/api/live-search?q=phone', { Cookie: 'duuka_guest=guest_1.x' }), 'a guest with the cookie');
  });

  it('keeps no reply that sets a cookie, the language redirect, errors or writes', async () => {
    const admin = await api('/api/users/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': '10.251.0.2' },
      body: JSON.stringify({ username: ADMIN.email, password: ADMIN.password }),
    });
    expect(admin.status).toBe(200);
    expect(admin.headers.get('set-cookie')).toBeTruthy();
    expect(admin.headers.get('surrogate-control')).toBe('no-store');
    const history = await get('/api/search-history');
    expect(history.headers.get('set-cookie')).toBeTruthy();
    expectNotKept(history, 'search history that issues a guest id');
    const redirect = await fetch(new URL(`/product/${product.id}`, inject('baseUrl')), { headers: { Cookie: 'lang=lg' }, redirect: 'manual' });
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get('vary')).toBe('Cookie');
    expectNotKept(redirect, 'the language redirect');
    expectNotKept(await get('/product/99999999'), 'a missing product page');
    expectNotKept(await get('/api/products/99999999'), 'a missing product');
    expectNotKept(await fetch(new URL('/api/orders', inject('baseUrl')), { method: 'POST' }), 'a write');
  });

  it('leaves built files to their long Cache-Control', async () => {
    const home = await (await get('/')).text();
    const asset = /\/_astro\/[^"]+\.css/.exec(home)![0];
    const reply = await get(asset);
    expect(reply.headers.get('cache-control')).toMatch(/max-age=31536000/);
    expect(reply.headers.get('surrogate-control')).toBeNull();
  });
});

describe('purges after a write', () => {
  let edgeA: PurgeListener;
  let edgeB: PurgeListener;
  let cloudflare: FakeCloudflare;
  let closedEdge: string;
  let writer: RunningStore;
  let other: RunningStore | null = null;
  let buyer: Record<string, string>;
  let location: Row;

  const on = async (store: RunningStore, path: string, init: RequestInit = {}) => {
    const reply = await fetch(new URL(path, store.baseUrl), init);
    return { reply, body: (await reply.json()) as Row };
  };
  const cloudflarePurges = async () => ((await (await fetch(`${cloudflare.baseUrl}/__fake/state`)).json()) as { purges: FakePurge[] }).purges;
  const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  async function orderOn(store: RunningStore, productId: number) {
    const started = Date.now();
    const { reply, body } = await on(store, '/api/orders', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...buyer },
      body: JSON.stringify({
        items: [{ product_id: productId, quantity: 1 }],
        customer_name: 'Kato Edge',
        customer_phone: '0772 555 021',
        delivery_location_id: location.id,
        delivery_address: 'Plot 9, Lugogo Bypass',
        payment_gateway: 'cash_on_delivery',
      }),
    });
    expect(reply.status, body.message).toBe(201);
    return Date.now() - started;
  }

  async function aProduct(store: RunningStore): Promise<Row> {
    const listed: Row[] = (await on(store, '/api/products?limit=50&in_stock=1')).body.data.data;
    return listed.find((p) => p.has_colors !== 'Yes' && p.has_sizes !== 'Yes' && p.stock.total_items - p.stock.items_sold >= 3)!;
  }

  beforeAll(async () => {
    [edgeA, edgeB, cloudflare] = await Promise.all([startPurgeListener(), startPurgeListener(), startFakeCloudflare()]);
    closedEdge = `http://127.0.0.1:${await freePort()}`;
    const env = {
      EDGE_PURGE_URLS: `${edgeA.baseUrl}, ${edgeB.baseUrl}, ${closedEdge}`,
      EDGE_PURGE_SECRET: 'purge-Kampala-2026',
      CLOUDFLARE_API_URL: cloudflare.baseUrl,
      CLOUDFLARE_ZONE_ID: cloudflare.zone,
      CLOUDFLARE_API_TOKEN: cloudflare.token,
      SEED_PRODUCTS: '60',
      ...(onPostgres ? { SEED_ON_START: '0' } : {}),
    };
    [writer, other] = await Promise.all([startStore({ databaseUrl, env }), onPostgres ? startStore({ databaseUrl, env }) : Promise.resolve(null)]);
    const email = `edge.${Date.now()}@example.com`;
    const registered = await on(writer, '/api/users/register', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': '10.251.0.3' },
      body: JSON.stringify({ email, password: 'Kampala-2026!', first_name: 'Kato', last_name: 'Edge' }),
    });
    buyer = { Authorization: `Bearer ${registered.body.data.token}` };
    location = (await on(writer, '/api/manifest')).body.data.delivery_locations[0];
  }, 300_000);

  afterAll(async () => {
    await Promise.all([writer?.stop(), other?.stop()]);
    await Promise.all([edgeA?.stop(), edgeB?.stop(), cloudflare?.stop()]);
  });

  it(`sends one purge per edge with the tags the order changed, and every cached reply showing the product is among them${onPostgres ? '; the other instance sends none' : ''}`, async () => {
    const sold = await aProduct(writer);
    const shown = await Promise.all(
      [`/product/${sold.id}`, `/api/products/${sold.id}`, '/api/products?limit=50&in_stock=1', `/api/filters?category=${sold.category}`, '/products', '/'].map(
        async (path) => [path, tagsOf(await fetch(new URL(path, (other ?? writer).baseUrl)))] as const,
      ),
    );
    await settle(300);
    edgeA.purges.length = 0;
    edgeB.purges.length = 0;
    await fetch(`${cloudflare.baseUrl}/__fake/reset`, { method: 'POST' });

    const tookMs = await orderOn(writer, sold.id);
    expect(tookMs).toBeLessThan(2_500);
    // The reply waited for the first attempt: the edges have heard it already.
    expect(edgeA.purges).toHaveLength(1);
    expect(edgeB.purges).toHaveLength(1);
    await settle(1_500);
    for (const edge of [edgeA, edgeB]) expect(edge.purges.filter((purge) => purge.answered === 200)).toHaveLength(1);
    if (onPostgres) {
      // Once the other instance has heard the order, the writer purges again what it may have handed the edge meanwhile.
      for (const edge of [edgeA, edgeB]) await edge.heard(2, 5_000);
      for (const edge of [edgeA, edgeB]) expect(edge.purges[1]!.tags).toEqual(edge.purges[0]!.tags);
    }
    const [purge] = edgeA.purges;
    expect(purge).toMatchObject({ method: 'PURGE', path: '/' });
    expect(purge!.tags).toEqual(
      expect.arrayContaining([`product:${sold.id}`, 'products', `category:${sold.category}`, 'api:product', 'api:products', 'api:filters']),
    );
    expect(purge!.tags).not.toContain('menu');
    expect(edgeB.purges[0]!.tags).toEqual(purge!.tags);
    for (const [path, tags] of shown) {
      expect(tags.length, path).toBeGreaterThan(0);
      expect(
        tags.some((tag) => tag !== 'all' && purge!.tags.includes(tag)),
        `${path} (${tags.join(' ')}) is purged by ${purge!.tags.join(' ')}`,
      ).toBe(true);
    }
    const purgedAtCloudflare = await cloudflarePurges();
    expect(purgedAtCloudflare.map((call) => call.outcome)).toEqual(onPostgres ? ['purged', 'purged'] : ['purged']);
    for (const call of purgedAtCloudflare) expect(call.tags).toEqual(purge!.tags);
  });

  it('reports an edge it cannot reach in /api/health, and stays healthy: every instance would fail alike', async () => {
    const health = await on(writer, '/api/health');
    expect(health.reply.status).toBe(200);
    // Anyone reads that it fails; only an administrator where and why (tests/api/input-refusals.test.ts).
    expect(health.body.data.edge).toEqual({ ok: false, detail: 'edge purge failing' });
    expect(health.body.data.database.ok).toBe(true);
  });

  it('retries an edge that refused, logs it, and the write succeeds all the same', async () => {
    const sold = await aProduct(writer);
    edgeA.purges.length = 0;
    edgeB.purges.length = 0;
    edgeB.refuse(1);
    await orderOn(writer, sold.id);
    await edgeB.heard(2, 5_000);
    expect(edgeB.purges.map((purge) => purge.answered).slice(0, 2)).toEqual([500, 200]);
    expect(edgeB.purges[1]!.tags).toEqual(edgeB.purges[0]!.tags);
    expect(edgeA.purges.map((purge) => purge.answered)).not.toContain(500);
    const logged = writer
      .output()
      .split('\n')
      .filter((line) => line.includes('edge purge failed'))
      .map((line) => JSON.parse(line) as Row);
    expect(logged.some((line) => line.edge === edgeB.baseUrl && /500/.test(line.reason))).toBe(true);
    expect(logged.some((line) => line.edge === closedEdge)).toBe(true);
    const metrics = await fetch(new URL('/metrics', writer.baseUrl)).catch(() => null);
    if (metrics?.ok) expect(await metrics.text()).toMatch(/store_edge_purges_total\{target="varnish",outcome="retried"\} [1-9]/);
  });
});
