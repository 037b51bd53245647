/**
 * No order left in limbo after its online payment did not go through: the buyer switches it to cash on delivery
 * (the old attempt closed through the ledger, a late approval of it refunded, never counted) or cancels it (stock
 * back exactly once, also racing a vendor's move or the payment landing; what was paid becomes a refund), and
 * vendors never prepare a part whose online payment is not through. Run on PostgreSQL as well as PGlite:
 * PGlite's single connection hides the races.
 */
import { beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { api, url } from './client';
import { call, login, register, type Caller } from './callers';
import { ADMIN, MOBILE_MONEY_APPROVAL_SECONDS } from './server.setup';
import { DEMO_ACCOUNTS } from '../../src/server/demo-data/demo-accounts';
import { SESSION_COOKIE } from '../../src/server/http/session-cookie';

type Row = Record<string, any>;
type Gateway = 'mtn_momo' | 'pesapal' | 'cash_on_delivery' | 'manual';

const NOT_PAID = 'Failed to update order status: this order is not paid yet; it is prepared once its payment is through';
const CANNOT_CANCEL = 'Part of this order has already left, so it can no longer be cancelled';

let buyer: Caller;
let otherBuyer: Caller;
let admin: Caller;
let vendor: Caller & { token: string };
let location: Row;
let mine: Row[];
let next = 0;

/** One of the demo vendor's products, a different one each time so orders never compete for stock. */
const nextProduct = () => mine[next++ % mine.length]!;

async function placeOrder(gateway: Gateway, product: Row = nextProduct(), quantity = 1): Promise<Row> {
  const reply = await call('/api/orders', buyer, 'POST', {
    items: [{ product_id: product.id, quantity }],
    customer_name: 'Nakato Sarah',
    customer_phone: '0772 410 221',
    delivery_location_id: location.id,
    delivery_address: 'Plot 12, Kira Road',
    payment_gateway: gateway,
    // A number of its own for each request to pay: one number is sent at most 3 in 10 minutes.
    ...(gateway === 'mtn_momo' ? { payment_phone: `0772${String(Math.floor(Math.random() * 1e4)).padStart(4, '0')}21` } : {}),
  });
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
  return reply.body.data;
}

const fake = async (base: 'mtnMomoUrl' | 'pesapalUrl', path: string, body?: unknown) => {
  const response = await fetch(
    new URL(path, inject(base)),
    body === undefined ? {} : { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) },
  );
  return response.json();
};

const order = async (id: number) => (await call(`/api/orders/${id}`, buyer)).body.data;
const history = async (id: number) => (await call(`/api/orders/${id}/payment-history`, admin)).body.data;
const cancel = (id: number, who: Caller = buyer) => call(`/api/orders/${id}/cancel`, who, 'POST');
const payOnDelivery = (id: number) => call(`/api/orders/${id}/pay`, buyer, 'POST', { payment_gateway: 'cash_on_delivery' });
const movePart = (placed: Row, status: string) => call(`/api/orders/${placed.id}/parts/${placed.parts[0].id}/status`, vendor, 'POST', { status });
const stockLeft = async (id: number) => {
  const product = (await api(`/api/products/${id}?fresh=${Date.now()}`)).body.data;
  return product.stock.total_items - product.stock.items_sold;
};

/** Asks again until `done` holds for the order (the store hears from the fakes in the background). */
async function orderOnce(id: number, done: (latest: Row) => boolean, timeoutMs = 20_000): Promise<Row> {
  const deadline = Date.now() + timeoutMs;
  let latest = await order(id);
  while (!done(latest) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    latest = await order(id);
  }
  expect(done(latest), JSON.stringify({ payment_status: latest.payment_status, status: latest.status })).toBe(true);
  return latest;
}

/** A phone payment declined on the phone: the order waits with payment FAILED. */
async function declinedOrder(): Promise<Row> {
  await fake('mtnMomoUrl', '/__fake/next', { outcome: 'fail', reason: 'APPROVAL_REJECTED', delayMs: 100 });
  const placed = await placeOrder('mtn_momo');
  return orderOnce(placed.id, (latest) => latest.payment_status === 'FAILED');
}

/** The vendor dashboard's orders page as the vendor sees it. */
async function dashboard(): Promise<string> {
  const response = await fetch(url('/vendor-dashboard/orders'), { headers: { Cookie: `${SESSION_COOKIE}=${encodeURIComponent(vendor.token)}` } });
  expect(response.status).toBe(200);
  return response.text();
}
const toPrepare = (html: string) => Number(/<strong>(\d+)<\/strong> to prepare/.exec(html)?.[1]);
const cancelledCount = (html: string) => Number(/<strong>(\d+)<\/strong> cancelled/.exec(html)?.[1]);

beforeAll(async () => {
  [buyer, otherBuyer, admin] = await Promise.all([
    register('10.232.0.1', 'Nakato'),
    register('10.232.0.2', 'Okello'),
    login(ADMIN.email, ADMIN.password, '10.232.0.3'),
  ]);
  const loggedIn = await login(DEMO_ACCOUNTS.vendor.email, DEMO_ACCOUNTS.vendor.password, '10.232.0.4');
  vendor = { ...loggedIn, token: loggedIn.headers.Authorization!.replace('Bearer ', '') };
  location = (await api('/api/manifest')).body.data.delivery_locations[0];
  const plain = (p: Row) => p.has_colors !== 'Yes' && p.has_sizes !== 'Yes' && p.stock.total_items - p.stock.items_sold >= 30;
  mine = ((await api(`/api/products?limit=100&in_stock=1&vendor=${vendor.id}`)).body.data.data as Row[]).filter(plain);
  expect(mine.length).toBeGreaterThan(3);
});

// A buyer of its own for each test: an account may have only 2 orders waiting to be paid online at once.
let buyers = 0;
beforeEach(async () => {
  buyer = await register(`10.232.1.${++buyers}`, 'Nakato');
});

describe('the delivery estimate', () => {
  it("the manifest lists in how many days each place is delivered to, and the order carries its place's", async () => {
    const places: Row[] = (await api('/api/manifest')).body.data.delivery_locations;
    for (const place of places) {
      expect(place.delivery_days_min).toBeGreaterThanOrEqual(1);
      expect(place.delivery_days_max).toBeGreaterThanOrEqual(place.delivery_days_min);
    }
    const placed = await placeOrder('cash_on_delivery');
    expect(placed.delivery_location).toEqual({
      id: location.id,
      name: location.name,
      region: location.region,
      delivery_days_min: location.delivery_days_min,
      delivery_days_max: location.delivery_days_max,
    });
  });
});

describe('switching to cash on delivery', () => {
  it('after a declined phone payment: the order is paid on delivery, the vendor may prepare it, and asking again changes nothing', async () => {
    const failed = await declinedOrder();
    await expect(movePart(failed, 'processing').then((reply) => [reply.status, reply.body.message])).resolves.toEqual([409, NOT_PAID]);

    const switched = await payOnDelivery(failed.id);
    expect(switched.status, JSON.stringify(switched.body)).toBe(200);
    expect(switched.body.message).toBe('You will pay on delivery');
    expect(switched.body.data).toMatchObject({ payment_gateway: 'cash_on_delivery', payment_status: 'PAY_ON_DELIVERY', status: 'pending' });
    expect(switched.body.data.money).toMatchObject({ to_pay_on_delivery: failed.total, paid: 0, refund_due: 0 });
    expect((await history(failed.id)).attempts.map((attempt: Row) => [attempt.gateway, attempt.status])).toEqual([
      ['mtn_momo', 'FAILED'],
      ['cash_on_delivery', 'PAY_ON_DELIVERY'],
    ]);

    const again = await payOnDelivery(failed.id);
    expect(again.status).toBe(200);
    expect((await history(failed.id)).attempts).toHaveLength(2);
    expect((await order(failed.id)).events.filter((event: Row) => event.status === 'payment:PAY_ON_DELIVERY')).toHaveLength(1);

    const moved = await movePart(failed, 'processing');
    expect(moved.status, moved.body.message).toBe(200);
  });

  it('is refused while the request can still be approved on the phone, for a paid order, and for a cancelled one', async () => {
    await fake('mtnMomoUrl', '/__fake/next', { outcome: 'pending' });
    const waiting = await placeOrder('mtn_momo');
    const refused = await payOnDelivery(waiting.id);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/^Your earlier payment request is still waiting on your phone/);
    expect((await order(waiting.id)).payment_status).toBe('PENDING_PAYMENT');

    const request = (await fake('mtnMomoUrl', '/__fake/state')).payments.find((payment: Row) => payment.body.externalId.startsWith(`DK-${waiting.id}-`));
    await fake('mtnMomoUrl', '/__fake/decide', { reference: request.reference, outcome: 'success' });
    await orderOnce(waiting.id, (latest) => latest.payment_status === 'COMPLETED');
    const paid = await payOnDelivery(waiting.id);
    expect([paid.status, paid.body.message]).toEqual([409, 'This order is already paid']);

    const cancelled = await declinedOrder();
    expect((await cancel(cancelled.id)).status).toBe(200);
    const late = await payOnDelivery(cancelled.id);
    expect([late.status, late.body.message]).toEqual([409, 'This order can no longer be paid on delivery']);
  });

  it('asks Pesapal first: a page paid meanwhile refuses the switch with 409, and the order shows it paid', async () => {
    const placed = await placeOrder('pesapal');
    const trackingId = placed.payment.redirect_url.split('/').at(-1);
    // Paid on Pesapal's page; its notification has not arrived.
    await fake('pesapalUrl', '/__fake/status', { trackingId, status_code: 1 });
    const refused = await payOnDelivery(placed.id);
    expect([refused.status, refused.body.message]).toEqual([409, 'This order is already paid']);
    expect(await order(placed.id)).toMatchObject({ payment_gateway: 'pesapal', payment_status: 'COMPLETED' });
    expect((await history(placed.id)).attempts.map((attempt: Row) => [attempt.gateway, attempt.status])).toEqual([['pesapal', 'COMPLETED']]);

    // Still waiting on its page: the switch goes through.
    const waiting = await placeOrder('pesapal');
    const switched = await payOnDelivery(waiting.id);
    expect(switched.status, JSON.stringify(switched.body)).toBe(200);
    expect(switched.body.data).toMatchObject({ payment_gateway: 'cash_on_delivery', payment_status: 'PAY_ON_DELIVERY' });
  });

  it('answers in the language asked for', async () => {
    const failed = await declinedOrder();
    const reply = await api(`/api/orders/${failed.id}/pay`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Accept-Language': 'lg-UG', ...buyer.headers },
      body: JSON.stringify({ payment_gateway: 'cash_on_delivery' }),
    });
    expect(reply.status).toBe(200);
    expect(reply.body.message).toBe("Ojja kusasula ng'otuusiddwako");
    expect(reply.body.data.status_label).toBe('Oda eweerezeddwa');
    expect((await order(failed.id)).status_label).toBe('Order placed');
  });

  it('a late approval of the old request after the switch is owed back in full; the rider still collects the order', async () => {
    await fake('mtnMomoUrl', '/__fake/next', { outcome: 'pending' });
    const placed = await placeOrder('mtn_momo');
    await new Promise((resolve) => setTimeout(resolve, MOBILE_MONEY_APPROVAL_SECONDS * 1000 + 500));
    const switched = await payOnDelivery(placed.id);
    expect(switched.status, JSON.stringify(switched.body)).toBe(200);
    expect((await history(placed.id)).attempts.map((attempt: Row) => attempt.status)).toEqual(['CANCELLED', 'PAY_ON_DELIVERY']);

    // Then the buyer approves the old request on the phone after all; MTN's callback makes the store ask.
    const request = (await fake('mtnMomoUrl', '/__fake/state')).payments.find((payment: Row) => payment.body.externalId.startsWith(`DK-${placed.id}-`));
    await fake('mtnMomoUrl', '/__fake/decide', { reference: request.reference, outcome: 'success' });
    const deadline = Date.now() + 20_000;
    let record = await history(placed.id);
    while (record.refunds.length === 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      record = await history(placed.id);
    }
    expect(record.attempts.map((attempt: Row) => attempt.status)).toEqual(['COMPLETED', 'PAY_ON_DELIVERY']);
    expect(record.refunds).toEqual([expect.objectContaining({ amount: placed.total, reason: 'overpayment', status: 'due' })]);
    const now = await order(placed.id);
    expect(now.payment_status).toBe('PAY_ON_DELIVERY');
    expect(now.money).toMatchObject({ paid: placed.total, refund_due: placed.total, refund_due_way: 'mobile_money', to_pay_on_delivery: placed.total });
    // Settling again records nothing more.
    expect((await payOnDelivery(placed.id)).status).toBe(200);
    expect((await history(placed.id)).refunds).toHaveLength(1);
  }, 60_000);
});

describe('vendors never prepare unpaid online orders', () => {
  it('refuses to move a part of an order waiting for its payment, leaves it out of "to prepare", and takes it once paid', async () => {
    const before = toPrepare(await dashboard());
    const placed = await placeOrder('pesapal');
    expect(toPrepare(await dashboard())).toBe(before);
    expect(await dashboard()).not.toContain(`Order #${placed.id}<`);
    for (const status of ['processing', 'shipped']) {
      const refused = await movePart(placed, status);
      expect([refused.status, refused.body.message]).toEqual([409, status === 'processing' ? NOT_PAID : expect.stringContaining('cannot become shipped')]);
    }
    const whole = await call(`/api/orders/${placed.id}/status`, vendor, 'POST', { status: 'processing' });
    expect([whole.status, whole.body.message]).toEqual([409, NOT_PAID]);
    expect((await order(placed.id)).parts[0].status).toBe('pending');

    const trackingId = placed.payment.redirect_url.split('/').at(-1);
    await fake('pesapalUrl', '/__fake/status', { trackingId, status_code: 1 });
    await call(`/api/orders/${placed.id}/payment`, buyer);
    expect((await order(placed.id)).payment_status).toBe('COMPLETED');
    expect(toPrepare(await dashboard())).toBe(before + 1);
    expect(await dashboard()).toContain(`Order #${placed.id}<`);
    expect((await movePart(placed, 'processing')).status).toBe(200);
  });

  it('prepares cash on delivery at once', async () => {
    const before = toPrepare(await dashboard());
    const placed = await placeOrder('cash_on_delivery');
    expect(toPrepare(await dashboard())).toBe(before + 1);
    expect((await movePart(placed, 'processing')).status).toBe(200);
  });
});

describe('the buyer cancels', () => {
  it('gives the stock back once however many cancel at once; cancelling again answers the order as it is', async () => {
    const cancelledBefore = cancelledCount(await dashboard());
    const failed = await declinedOrder();
    const productId = failed.items[0].product_id;
    const before = await stockLeft(productId);
    const replies = await Promise.all(Array.from({ length: 6 }, () => cancel(failed.id)));
    expect(replies.map((reply) => reply.status)).toEqual(Array(6).fill(200));
    expect(replies[0]!.body.message).toBe('Order cancelled');
    expect(await stockLeft(productId)).toBe(before + 1);
    const now = await order(failed.id);
    expect(now).toMatchObject({ status: 'cancelled', status_label: 'Cancelled', progress: 'cancelled' });
    expect(now.events.filter((event: Row) => event.status === 'cancelled')).toHaveLength(1);
    expect((await history(failed.id)).refunds).toEqual([]);
    // The vendor was never shown the unpaid order, so its cancellation is not shown either.
    const page = await dashboard();
    expect(page).not.toContain(`Order #${failed.id}<`);
    expect(cancelledCount(page)).toBe(cancelledBefore);
  });

  it('refuses someone else and an order that has left; the stock stays out', async () => {
    const placed = await placeOrder('cash_on_delivery');
    const stranger = await cancel(placed.id, otherBuyer);
    expect([stranger.status, stranger.body.message]).toEqual([404, 'Order not found']);
    for (const status of ['processing', 'shipped']) expect((await movePart(placed, status)).status).toBe(200);
    const left = await stockLeft(placed.items[0].product_id);
    const refused = await cancel(placed.id);
    expect([refused.status, refused.body.message]).toEqual([409, CANNOT_CANCEL]);
    expect(await stockLeft(placed.items[0].product_id)).toBe(left);
    expect((await order(placed.id)).status).toBe('shipped');
  });

  it('a paid order cancelled becomes a refund through the ledger, shown on the order', async () => {
    const placed = await placeOrder('manual');
    expect((await call(`/api/orders/${placed.id}/status`, admin, 'POST', { payment_status: 'COMPLETED' })).status).toBe(200);
    expect((await movePart(placed, 'processing')).status).toBe(200);
    const cancelled = await cancel(placed.id);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data).toMatchObject({ status: 'cancelled', payment_status: 'COMPLETED' });
    expect(cancelled.body.data.money).toMatchObject({
      parts: [{ part_id: placed.parts[0].id, cost: placed.subtotal, coming_back: placed.subtotal }],
      total: 0,
      paid: placed.total,
      refund_due: placed.total,
      refund_due_way: 'by_hand',
      to_pay_on_delivery: 0,
    });
    expect((await history(placed.id)).refunds).toEqual([expect.objectContaining({ amount: placed.total, reason: 'cancelled', status: 'due' })]);
    expect(cancelled.body.data.money.refunds).toEqual([
      expect.objectContaining({ amount: placed.total, reason: 'cancelled', way: 'by_hand', paid_back: false, when: expect.any(String) }),
    ]);
    // The spec's amounts and the list say what the order's page says: it costs nothing now, and what was paid comes back.
    expect(cancelled.body.data).toMatchObject({ order_total: 0, delivery_amount: 0, payable_amount: 0 });
    const listed = ((await call('/api/orders?page=1', buyer)).body.data.data as Row[]).find((order) => order.id === placed.id)!;
    expect(listed).toMatchObject({
      order_total: 0,
      payable_amount: 0,
      status_label: cancelled.body.data.status_label,
      money: { total: 0, refund_due: placed.total, refunded: 0 },
    });
  });

  it('racing the vendor shipping the part: exactly one wins, and the stock comes back only if the cancel did', async () => {
    for (let round = 0; round < 6; round++) {
      const product = nextProduct();
      const placed = await placeOrder('cash_on_delivery', product, 2);
      expect((await movePart(placed, 'processing')).status).toBe(200);
      const before = await stockLeft(product.id);
      const [cancelled, shipped] = await Promise.all([cancel(placed.id), movePart(placed, 'shipped')]);
      expect([cancelled.status, shipped.status].sort()).toEqual([200, 409]);
      const now = await order(placed.id);
      expect(now.status).toBe(cancelled.status === 200 ? 'cancelled' : 'shipped');
      expect(await stockLeft(product.id)).toBe(cancelled.status === 200 ? before + 2 : before);
    }
  });

  it('racing the payment landing: whatever lands first, the order ends cancelled and the money is owed back once', async () => {
    for (let round = 0; round < 4; round++) {
      const placed = await placeOrder('pesapal');
      const trackingId = placed.payment.redirect_url.split('/').at(-1);
      await fake('pesapalUrl', '/__fake/status', { trackingId, status_code: 1 });
      const [cancelled] = await Promise.all([cancel(placed.id), fake('pesapalUrl', '/__fake/notify', { trackingId })]);
      expect(cancelled.status).toBe(200);
      // Asking Pesapal again, as the order page does, changes nothing more.
      await call(`/api/orders/${placed.id}/payment`, buyer);
      const record = await history(placed.id);
      expect(record.attempts.map((attempt: Row) => attempt.status)).toEqual(['COMPLETED']);
      expect(record.refunds).toEqual([expect.objectContaining({ amount: placed.total, status: 'due' })]);
      expect((await order(placed.id)).status).toBe('cancelled');
    }
  });
});
