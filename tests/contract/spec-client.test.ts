/**
 * The spec's own single-page client, served from another origin the store lists in CORS_ORIGINS (the foreign
 * client with its origin set): the preflight of the headers it adds once logged in, Pesapal sending the buyer back
 * to its own pages, the fields it reads to know an order is paid and where it goes, its orders list and its
 * manifest. Then the stores it meets elsewhere: a demo (PAYMENT_FAKES=1, no gateway keys) where an order naming
 * no way to pay is paid on the fake Pesapal's page, and a store without Pesapal that answers refusals with HTTP 200
 * for clients that cannot read a 4xx (API_REFUSALS_AS_200), where such an order is a manual transfer.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ForeignClient } from './foreign-client';
import { PARTNER_ORIGIN } from '../api/server.setup';
import { startStore, type RunningStore } from '../support/server';

type Row = Record<string, any>;

const PASSWORD = 'Kampala-2026!';
/** What the client sends back to after paying: a page of its own, on its own origin. */
const callbackFor = (orderId: number) => `${PARTNER_ORIGIN}/payment/callback/${orderId}`;

let serial = 0;

/** A shopper of `baseUrl` using the client served from PARTNER_ORIGIN, registered and logged in. */
async function shopperOf(baseUrl: string, name: string): Promise<ForeignClient & { email: string }> {
  const client = Object.assign(new ForeignClient(baseUrl, `10.244.0.${++serial}`), { email: `${name.toLowerCase()}.${Date.now()}.${serial}@example.com` });
  client.origin = PARTNER_ORIGIN;
  client.logIn(await client.post('users/register', { username: client.email, email: client.email, password: PASSWORD, first_name: name, last_name: 'Tester' }));
  return client;
}

/** A product the client can order without choosing a colour or a size. */
async function plainProduct(client: ForeignClient): Promise<Row> {
  const listed: Row[] = (await client.get('products', { limit: 60, in_stock: 1 })).data;
  return listed.find((entry) => entry.has_colors !== 'Yes' && entry.has_sizes !== 'Yes' && entry.stock.total_items - entry.stock.items_sold >= 10)!;
}

/** The order as the client posts it: multipart, items and delivery as JSON texts, no way to pay named. */
async function orderWithoutPaymentMethod(client: ForeignClient, product: Row, quantity = 1): Promise<Row> {
  const place = (await client.get('manifest')).delivery_locations[0];
  return client.post('orders-create', {
    items: [{ product_id: product.id, product_name: product.name, product_price_1: product.price_1, product_quantity: quantity }],
    delivery: { customer_phone_number_1: '0772 610 330', delivery_address_id: place.id, delivery_address_details: 'Plot 3, Jinja Road' },
  });
}

/** The buyer presses "Pay now" on Pesapal's page; where Pesapal sends their browser next. */
async function payOnPesapalPage(redirectUrl: string): Promise<string> {
  expect(await (await fetch(redirectUrl)).text()).toContain('Pay now');
  const paid = await fetch(redirectUrl, { method: 'POST', body: new URLSearchParams({ action: 'pay' }), redirect: 'manual' });
  expect(paid.status).toBe(302);
  return paid.headers.get('location') ?? '';
}

const corsHeaders = (reply: Response) => [...reply.headers.keys()].filter((name) => name.startsWith('access-control-'));

describe('the client on a listed origin', () => {
  let shopper: ForeignClient & { email: string };
  let product: Row;

  beforeAll(async () => {
    shopper = await shopperOf(inject('baseUrl'), 'Nabirye');
    product = await plainProduct(shopper);
  });

  it('passes the preflight of the headers it adds once logged in; a page on an origin not listed gets no CORS headers', async () => {
    const asked = 'accept,authorization,http_user_id,user-id,user_id,x-forwarded-for';
    const preflight = (origin: string) =>
      fetch(new URL('/api/orders', inject('baseUrl')), {
        method: 'OPTIONS',
        headers: { Origin: origin, 'Access-Control-Request-Method': 'GET', 'Access-Control-Request-Headers': asked },
      });
    const listed = await preflight(PARTNER_ORIGIN);
    expect(listed.status).toBe(204);
    expect(listed.headers.get('access-control-allow-origin')).toBe(PARTNER_ORIGIN);
    expect(listed.headers.get('access-control-allow-headers')).toBe(asked);
    expect(corsHeaders(await preflight('https://unlisted.shop.test'))).toEqual([]);

    // The call itself, with those headers, is answered to the client's origin.
    const reply = await fetch(new URL('/api/orders', inject('baseUrl')), {
      headers: { Origin: PARTNER_ORIGIN, Authorization: `Bearer ${shopper.token}`, HTTP_USER_ID: shopper.userId!, user_id: shopper.userId! },
    });
    expect(reply.status).toBe(200);
    expect(reply.headers.get('access-control-allow-origin')).toBe(PARTNER_ORIGIN);
  });

  it("pays with Pesapal and comes back to the client's page; the order then reads paid, with where it goes", async () => {
    const placed = await orderWithoutPaymentMethod(shopper, product);
    expect(placed.payment_gateway).toBe('pesapal');

    const foreign = await shopper.postReply('pesapal/initialize', { order_id: placed.id, callback_url: 'https://unlisted.shop.test/payment/callback/1' });
    expect([foreign.status, foreign.code]).toEqual([400, 0]);
    expect(foreign.message).toMatch(/^callback_url: /);

    const payment = await shopper.post('pesapal/initialize', { order_id: placed.id, callback_url: callbackFor(placed.id) });
    expect(payment.redirect_url).toMatch(new RegExp(`^${inject('pesapalUrl')}/pay/`));
    expect(await payOnPesapalPage(payment.redirect_url)).toMatch(new RegExp(`^${callbackFor(placed.id)}\\?OrderTrackingId=`));

    const order = await shopper.get(`orders/${placed.id}`);
    expect(order).toMatchObject({
      pesapal_status: 'COMPLETED',
      payment_confirmation: 'PAID',
      order_state: 'confirmed',
      mail: shopper.email,
      customer_phone_number_1: '0772 610 330',
      customer_address: 'Plot 3, Jinja Road',
    });
    const again = await shopper.postReply('pesapal/initialize', { order_id: placed.id, callback_url: callbackFor(placed.id) });
    expect([again.status, again.code, again.message]).toEqual([409, 0, 'This order is already paid']);
  });

  it('reads its orders as a plain list without page, and as pages with page', async () => {
    const newest = await orderWithoutPaymentMethod(shopper, product, 2);
    const plain: Row[] = await shopper.get('orders');
    expect(Array.isArray(plain)).toBe(true);
    expect(plain[0]).toMatchObject({ id: newest.id, order_state: 'pending', pesapal_status: 'PENDING_PAYMENT', payment_confirmation: '' });
    const ids = plain.map((order) => order.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(ids.length).toBe(2);

    const paged = await shopper.get('orders', { page: 1 });
    expect(paged).toMatchObject({ current_page: 1, total: 2, last_page: 1 });
    expect(paged.data.map((order: Row) => order.id)).toEqual(ids);
  });

  it("reads the manifest's wishlist as rows and its recent orders in the fields it knows", async () => {
    await shopper.post('wishlist_add', { product_id: product.id });
    const manifest = await shopper.get('manifest');
    expect(manifest.wishlist).toEqual([
      expect.objectContaining({
        id: expect.any(Number),
        user_id: Number(shopper.userId),
        product_id: product.id,
        product_name: product.name,
        product_price: product.price_1,
        product_sale_price: product.price_2,
        product_photo: product.feature_photo,
      }),
    ]);
    const [newest, paid] = manifest.recent_orders;
    expect(newest).toMatchObject({
      order_total: Number(product.price_1) * 2,
      order_state: 'pending',
      payment_confirmation: '',
      date_created: expect.any(String),
    });
    expect(paid).toMatchObject({ order_state: 'confirmed', payment_confirmation: 'PAID' });
    expect(JSON.parse(newest.items)).toEqual([expect.objectContaining({ product_id: product.id })]);
  });
});

describe('the stores the client meets elsewhere', () => {
  let demo: RunningStore;
  let compatible: RunningStore;

  beforeAll(async () => {
    // A demo runs on the embedded database whatever this run's database is (PAYMENT_FAKES refuses DATABASE_URL);
    // the store without Pesapal shares this run's database.
    [demo, compatible] = await Promise.all([
      startStore({ env: { PAYMENT_FAKES: '1', CORS_ORIGINS: PARTNER_ORIGIN } }),
      startStore({ databaseUrl: process.env.API_DATABASE_URL || undefined, env: { API_REFUSALS_AS_200: '1', CORS_ORIGINS: PARTNER_ORIGIN } }),
    ]);
  }, 300_000);

  afterAll(async () => {
    await Promise.all([demo?.stop(), compatible?.stop()]);
  });

  it('in a demo without gateway keys, an order naming no way to pay goes to Pesapal, paid on its fake page', async () => {
    const shopper = await shopperOf(demo.baseUrl, 'Kisakye');
    expect(await shopper.get('pesapal/config')).toMatchObject({ enabled: true });
    const placed = await orderWithoutPaymentMethod(shopper, await plainProduct(shopper));
    expect(placed.payment_gateway).toBe('pesapal');

    const payment = await shopper.post('pesapal/initialize', { order_id: placed.id, callback_url: callbackFor(placed.id) });
    expect(payment.redirect_url).not.toMatch(new RegExp(`^${inject('pesapalUrl')}`));
    expect(await payOnPesapalPage(payment.redirect_url)).toMatch(new RegExp(`^${callbackFor(placed.id)}\\?`));
    expect(await shopper.get(`pesapal/status/${placed.id}`)).toMatchObject({ status: 'COMPLETED' });
    expect(await shopper.get(`orders/${placed.id}`)).toMatchObject({ pesapal_status: 'COMPLETED', payment_confirmation: 'PAID', order_state: 'confirmed' });
  });

  it('without Pesapal, an order naming no way to pay is a manual transfer', async () => {
    const shopper = await shopperOf(compatible.baseUrl, 'Atim');
    expect(await shopper.get('pesapal/config')).toMatchObject({ enabled: false });
    const placed = await orderWithoutPaymentMethod(shopper, await plainProduct(shopper));
    expect(placed).toMatchObject({ payment_gateway: 'manual', pesapal_status: 'PENDING_PAYMENT', order_state: 'pending' });
  });

  it('with API_REFUSALS_AS_200 on, a refusal is HTTP 200 with code 0 and the same message; off, it keeps its status', async () => {
    const [usual, old] = await Promise.all([shopperOf(inject('baseUrl'), 'Odongo'), shopperOf(compatible.baseUrl, 'Odongo')]);
    const empty = { items: [], delivery: { customer_phone_number_1: '0772 610 330' } };
    const [refused, refusedAs200] = await Promise.all([usual.postReply('orders-create', empty), old.postReply('orders-create', empty)]);
    expect([refused.status, refused.code]).toEqual([400, 0]);
    expect([refusedAs200.status, refusedAs200.code, refusedAs200.message]).toEqual([200, 0, refused.message]);

    const missing = await old.getReply('orders/999999999');
    expect([missing.status, missing.code]).toEqual([200, 0]);
    expect((await usual.getReply('orders/999999999')).status).toBe(404);
    // Not logged in stays 401 either way, so the client still logs the shopper in again.
    old.token = null;
    expect((await old.getReply('orders')).status).toBe(401);
  });
});
