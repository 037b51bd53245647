/**
 * Several store processes on one PostgreSQL: a write on one is seen on another within a second, because
 * each drops its cached reads when another announces a write (LISTEN/NOTIFY), and goes on doing so after
 * its listening connection is killed. PGlite is one process, so these run on PostgreSQL only.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import pg from 'pg';
import { api } from './client';
import { startStore, type RunningStore } from '../support/server';
import { DEMO_ACCOUNTS } from '../../src/server/demo-data/demo-accounts';

type Row = Record<string, any>;

const databaseUrl = process.env.API_DATABASE_URL;
const onPostgres = inject('databaseDriver') === 'postgres' && Boolean(databaseUrl);

let second: RunningStore;
let buyer: Record<string, string>;
let location: Row;

const onSecond = async (path: string) => (await (await fetch(new URL(path, second.baseUrl))).json()) as { data: Row };
const pageOnSecond = (path: string) => fetch(new URL(path, second.baseUrl));
const unitsLeft = (product: Row) => product.stock.total_items - product.stock.items_sold;

/** Asks the second instance until `check` holds, for at most `withinMs`; gives how long it took. */
async function seenOnSecond(path: string, check: (data: Row) => boolean, withinMs: number): Promise<number> {
  return seenOnSecondAs(path, async () => check((await onSecond(path)).data), withinMs);
}

async function seenOnSecondAs(path: string, check: () => Promise<boolean>, withinMs: number): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < withinMs) {
    if (await check()) return Date.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`the second instance still showed the old ${path} after ${withinMs} ms`);
}

async function orderOnFirst(product: Row) {
  const reply = await api('/api/orders', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...buyer },
    body: JSON.stringify({
      items: [{ product_id: product.id, quantity: 1 }],
      customer_name: 'Opio Two',
      customer_phone: '0772 555 030',
      delivery_location_id: location.id,
      delivery_address: 'Plot 4, Ntinda',
      payment_gateway: 'cash_on_delivery',
    }),
  });
  expect(reply.status).toBe(201);
}

/** The demo marketer's headers for JSON calls to the content API, logged in from `address`. */
async function marketerHeaders(address: string): Promise<Record<string, string>> {
  const login = await api('/api/users/login', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': address },
    body: JSON.stringify({ username: DEMO_ACCOUNTS.marketer.email, password: DEMO_ACCOUNTS.marketer.password }),
  });
  return { 'Content-Type': 'application/json', Authorization: `Bearer ${login.body.data.token}` };
}

describe.skipIf(!onPostgres)('two store instances on one PostgreSQL', () => {
  beforeAll(async () => {
    second = await startStore({ databaseUrl, env: { SEED_ON_START: '0' } });
    const email = `two.${Date.now()}@example.com`;
    const registered = await api('/api/users/register', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': '10.250.0.1' },
      body: JSON.stringify({ email, password: 'Kampala-2026!', first_name: 'Opio', last_name: 'Two' }),
    });
    buyer = { Authorization: `Bearer ${registered.body.data.token}` };
    location = (await api('/api/manifest')).body.data.delivery_locations[0];
  }, 180_000);

  afterAll(async () => {
    await second?.stop();
  });

  async function aProduct(): Promise<Row> {
    const listed: Row[] = (await api('/api/products?limit=100&in_stock=1&sort_by=price_1&sort_order=asc')).body.data.data;
    const plain = listed.filter((p) => p.has_colors !== 'Yes' && p.has_sizes !== 'Yes' && unitsLeft(p) >= 3);
    return plain[Math.floor(Math.random() * plain.length)]!;
  }

  it('a guest id the first issued reads the same search history on the second, with nothing configured', async () => {
    const saved = await api('/api/search-history', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ query: 'matooke' }),
    });
    const signed: string = saved.body.data.session_id;
    const onTheSecond = await fetch(new URL('/api/search-history', second.baseUrl), { headers: { 'X-Session-ID': signed } });
    const data = ((await onTheSecond.json()) as Row).data;
    expect(data.session_id).toBe(signed);
    expect(data.recent_searches.map((search: Row) => search.query)).toEqual(['matooke']);
  });

  it("an order on the first shows on the second's cached product and list within a second", async () => {
    const product = await aProduct();
    const path = `/api/products/${product.id}`;
    const before = unitsLeft((await onSecond(path)).data);
    await onSecond(path);
    await onSecond('/api/products?limit=100&in_stock=1&sort_by=price_1&sort_order=asc');
    await orderOnFirst(product);
    await seenOnSecond(path, (data) => unitsLeft(data) === before - 1, 1000);
    await seenOnSecond(
      '/api/products?limit=100&in_stock=1&sort_by=price_1&sort_order=asc',
      (data) => unitsLeft(data.data.find((p: Row) => p.id === product.id)) === before - 1,
      1000,
    );
  });

  it("an order on the first shows on the second's cached product page within a second", async () => {
    const product = await aProduct();
    const path = `/product/${product.id}`;
    const left = unitsLeft((await onSecond(`/api/products/${product.id}`)).data);
    await (await pageOnSecond(path)).text();
    const cached = await pageOnSecond(path);
    expect(await cached.text()).toContain(` ${left} left`);
    expect(cached.headers.get('x-astro-cache')).toBe('HIT');
    await orderOnFirst(product);
    await seenOnSecondAs(path, async () => (await (await pageOnSecond(path)).text()).includes(` ${left - 1} left`), 1000);
  });

  it("a page published on the first shows on the second's cached page and in its search index within a second", async () => {
    const marketer = await marketerHeaders('10.250.0.2');
    const word = `nyama${Date.now().toString(36).replace(/\d/g, '')}`;
    const path = '/about-legacy';
    await (await pageOnSecond(path)).text();
    expect((await pageOnSecond(path)).headers.get('x-astro-cache')).toBe('HIT');
    const entryBefore = (await (await pageOnSecond('/pagefind/pagefind-entry.json')).json()).languages.en.hash;
    const document = (await api(`/api/content${path}`, { headers: marketer })).body.data;
    const published = await api(`/api/content${path}/publish`, {
      method: 'POST',
      headers: marketer,
      body: JSON.stringify({ version: document.version, content: { ...document.published, body: `${document.published.body}\n\nFresh ${word} daily.` } }),
    });
    expect(published.status).toBe(200);
    await seenOnSecondAs(path, async () => (await (await pageOnSecond(path)).text()).includes(word), 1000);
    await seenOnSecondAs(
      '/pagefind/pagefind-entry.json',
      async () => (await (await pageOnSecond('/pagefind/pagefind-entry.json')).json()).languages.en.hash !== entryBefore,
      1000,
    );
    const restored = await api(`/api/content${path}/restore`, {
      method: 'POST',
      headers: marketer,
      body: JSON.stringify({ version: published.body.data.version, number: document.published_number }),
    });
    expect(restored.status).toBe(200);
  });

  it("a Luganda publish on the first shows on the second's cached Luganda page, an English one on its pages that show the English", async () => {
    const marketer = await marketerHeaders('10.250.0.3');
    const word = `ssomero${Date.now().toString(36).replace(/\d/g, '')}`;
    const publish = (language: string, version: number, content: unknown) =>
      api(`/api/content/mobile-apps/publish?language=${language}`, { method: 'POST', headers: marketer, body: JSON.stringify({ version, content }) });
    for (const path of ['/lg/mobile-apps', '/sw/mobile-apps']) {
      await (await pageOnSecond(path)).text();
      expect((await pageOnSecond(path)).headers.get('x-astro-cache'), path).toBe('HIT');
    }
    const luganda = (await api('/api/content/mobile-apps?language=lg', { headers: marketer })).body.data;
    const translated = await publish('lg', luganda.version, { ...(luganda.published ?? luganda.english), body: `Apps za Duuka: ${word}.` });
    expect(translated.status, translated.body.message).toBe(200);
    await seenOnSecondAs('/lg/mobile-apps', async () => (await (await pageOnSecond('/lg/mobile-apps')).text()).includes(word), 1000);

    const english = (await api('/api/content/mobile-apps?language=en', { headers: marketer })).body.data;
    const changed = await publish('en', english.version, { ...english.published, body: `${english.published.body}\n\nNew: ${word}-en.` });
    expect(changed.status).toBe(200);
    await seenOnSecondAs('/sw/mobile-apps', async () => (await (await pageOnSecond('/sw/mobile-apps')).text()).includes(`${word}-en`), 1000);
    expect(await (await pageOnSecond('/lg/mobile-apps')).text()).not.toContain(`${word}-en`);
    const restored = await api('/api/content/mobile-apps/restore?language=en', {
      method: 'POST',
      headers: marketer,
      body: JSON.stringify({ version: changed.body.data.version, number: english.published_number }),
    });
    expect(restored.status).toBe(200);
  });

  it('goes on hearing writes after its listening connection is killed', async () => {
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    try {
      const killed = await admin.query(
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query LIKE 'LISTEN store_catalogue_purge%' AND pid <> pg_backend_pid()",
      );
      expect(killed.rowCount).toBeGreaterThanOrEqual(2);
    } finally {
      await admin.end();
    }
    const product = await aProduct();
    const path = `/api/products/${product.id}`;
    // Once it listens again (it reconnects within moments), its cache is filled again and then a write must reach it.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const before = unitsLeft((await onSecond(path)).data);
    await onSecond(path);
    await orderOnFirst(product);
    await seenOnSecond(path, (data) => unitsLeft(data) === before - 1, 1000);
    expect(second.output()).toContain('[cache] listening for other instances again');
  });
});
