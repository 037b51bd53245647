/**
 * A Stripe payment page the store let go of is closed, even when Stripe's answer never came: a session made by a
 * start whose reply was lost (a timeout after Stripe acted) is found by the attempt's reference and closed, at once
 * or by the page closer, and a page whose close failed is closed later. Otherwise it would stay open, unknown to the
 * books, beside the order's one attempt. Run on PostgreSQL as well as PGlite.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { api } from './client';
import { call, login, register, type Caller } from './callers';
import { ADMIN } from './server.setup';
import { until } from '../support/mobile-money-kit';
import { askFake, paymentHistory, plainProducts, stripeSessionOf, type Row } from './payment-kit';

let admin: Caller;
let location: Row;
let plain: Row[];
let next = 0;
let addresses = 0;

const nextProduct = () => plain[next++ % plain.length]!;
/** A new buyer from an address of its own (registrations per address are limited). */
const newBuyer = () => register(`10.238.${Math.floor(addresses / 200)}.${(addresses++ % 200) + 1}`, 'Nakato');

async function placeOrder(buyer: Caller): Promise<Row> {
  const product = nextProduct();
  const reply = await call('/api/orders', buyer, 'POST', {
    items: [{ product_id: product.id, quantity: 1, price: Number(product.price_1) }],
    customer_name: 'Nakato Sarah',
    customer_phone: '0772 555 031',
    delivery_location_id: location.id,
    delivery_address: 'Plot 7, Kira Road',
    payment_gateway: 'stripe',
  });
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
  return reply.body.data;
}

const stripe = (path: string, body?: unknown) => askFake('stripeUrl', path, body);
const history = (id: number) => paymentHistory(admin, id);
const sessionsOf = async (orderId: number): Promise<Row[]> =>
  (await stripe('/__fake/state')).sessions.filter((session: Row) => session.client_reference_id === String(orderId));

/** Stripe carries out the next `times` session creations, but their answers never reach the store. */
const loseCreateReplies = (times = 1) => stripe('/__fake/fail', { path: '/v1/checkout/sessions', method: 'POST', mode: 'lost', times });

/** The sessions still open for the order must be exactly the pages of its attempts waiting for payment. */
async function expectOnlyWaitingPagesOpen(orderId: number) {
  const open = (await sessionsOf(orderId)).filter((session) => session.status === 'open').map((session) => session.id);
  const waiting = (await history(orderId)).attempts.filter((attempt: Row) => attempt.status === 'PENDING_PAYMENT');
  expect(open, `order ${orderId}`).toEqual(waiting.map((attempt: Row) => attempt.gateway_reference));
  expect(open.length, `order ${orderId}`).toBeLessThanOrEqual(1);
}

beforeAll(async () => {
  admin = await login(ADMIN.email, ADMIN.password, '10.238.250.1');
  location = (await api('/api/manifest')).body.data.delivery_locations[0];
  plain = await plainProducts();
});

describe('a page Stripe made although its answer never came', () => {
  it('is found by the attempt and closed before the buyer is answered; paying again leaves one page open', async () => {
    const buyer = await newBuyer();
    const placed = await placeOrder(buyer);
    await loseCreateReplies();
    const retried = await call(`/api/orders/${placed.id}/pay`, buyer, 'POST', {});
    expect(retried.status, JSON.stringify(retried.body)).toBe(200);
    expect(retried.body.data.payment_status).toBe('FAILED');
    expect(retried.body.data.payment.details.error).toBe('Stripe is not reachable. Please try again.');

    const failed = (await history(placed.id)).attempts.at(-1);
    const lost = (await sessionsOf(placed.id)).find((session) => session.metadata.merchant_reference === failed.merchant_reference);
    expect(lost, 'Stripe made the session').toBeDefined();
    expect(lost!.status).toBe('expired');
    // Kept on the attempt, so money that still reached it would be found in the books.
    expect(failed).toEqual(expect.objectContaining({ status: 'FAILED', gateway_reference: lost!.id }));
    expect(failed.details).not.toHaveProperty('page_to_close');
    await expectOnlyWaitingPagesOpen(placed.id);

    const again = await call(`/api/orders/${placed.id}/pay`, buyer, 'POST', {});
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body.data.payment_status).toBe('PENDING_PAYMENT');
    await expectOnlyWaitingPagesOpen(placed.id);
    expect((await sessionsOf(placed.id)).filter((session) => session.status === 'open').map((session) => session.id)).toEqual([
      stripeSessionOf(again.body.data),
    ]);
  });

  it('is closed by the page closer when Stripe cannot be asked about it at once', async () => {
    const buyer = await newBuyer();
    const placed = await placeOrder(buyer);
    await loseCreateReplies();
    await stripe('/__fake/fail', { path: '/v1/checkout/sessions', method: 'GET', mode: 'error' });
    const retried = await call(`/api/orders/${placed.id}/pay`, buyer, 'POST', {});
    expect(retried.status, JSON.stringify(retried.body)).toBe(200);
    expect(retried.body.data.payment_status).toBe('FAILED');

    const failed = (await history(placed.id)).attempts.at(-1);
    // Closed at Stripe, and no longer marked to close in the books.
    const attempt = await until(
      async () => (await history(placed.id)).attempts.find((entry: Row) => entry.id === failed.id),
      (entry) => !('page_to_close' in entry.details),
      25_000,
    );
    const closed = (await sessionsOf(placed.id)).find((session) => session.metadata.merchant_reference === failed.merchant_reference);
    expect(closed?.status).toBe('expired');
    expect(attempt).toEqual(expect.objectContaining({ status: 'FAILED', gateway_reference: closed!.id }));
    await expectOnlyWaitingPagesOpen(placed.id);
  }, 40_000);
});

describe('a page Stripe made after the store stopped waiting', () => {
  it('is closed by the page closer once Stripe has made it', async () => {
    const buyer = await newBuyer();
    const placed = await placeOrder(buyer);
    // Slower than the store waits for Stripe (20 seconds): the page is made after the store has given up on it.
    await stripe('/__fake/fail', { path: '/v1/checkout/sessions', method: 'POST', mode: 'slow', ms: 21_000 });
    const retried = await call(`/api/orders/${placed.id}/pay`, buyer, 'POST', {});
    expect(retried.status, JSON.stringify(retried.body)).toBe(200);
    expect(retried.body.data.payment_status).toBe('FAILED');

    const failed = (await history(placed.id)).attempts.at(-1);
    const made = await until(
      async () => (await sessionsOf(placed.id)).find((session) => session.metadata.merchant_reference === failed.merchant_reference),
      (session) => session !== undefined,
      5_000,
    );
    const attempt = await until(
      async () => (await history(placed.id)).attempts.find((entry: Row) => entry.id === failed.id),
      (entry) => entry.gateway_reference === made!.id && !('page_to_close' in entry.details),
      20_000,
    );
    expect(attempt.status).toBe('FAILED');
    expect((await sessionsOf(placed.id)).find((session) => session.id === made!.id)?.status).toBe('expired');
    await expectOnlyWaitingPagesOpen(placed.id);
  }, 60_000);
});

describe('a page whose close failed', () => {
  it('is closed by the page closer once Stripe answers again, after the buyer cancelled the order', async () => {
    const buyer = await newBuyer();
    const placed = await placeOrder(buyer);
    await stripe('/__fake/fail', { path: `/v1/checkout/sessions/${stripeSessionOf(placed)}/expire`, mode: 'error' });
    const cancelled = await call(`/api/orders/${placed.id}/cancel`, buyer, 'POST', {});
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);

    // Marked to close when the cancellation was answered, then closed at Stripe and no longer marked.
    const { attempts } = await until(
      () => history(placed.id),
      (record) => !('page_to_close' in record.attempts[0].details),
      25_000,
    );
    expect(attempts.map((attempt: Row) => attempt.status)).toEqual(['CANCELLED']);
    expect((await sessionsOf(placed.id)).map((session) => session.status)).toEqual(['expired']);
  }, 40_000);
});

describe('pay again from several windows while Stripe loses answers', () => {
  it("leaves open only the page of the order's one waiting attempt", async () => {
    const buyers = await Promise.all([1, 2, 3].map(() => newBuyer()));
    const orders = (await Promise.all(buyers.map((buyer) => Promise.all([1, 2].map(() => placeOrder(buyer)))))).flatMap((placed, index) =>
      placed.map((order) => ({ order, buyer: buyers[index]! })),
    );
    // The first sessions made are never answered; the rest come slowly, so the windows overlap.
    await loseCreateReplies(3);
    await stripe('/__fake/fail', { path: '/v1/checkout/sessions', mode: 'slow', ms: 150, times: 30 });
    const replies = await Promise.all(orders.flatMap(({ order, buyer }) => [1, 2, 3, 4].map(() => call(`/api/orders/${order.id}/pay`, buyer, 'POST', {}))));
    for (const reply of replies) expect([200, 409, 503], JSON.stringify(reply.body)).toContain(reply.status);
    for (const { order } of orders) await expectOnlyWaitingPagesOpen(order.id);
  }, 90_000);
});
