/**
 * The calls of the spec's table posted exactly as a multipart client posts them (foreign-client.ts): the
 * user id in every payload, `_method` for changes, orders with `items` and `delivery` as JSON texts. And
 * what such a payload cannot do: say who is calling.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { ForeignClient } from './foreign-client';
import { ADMIN } from '../api/server.setup';

type Row = Record<string, any>;

let serial = 0;
const address = () => `10.241.${Math.floor(serial / 200)}.${(serial++ % 200) + 1}`;

async function shopper(firstName = 'Nakku'): Promise<ForeignClient> {
  const client = new ForeignClient(inject('baseUrl'), address());
  const email = `${firstName.toLowerCase()}.${Date.now()}.${serial}@example.com`;
  const fields = { username: email, password: 'Kampala-2026!', email, first_name: firstName, last_name: 'Tester', name: `${firstName} Tester`, newsletter: 0 };
  client.logIn(await client.post('users/register', fields));
  return client;
}

let guest: ForeignClient;
let place: Row;
let plain: Row[];
let withChoices: Row;

const left = (product: Row) => product.stock.total_items - product.stock.items_sold;
const line = (product: Row, extra: Row = {}) => ({ product_id: product.id, product_quantity: 1, product_price_1: product.price_1, ...extra });
const delivery = (extra: Row = {}) => ({
  customer_phone_number_1: '0701 222 333',
  delivery_address_id: place.id,
  delivery_address_details: 'Kansanga, next to the fuel station',
  ...extra,
});

beforeAll(async () => {
  guest = new ForeignClient(inject('baseUrl'), address());
  place = (await guest.get('manifest')).delivery_locations.at(-1);
  const listed: Row[] = (await guest.get('products', { limit: 100, in_stock: 1, sort_by: 'price_1', sort_order: 'asc' })).data;
  plain = listed.filter((product) => Object.keys(product.variants).length === 0 && left(product) >= 10);
  withChoices = listed.find((product) => product.variants.Color?.length && product.variants.Size?.length && left(product) >= 5)!;
  expect(plain.length).toBeGreaterThan(4);
  expect(withChoices).toBeDefined();
});

describe('orders posted as multipart', () => {
  it('takes colour and size chosen among the variants, and answers data.id at POST orders', async () => {
    const buyer = await shopper();
    const [color, size] = [withChoices.variants.Color[0], withChoices.variants.Size.at(-1)];
    const placed = await buyer.post('orders', { items: [line(withChoices, { variant: { Color: color, Size: size } })], delivery: delivery() });
    const order = await buyer.get(`orders/${placed.id}`);
    expect(order.items).toEqual([expect.objectContaining({ product_id: withChoices.id, color, size, variant: {} })]);
    expect(order).toMatchObject({ payment_gateway: 'pesapal', customer_name: 'Nakku Tester', customer_phone: '0701 222 333', delivery_location_id: place.id });
  });

  it('refuses what cannot be ordered with 4xx, code 0 and the reason, and takes no stock', async () => {
    const buyer = await shopper();
    const before = left(await buyer.get(`products/${withChoices.id}`));
    const cases: [Row, number, string][] = [
      [{ items: [line(withChoices)], delivery: delivery() }, 400, `Failed to place order: Please select a color for ${withChoices.name}`],
      [{ items: [line(plain[0]!, { product_price_1: '1' })], delivery: delivery() }, 409, `Failed to place order: the price of ${plain[0]!.name} changed`],
      [
        { items: [line(plain[0]!)], delivery: delivery({ shipping_cost: place.shipping_cost + 5000 }) },
        409,
        `Failed to place order: delivery to ${place.name} costs`,
      ],
      [{ items: '[{"product_id": ', delivery: delivery() }, 400, 'Failed to place order: items:'],
      [{ items: [line(plain[0]!)], delivery: delivery({ delivery_address_id: 99_999 }) }, 400, 'Failed to place order: choose a delivery location'],
    ];
    for (const [fields, status, message] of cases) {
      const reply = await buyer.postReply('orders-create', fields);
      expect(reply.status, message).toBe(status);
      expect(reply.code, message).toBe(0);
      expect(reply.message, message).toContain(message);
    }
    expect(left(await buyer.get(`products/${withChoices.id}?fresh=1`))).toBe(before);
    expect((await buyer.get('orders', { page: 1 })).total).toBe(0);
  });

  it('places one order for the same Idempotency-Key sent twice at once', async () => {
    const buyer = await shopper();
    const fields = { items: [line(plain[1]!)], delivery: delivery() };
    const key = { 'Idempotency-Key': `foreign-${Date.now()}` };
    const [first, second] = await Promise.all([buyer.post('orders-create', fields, key), buyer.post('orders', fields, key)]);
    expect(first.id).toBe(second.id);
    expect((await buyer.get('orders', { page: 1 })).total).toBe(1);
  });
});

describe('who is calling', () => {
  it('comes from the bearer token only: a user id in the payload is not believed, a User-Id header naming someone else is refused', async () => {
    const [owner, other] = await Promise.all([shopper('Owner'), shopper('Other')]);
    const placed = await other.post('orders', { items: [line(plain[2]!)], delivery: delivery(), user: owner.userId!, user_id: owner.userId! });
    expect((await other.get(`orders/${placed.id}`)).user_id).toBe(Number(other.userId));
    expect((await owner.getReply(`orders/${placed.id}`)).status).toBe(404);

    const impostor = new ForeignClient(inject('baseUrl'), address());
    impostor.token = other.token;
    impostor.userId = owner.userId;
    const refused = await impostor.getReply('orders');
    expect(refused).toMatchObject({ status: 401, code: 0, message: 'Unauthenticated' });

    const anonymous = new ForeignClient(inject('baseUrl'), address());
    const noToken = await anonymous.postReply('orders', { items: [line(plain[2]!)], delivery: delivery(), user_id: owner.userId! });
    expect(noToken).toMatchObject({ status: 401, code: 0 });
  });
});

describe('Pesapal for a placed order', () => {
  it('refuses an order of someone else, one paid on delivery and one without an id, and checks status only for its buyer', async () => {
    const [buyer, stranger] = await Promise.all([shopper(), shopper('Stranger')]);
    const online = await buyer.post('orders', { items: [line(plain[3]!)], delivery: delivery() });
    const onDelivery = await buyer.post('orders', { items: [line(plain[3]!)], delivery: delivery(), payment_gateway: 'cash_on_delivery' });
    expect(await stranger.postReply('pesapal/initialize', { order_id: online.id })).toMatchObject({ status: 404, code: 0, message: 'Order not found' });
    expect(await stranger.getReply(`pesapal/status/${online.id}`)).toMatchObject({ status: 404, code: 0 });
    expect(await buyer.postReply('pesapal/initialize', { order_id: onDelivery.id })).toMatchObject({
      status: 409,
      code: 0,
      message: 'This order is not paid with Pesapal',
    });
    expect(await buyer.postReply('pesapal/initialize', {})).toMatchObject({ status: 400, message: 'order_id: name the order to pay for' });
    expect(await buyer.get(`pesapal/status/${onDelivery.id}`)).toMatchObject({ status: 'PAY_ON_DELIVERY' });
  });

  it('hands back one payment page to five initializes at once', async () => {
    const buyer = await shopper();
    const placed = await buyer.post('orders', { items: [line(plain[4]!)], delivery: delivery() });
    const started = await Promise.all(Array.from({ length: 5 }, () => buyer.post('pesapal/initialize', { order_id: placed.id })));
    expect(new Set(started.map((payment) => payment.order_tracking_id)).size).toBe(1);
    const history = await buyer.get(`orders/${placed.id}`);
    expect(history.payment.gateway_reference).toBe(started[0].order_tracking_id);
  });

  it('starts a new attempt only after a declined one, and never asks a paid order to pay again', async () => {
    const buyer = await shopper();
    const placed = await buyer.post('orders', { items: [line(plain[4]!)], delivery: delivery() });
    const first = await buyer.post('pesapal/initialize', { order_id: placed.id });
    await fetch(first.redirect_url, { method: 'POST', body: new URLSearchParams({ action: 'decline' }), redirect: 'manual' });
    expect(await buyer.get(`pesapal/status/${placed.id}`)).toMatchObject({ status: 'FAILED', redirect_url: '' });

    const second = await buyer.post('pesapal/initialize', { order_id: placed.id });
    expect(second.order_tracking_id).not.toBe(first.order_tracking_id);
    await fetch(second.redirect_url, { method: 'POST', body: new URLSearchParams({ action: 'pay' }), redirect: 'manual' });
    expect(await buyer.get(`pesapal/status/${placed.id}`)).toMatchObject({ status: 'COMPLETED' });
    expect(await buyer.postReply('pesapal/initialize', { order_id: placed.id })).toMatchObject({ status: 409, message: 'This order is already paid' });
  });
});

describe('reviews written and changed as multipart', () => {
  it('posts a review, changes it with _method=PUT and removes it with _method=DELETE', async () => {
    const buyer = await shopper('Reviewer');
    const product = plain[0]!;
    const written = await buyer.post('reviews', { product_id: product.id, rating: 4, comment: 'Works as described.' });
    expect(written).toMatchObject({ rating: 4, user: { id: Number(buyer.userId), name: 'Reviewer T.' } });
    expect(await buyer.post(`reviews/${written.id}?_method=PUT`, { rating: 2, comment: 'Stopped working after a week.' })).toMatchObject({ rating: 2 });
    const lowest = await buyer.get('reviews', { product_id: product.id, sort_by: 'lowest_rating', per_page: 50 });
    const ratings = lowest.reviews.map((review: Row) => review.rating);
    expect(ratings).toEqual([...ratings].sort((a, b) => a - b));
    expect(await buyer.post(`reviews/${written.id}?_method=DELETE`)).toMatchObject({ id: written.id });
    expect(await buyer.get('reviews/user-review', { product_id: product.id })).toBeNull();
  });
});

describe('error reports posted as multipart', () => {
  it('stores a report in the error boundary’s spelling, with its caps, under the token’s user, not the id the payload claims', async () => {
    const reporter = await shopper('Reporter');
    const admin = new ForeignClient(inject('baseUrl'), address());
    admin.logIn(await admin.post('users/login', { username: ADMIN.email, password: ADMIN.password }));
    const report = {
      errorId: `err_${Date.now()}_x7k2`,
      message: 'Cannot read properties of undefined (reading "name")',
      stack: 'TypeError: Cannot read properties of undefined\n    at ReviewCard (ReviewCard.jsx:14:22)',
      componentStack: '\n    at ReviewCard\n    at ProductPage',
      timestamp: new Date().toISOString(),
      userAgent: 'Mozilla/5.0 (Linux; Android 12; TECNO KG5) Chrome/121',
      url: 'https://shop.partner.test/product/12',
      userId: admin.userId,
    };
    expect(await reporter.postReply('errors', report)).toMatchObject({ status: 201, code: 1, data: { id: report.errorId } });
    const stored = (await admin.get('errors')).find((entry: Row) => entry.error_id === report.errorId);
    expect(stored).toMatchObject({
      message: report.message,
      agent: report.userAgent,
      time: report.timestamp,
      url: report.url,
      user_id: Number(reporter.userId),
      stack: expect.stringContaining('Component stack:'),
    });
    expect(stored.stack).toContain('at ProductPage');

    const tooLong = await reporter.postReply('errors', { ...report, errorId: 'err_long', message: 'x'.repeat(2001) });
    expect(tooLong).toMatchObject({ status: 400, code: 0, message: 'message: must be at most 2000 characters' });
    const tooBig = await reporter.postReply('errors', { ...report, errorId: 'err_big', stack: 'x'.repeat(40_000) });
    expect(tooBig).toMatchObject({ status: 413, code: 0, message: 'Request body is too large' });
  });
});
