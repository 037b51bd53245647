/**
 * What the spec's own single-page client needs once it runs on another origin listed in CORS_ORIGINS: its
 * preflights pass with the headers it adds, Pesapal sends the buyer back to its pages, and it reads an order
 * as paid, its orders as a list and its manifest's wishlist and recent orders in the fields it knows.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { api } from './client';
import { call, login, orderProduct, register, type Caller } from './callers';
import { ADMIN, PARTNER_ORIGIN } from './server.setup';
import { startStore, type RunningStore } from '../support/server';

type Row = Record<string, any>;

let buyer: Caller & { email: string };
let location: Row;
let product: Row;

const pesapalState = async () => (await fetch(new URL('/__fake/state', inject('pesapalUrl')))).json();
const submittedFor = async (redirectUrl: string): Promise<Row> =>
  (await pesapalState()).orders.find((entry: Row) => entry.order_tracking_id === redirectUrl.split('/').at(-1));

const placePesapalOrder = async (quantity = 1) => {
  const placed = await orderProduct(buyer, product.id, quantity, location.id, 'pesapal');
  expect(placed.status, placed.body.message).toBe(201);
  return placed.body.data as Row;
};

beforeAll(async () => {
  buyer = await register('10.243.0.1', 'Nakato');
  location = (await api('/api/manifest')).body.data.delivery_locations[0];
  const listed: Row[] = (await api('/api/products?limit=60&in_stock=1')).body.data.data;
  product = listed.find((entry) => entry.has_colors !== 'Yes' && entry.has_sizes !== 'Yes' && entry.stock.total_items - entry.stock.items_sold >= 10)!;
});

describe('a preflight from the client', () => {
  const preflight = (origin: string, requested: string) =>
    fetch(new URL('/api/manifest', inject('baseUrl')), {
      method: 'OPTIONS',
      headers: { Origin: origin, 'Access-Control-Request-Method': 'GET', 'Access-Control-Request-Headers': requested },
    });
  const ours = 'Authorization, User-Id, X-Session-ID, Content-Type, Idempotency-Key';

  it('allows the headers a listed origin asks for once logged in, and still trusts only the bearer token', async () => {
    const asked = 'authorization,http_user_id,tok,user-id,user_id';
    const reply = await preflight(PARTNER_ORIGIN, asked);
    expect(reply.status).toBe(204);
    expect(reply.headers.get('access-control-allow-origin')).toBe(PARTNER_ORIGIN);
    expect(reply.headers.get('access-control-allow-headers')).toBe(asked);
    expect(reply.headers.get('vary')).toContain('Access-Control-Request-Headers');

    const stranger = await register('10.243.0.2', 'Okello');
    const claimed = await api('/api/orders', {
      headers: { Origin: PARTNER_ORIGIN, user_id: String(stranger.id), HTTP_USER_ID: String(stranger.id), 'User-Id': String(stranger.id) },
    });
    expect(claimed.status).toBe(401);
  });

  it('allows only our own headers when the list asked for is too long', async () => {
    const reply = await preflight(PARTNER_ORIGIN, Array.from({ length: 200 }, (_, index) => `x-header-${index}`).join(','));
    expect(reply.status).toBe(204);
    expect(reply.headers.get('access-control-allow-headers')).toBe(ours);
  });

  it('gives an origin not listed no CORS headers', async () => {
    const reply = await preflight('https://elsewhere.test', 'user_id,tok');
    expect([...reply.headers.keys()].filter((name) => name.startsWith('access-control-'))).toEqual([]);
  });
});

describe("paying in the client's own pages", () => {
  // A buyer of its own for each test: an account may have only 2 orders waiting for payment, and these leave theirs.
  let payers = 0;
  beforeEach(async () => {
    buyer = await register(`10.243.1.${++payers}`, 'Nakato');
  });

  it('sends the buyer back to the callback_url on a listed origin, replacing a page made with another address', async () => {
    const order = await placePesapalOrder();
    const first = order.payment.redirect_url as string;
    expect((await submittedFor(first)).callback_url).toBe(`${new URL(inject('baseUrl')).origin}/payment/callback/${order.id}`);

    const callback = `${PARTNER_ORIGIN}/payment/callback/${order.id}`;
    const started = await call('/api/pesapal/initialize', buyer, 'POST', { order_id: order.id, callback_url: callback });
    expect(started.status, started.body.message).toBe(200);
    expect(started.body.data.redirect_url).not.toBe(first);
    expect(await submittedFor(started.body.data.redirect_url)).toMatchObject({ callback_url: callback, cancellation_url: callback });
    // Asked again with the same address, the open page is handed back.
    const again = await call('/api/pesapal/initialize', buyer, 'POST', { order_id: order.id, callback_url: `${PARTNER_ORIGIN}/payment/callback/{order_id}` });
    expect(again.body.data.order_tracking_id).toBe(started.body.data.order_tracking_id);

    // The buyer pays on the new page and comes back to the client's page; the order reads paid in its fields.
    const paid = await fetch(new URL(`/pay/${started.body.data.order_tracking_id}`, inject('pesapalUrl')), {
      method: 'POST',
      body: new URLSearchParams({ action: 'pay' }),
      redirect: 'manual',
    });
    expect(paid.headers.get('location')).toMatch(new RegExp(`^${callback}\\?OrderTrackingId=`));
    const read = (await call(`/api/orders/${order.id}`, buyer)).body.data;
    expect(read).toMatchObject({
      payment_status: 'COMPLETED',
      pesapal_status: 'COMPLETED',
      payment_confirmation: 'PAID',
      order_state: 'confirmed',
      mail: buyer.email,
      customer_phone_number_1: '0772 555 020',
      customer_address: 'Plot 9, Lugogo Bypass',
    });
    expect(read.items[0]).toMatchObject({ quantity: 1, product_quantity: 1, price: Number(product.price_1), product_price_1: product.price_1 });
    const twice = await call('/api/pesapal/initialize', buyer, 'POST', { order_id: order.id, callback_url: callback });
    expect([twice.status, twice.body.message]).toEqual([409, 'This order is already paid']);

    // Pesapal cannot close the page made with the store's address: money paid there too is owed back, once.
    await fetch(first, { method: 'POST', body: new URLSearchParams({ action: 'pay' }), redirect: 'manual' });
    const admin = await login(ADMIN.email, ADMIN.password, '10.243.0.3');
    const record = (await call(`/api/orders/${order.id}/payment-history`, admin)).body.data;
    expect(record.payment_status).toBe('COMPLETED');
    expect(record.refunds).toEqual([expect.objectContaining({ amount: order.total, reason: 'overpayment', status: 'due' })]);
  });

  it('refuses a callback_url on any other origin, in the language asked, and starts nothing', async () => {
    const order = await placePesapalOrder();
    const before = (await pesapalState()).orders.length;
    for (const address of ['https://elsewhere.test/payment/callback/1', `${PARTNER_ORIGIN}.elsewhere.test/cb`, 'javascript:alert(1)']) {
      const refused = await call('/api/pesapal/initialize', buyer, 'POST', { order_id: order.id, callback_url: address });
      expect([refused.status, refused.body.code, refused.body.message], address).toEqual([
        400,
        0,
        'callback_url: after paying, the buyer can only be sent back to this store or a shop it works with',
      ]);
    }
    const pay = await call(`/api/orders/${order.id}/pay`, buyer, 'POST', { callback_url: 'https://elsewhere.test/cb' });
    expect(pay.status).toBe(400);
    const inLuganda = await api('/api/pesapal/initialize', {
      method: 'POST',
      headers: { ...buyer.headers, 'Content-Type': 'application/json', 'Accept-Language': 'lg' },
      body: JSON.stringify({ order_id: order.id, callback_url: 'https://elsewhere.test/cb' }),
    });
    expect(inLuganda.body.message).toBe(
      "callback_url: oluvannyuma lw'okusasula, omuguzi asobola kuzzibwa ku dduuka lino lyokka oba ku dduuka lye likola nalyo",
    );
    const inSwahili = await api('/api/pesapal/initialize', {
      method: 'POST',
      headers: { ...buyer.headers, 'Content-Type': 'application/json', 'Accept-Language': 'sw' },
      body: JSON.stringify({ order_id: order.id, callback_url: 'https://elsewhere.test/cb' }),
    });
    expect(inSwahili.body.message).toBe('callback_url: baada ya kulipa, mnunuzi anaweza kurudishwa tu kwenye duka hili au duka linaloshirikiana nalo');
    expect((await pesapalState()).orders.length).toBe(before);
  });

  it('takes the callback_url on our own pay call too', async () => {
    const order = await placePesapalOrder();
    const callback = `${PARTNER_ORIGIN}/account/orders/${order.id}`;
    const retried = await call(`/api/orders/${order.id}/pay`, buyer, 'POST', { callback_url: callback });
    expect(retried.status, retried.body.message).toBe(200);
    expect((await submittedFor(retried.body.data.payment.redirect_url)).callback_url).toBe(callback);
  });
});

describe("the caller's orders and manifest in the client's fields", () => {
  it('lists the orders plainly without page, newest first, and as the pagination object with page', async () => {
    const newest = await placePesapalOrder(2);
    const plain = await call('/api/orders', buyer);
    expect(plain.status).toBe(200);
    expect(Array.isArray(plain.body.data)).toBe(true);
    expect(plain.body.data[0]).toMatchObject({
      id: newest.id,
      order_state: 'pending',
      payment_confirmation: '',
      pesapal_status: 'PENDING_PAYMENT',
      mail: buyer.email,
    });
    const ids = plain.body.data.map((entry: Row) => entry.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(JSON.parse(plain.body.data[0].items)[0]).toMatchObject({
      quantity: 2,
      product_quantity: 2,
      price: Number(product.price_1),
      product_price_1: product.price_1,
    });

    const paged = (await call('/api/orders?page=1', buyer)).body.data;
    expect(paged).toMatchObject({ current_page: 1, per_page: 10, total: ids.length });
    expect(paged.data.map((entry: Row) => entry.id)).toEqual(ids.slice(0, 10));
  });

  it('gives the manifest wishlist rows and recent orders with the fields the client reads', async () => {
    expect((await call('/api/wishlist_add', buyer, 'POST', { product_id: product.id })).status).toBe(200);
    const manifest = (await call('/api/manifest', buyer)).body.data;
    expect(manifest.wishlist).toEqual([
      expect.objectContaining({
        id: expect.any(Number),
        user_id: buyer.id,
        product_id: product.id,
        product_name: product.name,
        product_price: product.price_1,
        product_sale_price: product.price_2,
        product_photo: product.feature_photo,
      }),
    ]);
    expect(manifest.counts.wishlist_count).toBe(1);
    const [recent] = manifest.recent_orders;
    expect(recent).toMatchObject({ order_total: expect.any(Number), order_state: 'pending', payment_confirmation: '', date_created: expect.any(String) });
    expect(JSON.parse(recent.items)).toEqual([expect.objectContaining({ product_id: product.id })]);
    expect((await api('/api/manifest')).body.data.wishlist).toEqual([]);
  });
});

describe('API_REFUSALS_AS_200', () => {
  let compatible: RunningStore;

  beforeAll(async () => {
    compatible = await startStore({ databaseUrl: process.env.API_DATABASE_URL || undefined, env: { API_REFUSALS_AS_200: '1', SEED_ON_START: '0' } });
  }, 180_000);

  afterAll(async () => {
    await compatible?.stop();
  });

  const on = async (store: string, path: string, init: RequestInit = {}) => {
    const reply = await fetch(new URL(path, store), init);
    return { status: reply.status, body: await reply.json() };
  };

  it('answers refusals other than 401 with 200 and code 0 when set, and with their status otherwise', async () => {
    const refusal = { headers: { 'Content-Type': 'application/json' }, method: 'POST', body: JSON.stringify({ username: 'x' }) };
    for (const [path, init, status] of [
      ['/api/no-such-thing', {}, 404],
      ['/api/products/999999999', {}, 404],
      ['/api/users/login', refusal, 400],
    ] as const) {
      const normal = await on(inject('baseUrl'), path, init);
      const old = await on(compatible.baseUrl, path, init);
      expect(normal.status, path).toBe(status);
      expect(old.status, path).toBe(200);
      expect(old.body).toEqual(normal.body);
      expect(old.body.code).toBe(0);
    }
    expect((await on(compatible.baseUrl, '/api/orders')).status).toBe(401);
  });
});
