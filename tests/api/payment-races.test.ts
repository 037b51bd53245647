/**
 * Money only moves forward, under any race: gateway news arriving together, out of order or again, a buyer
 * pressing "pay again" while the first payment's confirmation arrives, an order paid twice, a reversal, and
 * paid lines cancelled. Run on PostgreSQL as well as PGlite: PGlite's single connection hides races.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { api } from './client';
import { call, login, register, type Caller } from './callers';
import { ADMIN } from './server.setup';
import { signStripePayload } from '../../src/server/payments/gateways/stripe';
import { DEMO_ACCOUNTS } from '../../src/server/demo-data/demo-accounts';
import { expectRefusedInEveryLanguage } from './refused-in-languages';

type Row = Record<string, any>;

const WEBHOOK_SECRET = 'whsec_test_store';

let buyer: Caller;
/** How many buyers were registered for orders: each order has a buyer of its own (see placeOrder). */
let registered = 0;
const owners = new Map<number, Caller>();
let admin: Caller;
let vendor: Caller;
let location: Row;
let plain: Row[];
let next = 0;

/** A product with plenty of stock, a different one for each order so orders never compete for units. */
const nextProduct = () => plain[next++ % plain.length]!;

/**
 * An order by a buyer of its own: an account may have only 2 orders waiting for payment at once, and the races here
 * place dozens together and leave many unpaid.
 */
async function placeOrder(gateway: 'stripe' | 'pesapal' | 'manual', products: Row[] = [nextProduct()]): Promise<Row> {
  const n = registered++;
  const who = await register(`10.230.${2 + Math.floor(n / 200)}.${(n % 200) + 1}`, 'Apio');
  const reply = await call('/api/orders', who, 'POST', {
    items: products.map((product) => ({ product_id: product.id, quantity: 1, price: Number(product.price_1) })),
    customer_name: 'Apio Grace',
    customer_phone: '0772 555 010',
    delivery_location_id: location.id,
    delivery_address: 'Plot 12, Kira Road',
    payment_gateway: gateway,
  });
  expect(reply.status).toBe(201);
  owners.set(reply.body.data.id, who);
  return reply.body.data;
}

const ownerOf = (orderId: number) => owners.get(orderId)!;

const fake = async (base: 'pesapalUrl' | 'stripeUrl', path: string, body?: unknown) => {
  const response = await fetch(
    new URL(path, inject(base)),
    body === undefined ? {} : { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) },
  );
  return response.json();
};

const reference = (order: Row) => order.payment.redirect_url.split('/').at(-1) as string;
const order = async (id: number) => (await call(`/api/orders/${id}`, ownerOf(id))).body.data;
const history = async (id: number) => (await call(`/api/orders/${id}/payment-history`, admin)).body.data;

/** A Stripe event for a session as the fake holds it, signed as Stripe signs it. */
async function stripeEvent(sessionId: string, type: string, change: Row = {}) {
  const session = (await fake('stripeUrl', '/__fake/state')).sessions.find((entry: Row) => entry.id === sessionId);
  const { line_items: _items, ...visible } = session;
  const body = JSON.stringify({ id: `evt_race_${Math.random().toString(36).slice(2)}`, object: 'event', type, data: { object: { ...visible, ...change } } });
  return () =>
    fetch(new URL('/api/payments/stripe/webhook', inject('baseUrl')), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Stripe-Signature': signStripePayload(body, WEBHOOK_SECRET) },
      body,
    });
}

const completed = { status: 'complete', payment_status: 'paid' };
const expired = { status: 'expired', payment_status: 'unpaid' };

beforeAll(async () => {
  buyer = await register('10.230.0.1', 'Apio');
  admin = await login(ADMIN.email, ADMIN.password, '10.230.0.2');
  vendor = await login(DEMO_ACCOUNTS.vendor.email, DEMO_ACCOUNTS.vendor.password, '10.230.0.3');
  location = (await api('/api/manifest')).body.data.delivery_locations[0];
  const listed: Row[] = (await api('/api/products?limit=100&in_stock=1&sort_by=price_1&sort_order=desc')).body.data.data;
  plain = listed.filter((p) => p.has_colors !== 'Yes' && p.has_sizes !== 'Yes' && p.stock.total_items - p.stock.items_sold >= 40 && Number(p.price_1) >= 5000);
  expect(plain.length).toBeGreaterThan(20);
});

describe('gateway news arriving together', () => {
  it('"completed" and "expired" for the same Stripe payment at once always leave the order paid', async () => {
    const orders = await Promise.all(Array.from({ length: 30 }, () => placeOrder('stripe')));
    const pairs = await Promise.all(
      orders.map(async (placed) => {
        await fake('stripeUrl', '/__fake/pay', { sessionId: reference(placed), send_webhook: false });
        return [
          await stripeEvent(reference(placed), 'checkout.session.completed', completed),
          await stripeEvent(reference(placed), 'checkout.session.expired', expired),
        ];
      }),
    );
    const replies = await Promise.all(pairs.flatMap(([paid, closed]) => [paid!(), closed!()]));
    expect(replies.map((reply) => reply.status)).toEqual(replies.map(() => 200));

    for (const placed of orders) {
      const after = await order(placed.id);
      expect(after.payment_status, `order ${placed.id}`).toBe('COMPLETED');
      // Expired first then paid (CANCELLED, COMPLETED), or paid first and the expiry ignored (COMPLETED): paid last, once.
      const timeline = after.events.filter((event: Row) => event.status.startsWith('payment:')).map((event: Row) => event.status);
      expect([['payment:COMPLETED'], ['payment:CANCELLED', 'payment:COMPLETED']]).toContainEqual(timeline);
      const news = (await history(placed.id)).events.filter((event: Row) => event.source === 'stripe webhook');
      expect(news.map((event: Row) => event.outcome).sort()).toEqual(
        timeline.length === 1 ? ['applied', 'ignored: COMPLETED cannot become CANCELLED'] : ['applied', 'applied'],
      );
    }
  });

  it('news out of order and again: expired, then completed late, then both replayed', async () => {
    const placed = await placeOrder('stripe');
    await fake('stripeUrl', '/__fake/pay', { sessionId: reference(placed), send_webhook: false });
    const late = await stripeEvent(reference(placed), 'checkout.session.completed', completed);
    const early = await stripeEvent(reference(placed), 'checkout.session.expired', expired);
    await early();
    expect((await order(placed.id)).payment_status).toBe('CANCELLED');
    await late();
    expect((await order(placed.id)).payment_status).toBe('COMPLETED');
    await early();
    await late();
    const after = await order(placed.id);
    expect(after.payment_status).toBe('COMPLETED');
    expect(after.events.filter((event: Row) => event.status.startsWith('payment:')).map((event: Row) => event.status)).toEqual([
      'payment:CANCELLED',
      'payment:COMPLETED',
    ]);
    const outcomes = (await history(placed.id)).events.filter((event: Row) => event.source === 'stripe webhook').map((event: Row) => event.outcome);
    expect(outcomes).toEqual(['applied', 'applied', 'ignored: COMPLETED cannot become CANCELLED', 'ignored: already COMPLETED']);
  });
});

describe('pay again', () => {
  it("racing the first Stripe payment's confirmation never un-pays the order nor opens a second payment page", async () => {
    const orders = await Promise.all(Array.from({ length: 20 }, () => placeOrder('stripe')));
    await Promise.all(
      orders.map(async (placed) => {
        await fake('stripeUrl', '/__fake/pay', { sessionId: reference(placed), send_webhook: false });
        const confirm = await stripeEvent(reference(placed), 'checkout.session.completed', completed);
        const [again] = await Promise.all([call(`/api/orders/${placed.id}/pay`, ownerOf(placed.id), 'POST', {}), confirm()]);
        // The first payment page is closed before a new one opens; Stripe says it was paid, so no new attempt.
        expect(again.status).toBe(409);
        expect(again.body.message).toBe('This order is already paid');
      }),
    );
    const sessions = (await fake('stripeUrl', '/__fake/state')).sessions as Row[];
    for (const placed of orders) {
      const after = await order(placed.id);
      expect(after.payment_status).toBe('COMPLETED');
      expect((await history(placed.id)).attempts).toHaveLength(1);
      expect(sessions.filter((session) => session.client_reference_id === String(placed.id) && session.status === 'open')).toEqual([]);
    }
  });

  it("racing the first Pesapal payment's confirmation never un-pays the order", async () => {
    const orders = await Promise.all(Array.from({ length: 20 }, () => placeOrder('pesapal')));
    await Promise.all(
      orders.map(async (placed) => {
        await fake('pesapalUrl', '/__fake/status', { trackingId: reference(placed), status_code: 1 });
        await Promise.all([
          call(`/api/orders/${placed.id}/pay`, ownerOf(placed.id), 'POST', {}),
          fake('pesapalUrl', '/__fake/notify', { trackingId: reference(placed) }),
        ]);
      }),
    );
    for (const placed of orders) {
      const after = await order(placed.id);
      expect(after.payment_status, `order ${placed.id}`).toBe('COMPLETED');
      const { attempts } = await history(placed.id);
      // A second attempt may have been opened before the news came; it is closed now that the order is paid.
      expect(attempts.filter((attempt: Row) => attempt.status === 'PENDING_PAYMENT')).toEqual([]);
      expect(attempts.filter((attempt: Row) => attempt.status === 'COMPLETED')).toHaveLength(1);
    }
  });

  it('closes the earlier Stripe page first, and refuses when Stripe cannot be reached to close it', async () => {
    const placed = await placeOrder('stripe');
    await fake('stripeUrl', '/__fake/fail', { path: `/v1/checkout/sessions/${reference(placed)}/expire`, mode: 'error' });
    const refused = await call(`/api/orders/${placed.id}/pay`, ownerOf(placed.id), 'POST', {});
    expect(refused.status).toBe(503);
    expect(refused.body.message).toMatch(/^Stripe is not reachable\. Please try again\. Your earlier payment is still open/);

    const again = await call(`/api/orders/${placed.id}/pay`, ownerOf(placed.id), 'POST', {});
    expect(again.status).toBe(200);
    const sessions = (await fake('stripeUrl', '/__fake/state')).sessions.filter((session: Row) => session.client_reference_id === String(placed.id));
    expect(sessions.map((session: Row) => session.status)).toEqual(['expired', 'open']);
    expect(again.body.data.payment.redirect_url).toContain(sessions[1].id);
  });

  it('says that refusal in the language asked for, Stripe named as it is', async () => {
    const placed = await placeOrder('stripe');
    const ask = async (language: string) => {
      await fake('stripeUrl', '/__fake/fail', { path: `/v1/checkout/sessions/${reference(placed)}/expire`, mode: 'error' });
      return call(
        `/api/orders/${placed.id}/pay`,
        { ...ownerOf(placed.id), headers: { ...ownerOf(placed.id).headers, 'Accept-Language': language } },
        'POST',
        {},
      );
    };
    await expectRefusedInEveryLanguage(
      ask,
      503,
      'Stripe is not reachable. Please try again. Your earlier payment is still open; please try again in a moment.',
      ['Stripe'],
    );
    expect((await ask('lg')).body.message).toBe(
      "Stripe tetuukikako. Gezaako nate. Okusasula kwo okw'olubereberye kukyali kuggule; gezaako nate mu kaseera katono.",
    );
  });
});

describe('an order paid twice', () => {
  it('records the second Pesapal payment as an overpayment to refund, listed until an administrator pays it back', async () => {
    const placed = await placeOrder('pesapal');
    const first = reference(placed);
    const again = (await call(`/api/orders/${placed.id}/pay`, ownerOf(placed.id), 'POST', {})).body.data;
    const second = reference(again);
    expect(second).not.toBe(first);

    // Pesapal cannot close the first page: the buyer pays on both, and both notifications arrive at once.
    await Promise.all([
      fake('pesapalUrl', '/__fake/status', { trackingId: first, status_code: 1 }),
      fake('pesapalUrl', '/__fake/status', { trackingId: second, status_code: 1 }),
    ]);
    await Promise.all([fake('pesapalUrl', '/__fake/notify', { trackingId: first }), fake('pesapalUrl', '/__fake/notify', { trackingId: second })]);

    const after = await order(placed.id);
    expect(after.payment_status).toBe('COMPLETED');
    const record = await history(placed.id);
    expect(record.attempts.map((attempt: Row) => attempt.status)).toEqual(['COMPLETED', 'COMPLETED']);
    expect(record.events.filter((event: Row) => event.outcome === 'overpayment')).toHaveLength(1);
    expect(record.refunds).toEqual([expect.objectContaining({ amount: placed.total, reason: 'overpayment', status: 'due' })]);

    const listed = (await call('/api/refunds', admin)).body.data;
    expect(listed.open.map((refund: Row) => refund.id)).toContain(record.refunds[0].id);
    expect((await call('/api/refunds', buyer)).status).toBe(403);
    expect((await call(`/api/refunds/${record.refunds[0].id}`, buyer, 'POST', { note: 'x' })).status).toBe(403);

    const paidBack = await call(`/api/refunds/${record.refunds[0].id}`, admin, 'POST', { note: 'MTN MoMo 81234567' });
    expect(paidBack.body.data).toMatchObject({ status: 'refunded', note: 'MTN MoMo 81234567' });
    expect((await call(`/api/refunds/${record.refunds[0].id}`, admin, 'POST', {})).status).toBe(409);
    const settled = await history(placed.id);
    expect(settled.payment_status).toBe('COMPLETED');
    expect(settled.attempts.map((attempt: Row) => attempt.status).sort()).toEqual(['COMPLETED', 'REFUNDED']);
    expect((await order(placed.id)).events.map((event: Row) => event.status)).toEqual(expect.arrayContaining(['refund:due', 'refund:refunded']));
  });

  it('notifications replayed many times at once record one payment and no refund', async () => {
    const placed = await placeOrder('pesapal');
    await fake('pesapalUrl', '/__fake/status', { trackingId: reference(placed), status_code: 1 });
    await Promise.all(Array.from({ length: 8 }, () => fake('pesapalUrl', '/__fake/notify', { trackingId: reference(placed) })));
    const record = await history(placed.id);
    expect(record.payment_status).toBe('COMPLETED');
    expect(record.refunds).toEqual([]);
    expect(record.events.filter((event: Row) => event.outcome === 'applied')).toHaveLength(1);
    expect((await order(placed.id)).events.filter((event: Row) => event.status === 'payment:COMPLETED')).toHaveLength(1);
  });
});

describe('reversals and refunds', () => {
  it('a Pesapal reversal after payment is recorded, shown, and lets the buyer pay again', async () => {
    const placed = await placeOrder('pesapal');
    await fake('pesapalUrl', '/__fake/status', { trackingId: reference(placed), status_code: 1 });
    await fake('pesapalUrl', '/__fake/notify', { trackingId: reference(placed) });
    expect((await order(placed.id)).payment_status).toBe('COMPLETED');

    await fake('pesapalUrl', '/__fake/status', { trackingId: reference(placed), status_code: 3 });
    await fake('pesapalUrl', '/__fake/notify', { trackingId: reference(placed) });
    const after = await order(placed.id);
    expect(after.payment_status).toBe('REVERSED');
    expect(after.events.at(-1)).toMatchObject({ status: 'payment:REVERSED', note: 'Payment reversed' });
    expect((await call('/api/refunds', admin)).body.data.reversals.map((row: Row) => row.order_id)).toContain(placed.id);
    expect((await call(`/api/orders/${placed.id}/pay`, ownerOf(placed.id), 'POST', {})).body.data.payment_status).toBe('PENDING_PAYMENT');
  });

  it('cancelling a paid Stripe order pays the money back through Stripe', async () => {
    const placed = await placeOrder('stripe');
    await fake('stripeUrl', '/__fake/pay', { sessionId: reference(placed) });
    expect((await order(placed.id)).payment_status).toBe('COMPLETED');

    const cancelled = await call(`/api/orders/${placed.id}/status`, admin, 'POST', { status: 'cancelled' });
    expect(cancelled.body.data).toMatchObject({ status: 'cancelled', payment_status: 'REFUNDED' });
    const session = (await fake('stripeUrl', '/__fake/state')).sessions.find((entry: Row) => entry.id === reference(placed));
    const stripeRefunds = (await fake('stripeUrl', '/__fake/state')).refunds.filter((refund: Row) => refund.payment_intent === session.payment_intent);
    expect(stripeRefunds).toEqual([expect.objectContaining({ amount: placed.total * 100, status: 'succeeded', reason: 'requested_by_customer' })]);
    expect((await history(placed.id)).refunds).toEqual([expect.objectContaining({ amount: placed.total, reason: 'cancelled', status: 'refunded' })]);
  });

  it('a confirmed manual transfer confirmed twice at once is one payment', async () => {
    const placed = await placeOrder('manual');
    const replies = await Promise.all(Array.from({ length: 5 }, () => call(`/api/orders/${placed.id}/status`, admin, 'POST', { payment_status: 'COMPLETED' })));
    expect(replies.map((reply) => reply.status)).toEqual([200, 200, 200, 200, 200]);
    const record = await history(placed.id);
    expect(record.payment_status).toBe('COMPLETED');
    expect(record.events.filter((event: Row) => event.outcome === 'applied')).toHaveLength(1);
    expect(record.refunds).toEqual([]);
  });
});

describe('a vendor acts only on its own part', () => {
  it("a vendor cancelling its part leaves the other vendor's part and stock alone; the store cancels the rest", async () => {
    const simple = (p: Row) => p.has_colors !== 'Yes' && p.has_sizes !== 'Yes' && p.stock.total_items - p.stock.items_sold >= 5;
    const mine: Row[] = (await call(`/api/products?limit=100&in_stock=1&vendor=${vendor.id}`, null)).body.data.data;
    const vendorProduct = mine.find(simple);
    const otherProduct = plain.find((p) => Number(p.supplier) !== vendor.id);
    expect(vendorProduct && otherProduct).toBeTruthy();
    const stock = async (id: number) => {
      const product = (await api(`/api/products/${id}?fresh=${Date.now()}`)).body.data;
      return product.stock.total_items - product.stock.items_sold;
    };
    const before = { vendor: await stock(vendorProduct!.id), other: await stock(otherProduct!.id) };
    const placed = await placeOrder('manual', [vendorProduct!, otherProduct!]);

    const stranger = await register('10.230.0.9', 'Okot');
    const refused = await call(`/api/orders/${placed.id}/status`, stranger, 'POST', { status: 'nonsense' });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Failed to update order status: Only a vendor or an administrator can do this');

    const cancelled = await call(`/api/orders/${placed.id}/status`, vendor, 'POST', { status: 'cancelled' });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data.status).toBe('pending');
    expect(await stock(vendorProduct!.id)).toBe(before.vendor);
    expect(await stock(otherProduct!.id)).toBe(before.other - 1);
    const after = await order(placed.id);
    expect(after.items.map((item: Row) => [item.product_id, item.status])).toEqual([
      [vendorProduct!.id, 'cancelled'],
      [otherProduct!.id, 'pending'],
    ]);
    expect(after.parts.map((part: Row) => [part.vendor_id, part.status])).toEqual([
      [vendor.id, 'cancelled'],
      [Number(otherProduct!.supplier) || null, 'pending'],
    ]);
    expect(after.events.at(-1)).toMatchObject({
      status: 'part:cancelled',
      note: expect.stringMatching(new RegExp(`^Cancelled: .+ \\(${vendorProduct!.name}\\)$`)),
    });
    expect(after.payment_status).toBe('PENDING_PAYMENT');

    expect((await call(`/api/orders/${placed.id}/status`, vendor, 'POST', { status: 'processing' })).status).toBe(409);
    const rest = await call(`/api/orders/${placed.id}/status`, admin, 'POST', { status: 'cancelled' });
    expect(rest.body.data).toMatchObject({ status: 'cancelled', payment_status: 'CANCELLED' });
    expect(await stock(otherProduct!.id)).toBe(before.other);
  });
});
