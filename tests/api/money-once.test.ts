/**
 * Money moves once, by one route: a refund Stripe is paying back cannot also be paid by hand, buyers pressing
 * "pay again" in several windows at once leave one payment page open, an attempt found paid when the store closes
 * it keeps the gateway's ids (so it can be paid back), and a network's "paid" in another currency, or in none, is
 * not a payment. Run on PostgreSQL as well as PGlite: PGlite's single connection hides races.
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
const newBuyer = () => register(`10.237.${Math.floor(addresses / 200)}.${(addresses++ % 200) + 1}`, 'Akello');
/**
 * A mobile number of `prefix` (772: MTN, 752: Airtel) that no other test uses, ending in `ending`: the fake MTN
 * leaves requests to numbers ending in 98 unanswered, and declines those ending in 13.
 */
const freshNumber = (prefix: string, ending = '20') => `0${prefix}${String(Math.floor(Math.random() * 1e4)).padStart(4, '0')}${ending}`;

async function placeOrder(buyer: Caller, gateway: 'stripe' | 'mtn_momo' | 'airtel_money', paymentPhone?: string): Promise<Row> {
  const product = nextProduct();
  const reply = await call('/api/orders', buyer, 'POST', {
    items: [{ product_id: product.id, quantity: 1, price: Number(product.price_1) }],
    customer_name: 'Akello Joan',
    customer_phone: '0772 555 030',
    delivery_location_id: location.id,
    delivery_address: 'Plot 4, Ggaba Road',
    payment_gateway: gateway,
    ...(paymentPhone ? { payment_phone: paymentPhone } : {}),
  });
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
  return reply.body.data;
}

const history = (id: number) => paymentHistory(admin, id);

beforeAll(async () => {
  admin = await login(ADMIN.email, ADMIN.password, '10.237.250.1');
  location = (await api('/api/manifest')).body.data.delivery_locations[0];
  plain = await plainProducts();
});

describe('a refund is paid back by one route', () => {
  it('while Stripe is paying a refund back, "paid by hand" is refused, and Stripe\'s answer is what the ledger keeps', async () => {
    // Three buyers: an account may have only 2 orders waiting for payment at once.
    const orders = await Promise.all([1, 2, 3].map(async () => placeOrder(await newBuyer(), 'stripe')));
    for (const placed of orders) await askFake('stripeUrl', '/__fake/pay', { sessionId: stripeSessionOf(placed) });
    // Stripe takes its time over each refund: the window in which an administrator may try to pay it by hand.
    await askFake('stripeUrl', '/__fake/fail', { path: '/v1/refunds', mode: 'slow', ms: 2_000, times: orders.length });

    const cancellations = orders.map((placed) => call(`/api/orders/${placed.id}/status`, admin, 'POST', { status: 'cancelled' }));
    for (const placed of orders) {
      const { refunds } = await until(
        () => history(placed.id),
        (record) => record.refunds.length === 1,
        20_000,
      );
      const byHand = await Promise.all([1, 2, 3].map(() => call(`/api/refunds/${refunds[0].id}`, admin, 'POST', { note: 'Airtel Money 7701' })));
      for (const reply of byHand) {
        expect(reply.status, JSON.stringify(reply.body)).toBe(409);
        expect(reply.body.message).toMatch(/^This refund is being paid back through Card \(Stripe\) right now, so it cannot also be paid by hand/);
      }
    }
    for (const cancelled of await Promise.all(cancellations)) expect(cancelled.status).toBe(200);

    const state = await askFake('stripeUrl', '/__fake/state');
    for (const placed of orders) {
      const record = await history(placed.id);
      expect(record.refunds).toEqual([
        expect.objectContaining({ status: 'refunded', note: 'Paid back through stripe', gateway_reference: expect.stringMatching(/^re_/) }),
      ]);
      const intent = state.sessions.find((session: Row) => session.id === stripeSessionOf(placed)).payment_intent;
      expect(state.refunds.filter((refund: Row) => refund.payment_intent === intent)).toHaveLength(1);
      expect((await call(`/api/refunds/${record.refunds[0].id}`, admin, 'POST', {})).status).toBe(409);
    }
  }, 60_000);
});

describe('pay again from several windows at once', () => {
  it('leaves exactly one payment page open at Stripe, the one the order shows', async () => {
    // Ten orders, two per buyer: an account may have two waiting for payment at once.
    const buyers = await Promise.all([1, 2, 3, 4, 5].map(() => newBuyer()));
    const orders = (await Promise.all(buyers.map((buyer) => Promise.all([1, 2].map(() => placeOrder(buyer, 'stripe')))))).flatMap((placed, index) =>
      placed.map((order) => ({ order, buyer: buyers[index]! })),
    );
    // Slow payment pages: each window's new page is still being made while the others close and open theirs.
    await askFake('stripeUrl', '/__fake/fail', { path: '/v1/checkout/sessions', mode: 'slow', ms: 150, times: 40 });
    const replies = await Promise.all(orders.flatMap(({ order, buyer }) => [1, 2, 3, 4].map(() => call(`/api/orders/${order.id}/pay`, buyer, 'POST', {}))));
    // 409: another window is starting a payment; 503: Stripe did not answer in time, so the earlier page stays the open one.
    for (const reply of replies) expect([200, 409, 503], JSON.stringify(reply.body)).toContain(reply.status);
    expect(replies.filter((reply) => reply.status === 200).length).toBeGreaterThan(0);

    // On a loaded machine a window may stop waiting for Stripe (its timeout) while Stripe still makes the page: that
    // attempt fails, and the page is found and closed right away or, if Stripe made it later, by the page closer
    // within seconds. Only a failed last attempt leaves an order with no page open.
    const pagesOf = async (orderId: number) => {
      const sessions: Row[] = (await askFake('stripeUrl', '/__fake/state')).sessions;
      const { attempts } = await history(orderId);
      return {
        open: sessions.filter((session) => session.client_reference_id === String(orderId) && session.status === 'open').map((session) => session.id),
        waiting: attempts.filter((attempt: Row) => attempt.status === 'PENDING_PAYMENT').map((attempt: Row) => attempt.gateway_reference),
        lastFailed: attempts.at(-1).status === 'FAILED',
      };
    };
    for (const { order } of orders) {
      const pages = await until(
        () => pagesOf(order.id),
        ({ open, waiting }) => open.length <= 1 && JSON.stringify(open) === JSON.stringify(waiting),
        15_000,
      ).catch(() => pagesOf(order.id));
      expect(pages.open, `order ${order.id}`).toEqual(pages.waiting);
      expect(pages.open, `order ${order.id}`).toHaveLength(pages.lastFailed ? 0 : 1);
    }
  }, 90_000);
});

describe('an attempt found paid when the store closes it', () => {
  it("keeps Airtel's transaction id, so cancelling the order pays the money back through Airtel", async () => {
    const buyer = await newBuyer();
    // The buyer approves at once, but Airtel's callback is lost: the store learns of it only when it closes the request.
    const payer = freshNumber('752');
    await askFake('airtelUrl', '/__fake/next', { outcome: 'success', delayMs: 50, lostCallback: true, payer });
    const placed = await placeOrder(buyer, 'airtel_money', payer);
    await until(
      () => askFake('airtelUrl', '/__fake/state'),
      (state) => state.payments.some((payment: Row) => payment.id === placed.payment.merchant_reference && payment.status !== 'TIP'),
      5_000,
    );

    const cancelled = await call(`/api/orders/${placed.id}/cancel`, buyer, 'POST', {});
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    const record = await until(
      () => history(placed.id),
      (latest) => latest.refunds[0]?.status === 'refunded' || latest.refunds[0]?.status === 'failed',
      20_000,
    );
    expect(record.refunds).toEqual([expect.objectContaining({ amount: placed.total, status: 'refunded' })]);
    expect(record.attempts).toEqual([
      expect.objectContaining({
        status: 'REFUNDED',
        details: expect.objectContaining({ airtel_money_id: expect.stringMatching(/.+/), found_paid_when_closing: true }),
      }),
    ]);
  }, 40_000);
});

describe("a network's paid in another currency", () => {
  it.each([
    { named: 'EUR', currency: 'EUR', outcome: 'ignored: paid in EUR, not the UGX asked' },
    { named: 'no currency', currency: null, outcome: 'ignored: the answer names no currency; UGX was asked' },
  ])('MTN saying SUCCESSFUL with $named is recorded as ignored, and the order is not paid', async ({ currency, outcome }) => {
    const buyer = await newBuyer();
    const placed = await placeOrder(buyer, 'mtn_momo', freshNumber('772', '98'));
    const reference = (await askFake('mtnMomoUrl', '/__fake/state')).payments.find(
      (payment: Row) => payment.body.externalId === placed.payment.merchant_reference,
    ).reference;
    // The callback that follows makes the store ask MTN, whose answer names the wrong currency.
    await askFake('mtnMomoUrl', '/__fake/decide', { reference, outcome: 'success', currency });
    const record = await until(
      () => history(placed.id),
      (latest) => latest.events.some((event: Row) => event.reported === 'COMPLETED'),
      20_000,
    );
    expect(record.events.filter((event: Row) => event.reported === 'COMPLETED').map((event: Row) => event.outcome)).toEqual([outcome]);
    expect(record.payment_status).toBe('PENDING_PAYMENT');
    expect(record.attempts.map((attempt: Row) => attempt.status)).toEqual(['PENDING_PAYMENT']);
  });
});
