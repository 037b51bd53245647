/**
 * Paying from a phone through the real store and the local fakes of MTN MoMo and Airtel Money: the request
 * to pay, the approval, the callbacks (believed only after asking the network), a failed request tried again,
 * one open request per order, a lost callback found by the reconciler, and a late approval after a retry
 * recorded and refunded, never counted twice. Run on PostgreSQL as well: the races need a real pool.
 *
 * The test store waits MOBILE_MONEY_APPROVAL_SECONDS (server.setup.ts) for an approval; the fakes approve
 * after a second unless told otherwise, and expire a request only long after the store stopped waiting.
 */
import { beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { api } from './client';
import { call, login, register, type Caller } from './callers';
import { ADMIN, MOBILE_MONEY_APPROVAL_SECONDS } from './server.setup';

type Row = Record<string, any>;
type Network = 'mtnMomoUrl' | 'airtelUrl';

let buyer: Caller;
let admin: Caller;
let location: Row;
let plain: Row[];
let next = 0;

const MTN_PHONE = '0772 410 220';
const AIRTEL_PHONE = '0752 410 220';
/**
 * A number of `prefix` (772: MTN, 752: Airtel) no other test asks: the store sends one number at most 3 requests
 * to pay in 10 minutes (payment-limits.test.ts). It ends in 20: the fakes decline numbers ending in 13.
 */
const freshNumber = (prefix: '772' | '752') => `0${prefix}${String(Math.floor(Math.random() * 1e4)).padStart(4, '0')}20`;

const nextProduct = () => plain[next++ % plain.length]!;

function orderBody(gateway: 'mtn_momo' | 'airtel_money', paymentPhone?: string) {
  const product = nextProduct();
  return {
    items: [{ product_id: product.id, quantity: 1, price: Number(product.price_1) }],
    customer_name: 'Nakato Sarah',
    customer_phone: '0701 000 111',
    delivery_location_id: location.id,
    delivery_address: 'Plot 12, Kira Road',
    payment_gateway: gateway,
    ...(paymentPhone === undefined ? {} : { payment_phone: paymentPhone }),
  };
}

async function placeOrder(gateway: 'mtn_momo' | 'airtel_money', paymentPhone: string): Promise<Row> {
  const reply = await call('/api/orders', buyer, 'POST', orderBody(gateway, paymentPhone));
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
  return reply.body.data;
}

const fake = async (network: Network, path: string, body?: unknown) => {
  const response = await fetch(
    new URL(path, inject(network)),
    body === undefined ? {} : { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) },
  );
  return response.json();
};

/** What the fake network was asked to collect for this order's attempts, oldest first. */
async function requestsFor(network: Network, order: Row): Promise<Row[]> {
  const prefix = `DK-${order.id}-`;
  const state = await fake(network, '/__fake/state');
  return state.payments.filter((payment: Row) => (network === 'mtnMomoUrl' ? payment.body.externalId : payment.id).startsWith(prefix));
}

/** The order's `index`th request at the fake network. */
async function requestFor(network: Network, order: Row, index = 0): Promise<Row> {
  const requests = await requestsFor(network, order);
  expect(requests.length).toBeGreaterThan(index);
  return requests[index]!;
}

const order = async (id: number) => (await call(`/api/orders/${id}`, buyer)).body.data;
const history = async (id: number) => (await call(`/api/orders/${id}/payment-history`, admin)).body.data;

/** Asks again until `done` holds for the order (the store hears from the fake in the background). */
async function orderOnce(id: number, done: (order: Row) => boolean, timeoutMs = 20_000): Promise<Row> {
  const deadline = Date.now() + timeoutMs;
  let latest = await order(id);
  while (!done(latest) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    latest = await order(id);
  }
  return latest;
}

const paid = (latest: Row) => latest.payment_status === 'COMPLETED';

// A buyer of its own for each test: an account may have only 2 orders waiting for payment at once, and most tests
// here leave theirs unpaid.
let buyers = 0;
beforeEach(async () => {
  buyers++;
  buyer = await register(`10.231.1.${buyers}`, 'Nakato');
});

beforeAll(async () => {
  admin = await login(ADMIN.email, ADMIN.password, '10.231.0.2');
  location = (await api('/api/manifest')).body.data.delivery_locations[0];
  const listed: Row[] = (await api('/api/products?limit=100&in_stock=1&sort_by=price_1&sort_order=asc')).body.data.data;
  plain = listed.filter((p) => p.has_colors !== 'Yes' && p.has_sizes !== 'Yes' && p.stock.total_items - p.stock.items_sold >= 20);
  expect(plain.length).toBeGreaterThan(10);
});

describe('paying with MTN MoMo', () => {
  it('sends a request to pay to the number and marks the order paid once MTN confirms the approval', async () => {
    const placed = await placeOrder('mtn_momo', MTN_PHONE);
    expect(placed.payment_status).toBe('PENDING_PAYMENT');
    expect(placed.payment).toMatchObject({ gateway: 'mtn_momo', status: 'PENDING_PAYMENT', redirect_url: '', details: { payer_phone: '256772410220' } });
    expect(placed.payment.approval_seconds_left).toBeGreaterThan(MOBILE_MONEY_APPROVAL_SECONDS - 10);

    const request = await requestFor('mtnMomoUrl', placed);
    expect(request.body).toMatchObject({ amount: String(placed.total), currency: 'UGX', payer: { partyIdType: 'MSISDN', partyId: '256772410220' } });
    expect(request.callbackUrl).toBe(`${inject('baseUrl')}/api/payments/mtn-momo/callback`);

    // Only the callback tells the store: nobody asks GET orders/{id}/payment here.
    const settled = await orderOnce(placed.id, paid);
    expect(settled.payment_status).toBe('COMPLETED');
    expect(settled.payment.approval_seconds_left).toBeNull();
    expect(settled.payment_confirmation).not.toBe('');
    const events: Row[] = (await history(placed.id)).events;
    expect(events.filter((event) => event.outcome === 'applied' && event.reported === 'COMPLETED')).toHaveLength(1);
    expect(events.find((event) => event.reported === 'COMPLETED')!.source).toBe('mtn_momo status');
  });

  it('takes the number in every form people write it, and refuses a number of another network in plain words', async () => {
    const wrong = await call('/api/orders', buyer, 'POST', orderBody('mtn_momo', AIRTEL_PHONE));
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({
      code: 0,
      message: 'Failed to place order: That is not an MTN number: MTN Mobile Money numbers start with 076, 077 or 078',
    });
    const notMobile = await call('/api/orders', buyer, 'POST', orderBody('airtel_money', '0414 123 456'));
    expect(notMobile.body.message).toBe('Failed to place order: Enter a Ugandan mobile number, e.g. 0772 123 456');
    // Without a payment_phone the delivery phone (an Airtel number here) is asked.
    const byDeliveryPhone = await call('/api/orders', buyer, 'POST', orderBody('airtel_money'));
    expect(byDeliveryPhone.status).toBe(201);
    expect(byDeliveryPhone.body.data.payment.details.payer_phone).toBe('256701000111');
    const international = await placeOrder('mtn_momo', '+256 (781) 234-567');
    expect(international.payment.details.payer_phone).toBe('256781234567');
  });

  it('shows a declined request in plain words, and a new request to another number pays the order once', async () => {
    const payer = freshNumber('772');
    await fake('mtnMomoUrl', '/__fake/next', { outcome: 'fail', reason: 'APPROVAL_REJECTED', delayMs: 200, payer });
    const placed = await placeOrder('mtn_momo', payer);
    const failed = await orderOnce(placed.id, (latest) => latest.payment_status === 'FAILED');
    expect(failed.payment.details.error).toBe('The payment was declined on the phone. You have not been charged.');

    const retried = await call(`/api/orders/${placed.id}/pay`, buyer, 'POST', { payment_phone: '0782 999 000' });
    expect(retried.status).toBe(200);
    expect(retried.body.data.payment).toMatchObject({ status: 'PENDING_PAYMENT', details: { payer_phone: '256782999000' } });
    const settled = await orderOnce(placed.id, paid);
    expect(settled.payment_status).toBe('COMPLETED');
    const attempts: Row[] = (await history(placed.id)).attempts;
    expect(attempts.map((attempt) => attempt.status)).toEqual(['FAILED', 'COMPLETED']);
  });

  it('sends no second request while the first can still be approved, even when asked from several windows at once', async () => {
    const payer = freshNumber('772');
    await fake('mtnMomoUrl', '/__fake/next', { outcome: 'pending', payer });
    const placed = await placeOrder('mtn_momo', payer);
    const replies = await Promise.all(Array.from({ length: 5 }, () => call(`/api/orders/${placed.id}/pay`, buyer, 'POST', {})));
    for (const reply of replies) {
      expect(reply.status).toBe(409);
      expect(reply.body.message).toMatch(/^Your earlier payment request is still waiting on your phone/);
    }
    expect(await requestsFor('mtnMomoUrl', placed)).toHaveLength(1);
    const request = await requestFor('mtnMomoUrl', placed);
    await fake('mtnMomoUrl', '/__fake/decide', { reference: request.reference, outcome: 'success' });
    expect((await orderOnce(placed.id, paid)).payment_status).toBe('COMPLETED');
  });

  it('after a failure, five windows pressing "try again" at once send one new request', async () => {
    const payer = freshNumber('772');
    await fake('mtnMomoUrl', '/__fake/next', { outcome: 'fail', reason: 'NOT_ENOUGH_FUNDS', delayMs: 100, payer });
    const placed = await placeOrder('mtn_momo', payer);
    const failed = await orderOnce(placed.id, (latest) => latest.payment_status === 'FAILED');
    expect(failed.payment.details.error).toBe('There was not enough money on the account. Top up and try again.');

    await fake('mtnMomoUrl', '/__fake/next', { outcome: 'pending' });
    const replies = await Promise.all(Array.from({ length: 5 }, () => call(`/api/orders/${placed.id}/pay`, buyer, 'POST', {})));
    expect(replies.filter((reply) => reply.status === 200)).toHaveLength(1);
    expect(replies.filter((reply) => reply.status === 409)).toHaveLength(4);
    expect(await requestsFor('mtnMomoUrl', placed)).toHaveLength(2);
    const attempts: Row[] = (await history(placed.id)).attempts;
    expect(attempts.map((attempt) => attempt.status)).toEqual(['FAILED', 'PENDING_PAYMENT']);
    await fake('mtnMomoUrl', '/__fake/decide', { reference: (await requestFor('mtnMomoUrl', placed, 1)).reference, outcome: 'success' });
    expect((await orderOnce(placed.id, paid)).payment_status).toBe('COMPLETED');
  });
});

describe('callbacks are hints', () => {
  it('a forged "SUCCESSFUL" callback changes nothing: MTN is asked and says the request still waits', async () => {
    const payer = freshNumber('772');
    await fake('mtnMomoUrl', '/__fake/next', { outcome: 'pending', payer });
    const placed = await placeOrder('mtn_momo', payer);
    const forged = await api('/api/payments/mtn-momo/callback', {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ externalId: placed.payment.merchant_reference, status: 'SUCCESSFUL', amount: String(placed.total), currency: 'UGX' }),
    });
    expect(forged.status).toBe(200);
    expect((await order(placed.id)).payment_status).toBe('PENDING_PAYMENT');
    const unknown = await api('/api/payments/mtn-momo/callback', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ externalId: 'DK-999999-0000000000', status: 'SUCCESSFUL' }),
    });
    expect(unknown.status).toBe(404);
    const empty = await api('/api/payments/airtel-money/callback', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });
    expect(empty.status).toBe(400);
  });

  it('a callback sent twice pays the order once', async () => {
    const placed = await placeOrder('mtn_momo', freshNumber('772'));
    await orderOnce(placed.id, paid);
    const request = await requestFor('mtnMomoUrl', placed);
    const again = await fake('mtnMomoUrl', '/__fake/callback', { reference: request.reference });
    expect(again.reply.status).toBe(200);
    const { attempts, events } = await history(placed.id);
    expect(attempts.map((attempt: Row) => attempt.status)).toEqual(['COMPLETED']);
    expect(events.filter((event: Row) => event.reported === 'COMPLETED' && event.outcome === 'applied')).toHaveLength(1);
  });

  it('a callback that never comes: the reconciler asks MTN and the order is paid', async () => {
    const payer = freshNumber('772');
    await fake('mtnMomoUrl', '/__fake/next', { outcome: 'success', delayMs: 300, lostCallback: true, payer });
    const placed = await placeOrder('mtn_momo', payer);
    const settled = await orderOnce(placed.id, paid, 40_000);
    expect(settled.payment_status).toBe('COMPLETED');
    const { reference } = await requestFor('mtnMomoUrl', placed);
    expect((await fake('mtnMomoUrl', '/__fake/state')).callbacks.filter((sent: Row) => sent.reference === reference)).toEqual([]);
  }, 60_000);
});

describe('paying with Airtel Money', () => {
  it('pushes the request to the number without its country code and marks the order paid on Airtel`s word', async () => {
    const placed = await placeOrder('airtel_money', '+256752410220');
    const payment = await requestFor('airtelUrl', placed);
    const sent = (await fake('airtelUrl', '/__fake/state')).requests.find(
      (request: Row) => request.path.startsWith('merchant/v1/payments') && request.body.transaction.id === payment.id,
    );
    expect(sent.headers).toMatchObject({ 'x-country': 'UG', 'x-currency': 'UGX' });
    expect(sent.body.subscriber).toMatchObject({ msisdn: '752410220', country: 'UG', currency: 'UGX' });
    expect(sent.body.transaction.amount).toBe(placed.total);
    expect((await orderOnce(placed.id, paid)).payment_status).toBe('COMPLETED');
  });

  it('a failed Airtel payment tried again from an MTN number moves the order to MTN', async () => {
    const payer = freshNumber('752');
    await fake('airtelUrl', '/__fake/next', { outcome: 'fail', delayMs: 100, payer });
    const placed = await placeOrder('airtel_money', payer);
    await orderOnce(placed.id, (latest) => latest.payment_status === 'FAILED');
    const retried = await call(`/api/orders/${placed.id}/pay`, buyer, 'POST', { payment_phone: freshNumber('772') });
    expect(retried.status).toBe(200);
    expect(retried.body.data).toMatchObject({ payment_gateway: 'mtn_momo', payment: { gateway: 'mtn_momo' } });
    expect((await orderOnce(placed.id, paid)).payment_gateway).toBe('mtn_momo');
  });
});

describe('a late approval after a new request', () => {
  it('is recorded and refunded, never counted twice', async () => {
    const payer = freshNumber('752');
    await fake('airtelUrl', '/__fake/next', { outcome: 'pending', payer });
    const placed = await placeOrder('airtel_money', payer);
    // The buyer waits out the approval window, then sends a new request, which is paid.
    await new Promise((resolve) => setTimeout(resolve, MOBILE_MONEY_APPROVAL_SECONDS * 1000 + 500));
    const late = await order(placed.id);
    expect(late.payment.approval_seconds_left).toBe(0);
    const retried = await call(`/api/orders/${placed.id}/pay`, buyer, 'POST', {});
    expect(retried.status, JSON.stringify(retried.body)).toBe(200);
    await orderOnce(placed.id, paid);
    // Then the first one is approved on the phone after all.
    const first = await requestFor('airtelUrl', placed);
    await fake('airtelUrl', '/__fake/decide', { id: first.id, outcome: 'success' });
    const deadline = Date.now() + 20_000;
    let record = await history(placed.id);
    // The refund is recorded as due first, then paid back through Airtel.
    while (record.refunds[0]?.status !== 'refunded' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      record = await history(placed.id);
    }
    expect(record.attempts.map((attempt: Row) => attempt.status).sort()).toEqual(['COMPLETED', 'REFUNDED']);
    expect((await order(placed.id)).payment_status).toBe('COMPLETED');
    expect(record.refunds).toHaveLength(1);
    expect(record.refunds[0]).toMatchObject({ amount: placed.total, reason: 'overpayment', status: 'refunded' });
  }, 60_000);
});
