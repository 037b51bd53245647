/**
 * The texts' budget in a running store with its default limits (the shared test store lifts them): one buyer
 * placing cash-on-delivery orders that name a stranger's number and cancelling them cannot flood the stranger or
 * the vendor, what the budget holds back is recorded as skipped, cash on delivery counts among an account's unpaid
 * orders, and a production store without an SMS account does not start. On PostgreSQL the orders go through two
 * instances at once: the budget is counted in the database they share.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startRefused, startStore, type RunningStore } from '../support/server';
import { ADMIN, smsEnv } from './server.setup';
import { DEMO_ACCOUNTS } from '../../src/server/demo-data/demo-accounts';
import { FAKE_AT_API_KEY, FAKE_AT_USERNAME, type FakeSms } from '../support/fake-africastalking';

type Row = Record<string, any>;
type Caller = { id: number; headers: Record<string, string> };

const STRANGER = '0772 600 700';
const STRANGER_NUMBER = '+256772600700';
const onPostgres = inject('databaseDriver') === 'postgres' && Boolean(process.env.API_DATABASE_URL);

let stores: RunningStore[] = [];
let vendorNumber: string;
let product: Row;
let location: Row;

async function call(store: RunningStore, path: string, who: Caller | null, method = 'GET', body?: unknown, address = '10.250.0.1') {
  const response = await fetch(new URL(path, store.baseUrl), {
    method,
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': address, ...(who?.headers ?? {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

const smsFake = async (path: string, body?: unknown) =>
  (
    await fetch(
      new URL(path, inject('smsUrl')),
      body === undefined ? {} : { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) },
    )
  ).json();

const sentTo = async (number: string): Promise<FakeSms[]> =>
  ((await smsFake('/__fake/state')).messages as FakeSms[]).filter((message) => message.to === number && message.outcome === 'sent');

async function register(store: RunningStore, name: string, address: string): Promise<Caller> {
  const email = `${name.toLowerCase()}.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.com`;
  const reply = await call(store, '/api/users/register', null, 'POST', { email, password: 'Kampala-2026!', first_name: name, last_name: 'Tester' }, address);
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
  return { id: reply.body.data.id, headers: { Authorization: `Bearer ${reply.body.data.token}` } };
}

const order = (store: RunningStore, buyer: Caller, phone = STRANGER) =>
  call(store, '/api/orders', buyer, 'POST', {
    items: [{ product_id: product.id, quantity: 1, price: Number(product.price_1) }],
    customer_name: 'Someone Else',
    customer_phone: phone,
    delivery_location_id: location.id,
    delivery_address: 'Plot 9, Bukoto',
    payment_gateway: 'cash_on_delivery',
  });

beforeAll(async () => {
  await smsFake('/__fake/reset', {});
  const env = {
    ...smsEnv({ baseUrl: inject('smsUrl'), username: FAKE_AT_USERNAME, apiKey: FAKE_AT_API_KEY }),
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    PAYOUT_DAYS: '',
  };
  // On PostgreSQL both share the API tests' database (already seeded); on PGlite one store seeds its own.
  stores = onPostgres
    ? await Promise.all([0, 1].map(() => startStore({ databaseUrl: process.env.API_DATABASE_URL, env: { ...env, SEED_ON_START: '0' } })))
    : [await startStore({ env })];
  const [store] = stores;
  const vendor = DEMO_ACCOUNTS.vendor;
  const login = await call(store!, '/api/users/login', null, 'POST', { username: vendor.email, password: vendor.password }, '10.250.0.9');
  const shop = (await call(store!, `/api/vendors/${login.body.data.id}`, null)).body.data;
  vendorNumber = `+256${shop.business_phone_number.replace(/\D/g, '').slice(-9)}`;
  location = (await call(store!, '/api/manifest', null)).body.data.delivery_locations[0];
  const products = (await call(store!, `/api/products?limit=100&in_stock=1&vendor=${login.body.data.id}`, null)).body.data.data as Row[];
  product = products.find((p) => p.has_colors !== 'Yes' && p.has_sizes !== 'Yes' && p.stock.total_items - p.stock.items_sold >= 10)!;
  expect(product).toBeDefined();
}, 240_000);

afterAll(async () => {
  await Promise.all(stores.map((store) => store.stop()));
});

describe('one buyer ordering again and again with a stranger’s number', () => {
  it('80 cash-on-delivery orders placed and cancelled reach the stranger at most 5 times, and the vendor at most 5', async () => {
    const buyer = await register(stores[0]!, 'Flood', '10.250.0.2');
    const ids: number[] = [];
    for (let round = 0; round < 16; round++) {
      // Five at once, spread over the instances: as many as an account may have waiting to be paid.
      const placed = await Promise.all([0, 1, 2, 3, 4].map((n) => order(stores[(round + n) % stores.length]!, buyer)));
      for (const reply of placed) expect(reply.status, JSON.stringify(reply.body)).toBe(201);
      const cancelled = await Promise.all(
        placed.map((reply, n) => call(stores[n % stores.length]!, `/api/orders/${reply.body.data.id}/cancel`, buyer, 'POST')),
      );
      for (const reply of cancelled) expect(reply.status, JSON.stringify(reply.body)).toBe(200);
      ids.push(...placed.map((reply) => reply.body.data.id));
    }
    expect(ids).toHaveLength(80);
    // Give the senders time to send anything they were let.
    await new Promise((resolve) => setTimeout(resolve, 4_000));
    const toStranger = await sentTo(STRANGER_NUMBER);
    expect(toStranger.length).toBeGreaterThan(0);
    expect(toStranger.length).toBeLessThanOrEqual(5);
    // Only "placed" texts: a stranger hears nothing of a cancellation.
    for (const text of toStranger) expect(text.message).toMatch(/is placed\./);
    expect((await sentTo(vendorNumber)).length).toBeLessThanOrEqual(5);

    // The rest are recorded as skipped, with why, on the status page.
    const admin = await call(stores[0]!, '/api/users/login', null, 'POST', { username: ADMIN.email, password: ADMIN.password }, '10.250.0.8');
    const page = await fetch(new URL('/integration-status', stores[0]!.baseUrl), { headers: { Cookie: `duuka_session=${admin.body.data.token}` } });
    const status = await page.text();
    const skipped = Number(/skipped (\d+)/.exec(status)?.[1] ?? 0);
    expect(skipped).toBeGreaterThanOrEqual(80 * 3 - 10);
    expect(status).toMatch(/the number has had \d+ texts and requests to pay in 10 minutes|not the buyer&#39;s own number|account \d+ has caused/);
  }, 180_000);

  it('a sixth cash-on-delivery order waiting at once is refused like a sixth unpaid online one', async () => {
    const buyer = await register(stores[0]!, 'Many', '10.250.0.3');
    for (let n = 0; n < 5; n++) expect((await order(stores[n % stores.length]!, buyer, '0772 600 701')).status).toBe(201);
    const sixth = await order(stores[0]!, buyer, '0772 600 701');
    expect(sixth.status).toBe(429);
    expect(sixth.body.message).toContain('you already have 5 orders waiting for payment');
  });
});

describe('a production store', () => {
  it('without an SMS account refuses to start unless SMS_DISABLED=1 says texts are off', async () => {
    const refused = await startRefused({ NODE_ENV: 'production', SITE_URL: 'https://duuka.example', AT_USERNAME: undefined, AT_API_KEY: undefined });
    expect(refused.code).toBe(1);
    expect(refused.output).toContain('The store cannot start: NODE_ENV=production needs an SMS account');
    expect(refused.output).toContain('SMS_DISABLED=1');
  }, 150_000);
});
