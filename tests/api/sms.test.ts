/**
 * Texts to buyers and vendors from the real store, sent to the fake Africa's Talking (tests/api/server.setup.ts):
 * an order placed, paid (by an administrator's confirmation and by Pesapal), shipped, delivered and cancelled;
 * an order that succeeds while the SMS service fails, its texts sent on a later try; and, on PostgreSQL, two
 * store instances sending together without sending any text twice.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { api } from './client';
import { call, login, pageCookie, register, type Caller } from './callers';
import { ADMIN, smsEnv } from './server.setup';
import { startStore, type RunningStore } from '../support/server';
import { DEMO_ACCOUNTS } from '../../src/server/demo-data/demo-accounts';
import { gsm7Length, isGsm7 } from '../../src/lib/gsm7';
import { FAKE_AT_API_KEY, FAKE_AT_USERNAME, type FakeSms } from '../support/fake-africastalking';

type Row = Record<string, any>;

const BUYER_PHONE = '0772 555 041';
const BUYER_NUMBER = '+256772555041';

let buyer: Caller;
let admin: Caller;
let vendor: Caller;
let vendorNumber: string;
let location: Row;
let vendorProducts: Row[];
let otherProducts: Row[];

const smsFake = async (path: string, body?: unknown) => {
  const response = await fetch(
    new URL(path, inject('smsUrl')),
    body === undefined ? {} : { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) },
  );
  return response.json();
};

/** Every send the fake received about this order, in order. */
const sendsAbout = async (orderId: number): Promise<FakeSms[]> =>
  ((await smsFake('/__fake/state')).messages as FakeSms[]).filter((message) => new RegExp(`#${orderId}(?!\\d)`).test(message.message));

/** Waits until the texts about the order that went out pass `check`; gives them. */
async function sentAbout(orderId: number, check: (sent: FakeSms[]) => boolean, withinMs = 10_000): Promise<FakeSms[]> {
  const started = Date.now();
  let sent: FakeSms[] = [];
  while (Date.now() - started < withinMs) {
    sent = (await sendsAbout(orderId)).filter((message) => message.outcome === 'sent');
    if (check(sent)) return sent;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`texts about order ${orderId} after ${withinMs} ms: ${JSON.stringify(sent.map((message) => [message.to, message.message]))}`);
}

const toNumber = (to: string) => (message: FakeSms) => message.to === to;

/** The number a product's vendor is texted on: its shop's phone. */
async function sellerNumber(product: Row): Promise<string> {
  const shop = (await api(`/api/vendors/${product.supplier}`)).body.data;
  return `+256${shop.business_phone_number.replace(/\D/g, '').slice(-9)}`;
}

/** Orders placed by a test, cancelled after it (those not on their way) so the buyer stays below its unpaid orders' limit. */
const placed: number[] = [];

async function placeOrder(products: Row[], gateway = 'cash_on_delivery', phone = BUYER_PHONE, extra: Row = {}): Promise<Row> {
  const reply = await call('/api/orders', buyer, 'POST', {
    items: products.map((product) => ({ product_id: product.id, quantity: 2, price: Number(product.price_1) })),
    customer_name: 'Nakato Sarah',
    customer_phone: phone,
    delivery_location_id: location.id,
    delivery_address: 'Plot 5, Ntinda Road',
    payment_gateway: gateway,
    ...extra,
  });
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
  placed.push(reply.body.data.id);
  return reply.body.data;
}

const moveOrder = async (orderId: number, who: Caller, status: string, extra: Row = {}) => {
  const reply = await call(`/api/orders/${orderId}/status`, who, 'POST', { status, ...extra });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply.body.data;
};

/** The handover codes of the order's parts on their way, as only its buyer's order page shows them. */
const handoverCodes = async (orderId: number): Promise<string[]> =>
  ((await call(`/api/orders/${orderId}`, buyer)).body.data.parts as Row[]).map((part) => part.handover_code).filter((code) => code !== null);

const amount = (value: number) => `UGX ${value.toLocaleString('en-US')}`;

beforeAll(async () => {
  // The number the buyer writes on its orders is its own: it hears every text of them.
  buyer = await register('10.240.0.1', 'Nakato', BUYER_PHONE);
  admin = await login(ADMIN.email, ADMIN.password, '10.240.0.2');
  vendor = await login(DEMO_ACCOUNTS.vendor.email, DEMO_ACCOUNTS.vendor.password, '10.240.0.3');
  const shop = (await api(`/api/vendors/${vendor.id}`)).body.data;
  vendorNumber = `+256${shop.business_phone_number.replace(/\D/g, '').slice(-9)}`;
  location = (await api('/api/manifest')).body.data.delivery_locations[0];
  const simple = (p: Row) => p.has_colors !== 'Yes' && p.has_sizes !== 'Yes' && p.stock.total_items - p.stock.items_sold >= 30;
  vendorProducts = ((await api(`/api/products?limit=100&in_stock=1&vendor=${vendor.id}`)).body.data.data as Row[]).filter(simple);
  otherProducts = ((await api('/api/products?limit=100&in_stock=1&sort_by=price_1&sort_order=desc')).body.data.data as Row[]).filter(
    (p) => simple(p) && Number(p.supplier) !== vendor.id,
  );
  expect(vendorProducts.length).toBeGreaterThan(3);
  expect(otherProducts.length).toBeGreaterThan(5);
});

beforeEach(async () => {
  await smsFake('/__fake/reset', {});
});

afterEach(async () => {
  for (const id of placed.splice(0)) await call(`/api/orders/${id}/cancel`, buyer, 'POST');
});

describe('placing an order', () => {
  it('texts the buyer the number, the total and how to pay, and each vendor how many of their items and where to see them', async () => {
    const [mine, theirs] = [vendorProducts[0]!, otherProducts[0]!];
    const order = await placeOrder([mine, theirs]);
    const otherShop = (await api(`/api/vendors/${theirs.supplier}`)).body.data;
    const otherNumber = `+256${otherShop.business_phone_number.replace(/\D/g, '').slice(-9)}`;

    const sent = await sentAbout(order.id, (texts) => texts.length === 3);
    for (const text of sent) {
      expect(isGsm7(text.message), text.message).toBe(true);
      expect(gsm7Length(text.message), text.message).toBeLessThanOrEqual(160);
      expect(text.username).toBe(FAKE_AT_USERNAME);
    }
    const toBuyer = sent.find(toNumber(BUYER_NUMBER))!;
    expect(toBuyer.message).toMatch(new RegExp(`^Duuka: Hi Nakato, order #${order.id} is placed\\. Total ${amount(order.total)}, to pay on delivery\\. `));
    expect(toBuyer.message).toContain('We will text you when it ships.');
    const toVendor = sent.find(toNumber(vendorNumber))!;
    expect(toVendor.message).toMatch(new RegExp(`^Duuka: New order #${order.id} with 2 of your items: 2 x `));
    expect(toVendor.message).toMatch(/ See it (at http:\/\/127\.0\.0\.1:\d+\/vendor-dashboard\/orders|in your dashboard\.)$/);
    const toOther = sent.find(toNumber(otherNumber))!;
    expect(toOther.message).toMatch(new RegExp(`^Duuka: New order #${order.id} with 2 of your items: `));
    // Each vendor hears of their own products only.
    expect(toVendor.message).not.toContain(theirs.name.slice(0, 12));
  });

  it('with a number that is not a Ugandan mobile still places the order, and the text is recorded as failed with the reason', async () => {
    const order = await placeOrder([otherProducts[1]!], 'cash_on_delivery', '0414 123 456');
    const sent = await sentAbout(order.id, (texts) => texts.length === 1);
    expect(sent[0]!.message).toMatch(/^Duuka: New order #/);
    const status = await (await fetch(new URL('/integration-status', inject('baseUrl')), { headers: pageCookie(admin) })).text();
    expect(status).toContain('Text messages (SMS)');
    expect(status).toContain('&quot;0414 123 456&quot; is not a Ugandan mobile number');
    expect(status).toContain(`Africa&#39;s Talking, account ${FAKE_AT_USERNAME}, at ${inject('smsUrl')}/version1/messaging`);
  });
});

describe('paying', () => {
  it('confirmed by an administrator (a manual transfer) texts the buyer that it is paid, and the vendor to prepare it only then', async () => {
    const product = otherProducts[2]!;
    const seller = await sellerNumber(product);
    const order = await placeOrder([product], 'manual');
    const placed = await sentAbout(order.id, (texts) => texts.some(toNumber(BUYER_NUMBER)));
    expect(placed.find(toNumber(BUYER_NUMBER))!.message).toContain(`Total ${amount(order.total)}, awaiting payment.`);
    // Not yet paid: nothing for the vendor to do, so nothing to hear.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect((await sendsAbout(order.id)).some(toNumber(seller))).toBe(false);
    const confirmed = await call(`/api/orders/${order.id}/status`, admin, 'POST', { payment_status: 'COMPLETED' });
    expect(confirmed.body.data.payment_status).toBe('COMPLETED');
    const sent = await sentAbout(order.id, (texts) => texts.filter(toNumber(BUYER_NUMBER)).length === 2 && texts.some(toNumber(seller)));
    expect(sent.filter(toNumber(BUYER_NUMBER))[1]!.message).toBe(
      `Duuka: Hi Nakato, we received ${amount(order.total)} for order #${order.id}. Thank you! We will text you when it ships.`,
    );
    expect(sent.find(toNumber(seller))!.message).toMatch(new RegExp(`^Duuka: Order #${order.id} is paid: prepare 2 of your items now: 2 x `));
    // Confirming again changes nothing and texts nobody.
    await call(`/api/orders/${order.id}/status`, admin, 'POST', { payment_status: 'COMPLETED' });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect((await sendsAbout(order.id)).filter(toNumber(BUYER_NUMBER))).toHaveLength(2);
    expect((await sendsAbout(order.id)).filter(toNumber(seller))).toHaveLength(1);
  });

  it('switched to cash on delivery texts the buyer what the rider collects and the vendor to prepare it, once, however often it is switched', async () => {
    const product = otherProducts[6]!;
    const seller = await sellerNumber(product);
    const order = await placeOrder([product], 'pesapal');
    await sentAbout(order.id, (texts) => texts.some(toNumber(BUYER_NUMBER)));
    const switched = await call(`/api/orders/${order.id}/pay`, buyer, 'POST', { payment_gateway: 'cash_on_delivery' });
    expect(switched.status, JSON.stringify(switched.body)).toBe(200);
    const sent = await sentAbout(order.id, (texts) => texts.filter(toNumber(BUYER_NUMBER)).length === 2 && texts.some(toNumber(seller)));
    expect(sent.filter(toNumber(BUYER_NUMBER))[1]!.message).toBe(
      `Duuka: Hi Nakato, order #${order.id} is now to be paid on delivery: ${amount(order.total)} in cash to the rider. We will text you when it ships.`,
    );
    expect(sent.find(toNumber(seller))!.message).toMatch(new RegExp(`^Duuka: New order #${order.id} with 2 of your items: 2 x `));
    // Back to paying online and to cash again: nobody hears of it twice.
    expect((await call(`/api/orders/${order.id}/pay`, buyer, 'POST', { payment_gateway: 'pesapal' })).status).toBe(200);
    expect((await call(`/api/orders/${order.id}/pay`, buyer, 'POST', { payment_gateway: 'cash_on_delivery' })).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect((await sendsAbout(order.id)).filter(toNumber(BUYER_NUMBER))).toHaveLength(2);
    expect((await sendsAbout(order.id)).filter(toNumber(seller))).toHaveLength(1);
  });

  it('through Pesapal texts the buyer once, however many notifications come', async () => {
    const order = await placeOrder([otherProducts[3]!], 'pesapal');
    const trackingId = order.payment.gateway_reference;
    await fetch(new URL('/__fake/status', inject('pesapalUrl')), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ trackingId, status_code: 1 }),
    });
    const notify = () =>
      fetch(new URL('/__fake/notify', inject('pesapalUrl')), {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ trackingId }),
      });
    await Promise.all([notify(), notify(), notify()]);
    const sent = await sentAbout(order.id, (texts) => texts.some((text) => text.message.includes('we received')));
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const paid = (await sendsAbout(order.id)).filter((text) => text.message.includes('we received'));
    expect(paid).toHaveLength(1);
    expect(paid[0]).toMatchObject({ to: BUYER_NUMBER, outcome: 'sent' });
    expect(paid[0]!.message).toContain(`we received ${amount(order.total)} for order #${order.id}.`);
    expect(sent.some(toNumber(vendorNumber))).toBe(false);
  });

  it('from a phone (MTN MoMo and Airtel Money) texts the buyer once the network says it is approved', async () => {
    const [mtn, airtel] = await Promise.all([
      placeOrder([otherProducts[4]!], 'mtn_momo', BUYER_PHONE, { payment_phone: '0772 410 330' }),
      placeOrder([otherProducts[5]!], 'airtel_money', BUYER_PHONE, { payment_phone: '0752 410 330' }),
    ]);
    for (const order of [mtn, airtel]) {
      // The fake networks approve a request about a second after it is sent; the store hears of it and confirms.
      const sent = await sentAbout(order.id, (texts) => texts.filter(toNumber(BUYER_NUMBER)).length === 2, 20_000);
      const [placed, paid] = sent.filter(toNumber(BUYER_NUMBER));
      expect(placed!.message).toContain(`Total ${amount(order.total)}, awaiting payment.`);
      expect(paid!.message).toBe(`Duuka: Hi Nakato, we received ${amount(order.total)} for order #${order.id}. Thank you! We will text you when it ships.`);
    }
  }, 30_000);
});

describe('moving an order along', () => {
  it('texts the buyer when the vendor ships and delivers it, not when it is being prepared', async () => {
    const order = await placeOrder([vendorProducts[1]!]);
    await sentAbout(order.id, (texts) => texts.length === 2);
    await moveOrder(order.id, vendor, 'processing');
    await moveOrder(order.id, vendor, 'shipped');
    const shipped = await sentAbout(order.id, (texts) => texts.length === 3);
    expect(shipped[2]).toMatchObject({ to: BUYER_NUMBER });
    const [code] = await handoverCodes(order.id);
    expect(shipped[2]!.message).toBe(
      `Duuka: Hi Nakato, order #${order.id} is on the way to you. Give the rider code ${code} when it arrives. Please pay on delivery. Questions? Call +256 700 123 456`,
    );
    await moveOrder(order.id, vendor, 'delivered', { handover_code: code });
    const delivered = await sentAbout(order.id, (texts) => texts.length === 4);
    expect(delivered[3]!.message).toBe(
      `Duuka: Hi Nakato, order #${order.id} has been delivered. Thank you for shopping with Duuka! Questions? Call +256 700 123 456`,
    );
    // Paid in cash at the door: the delivery text has thanked the buyer, and no "we received" text follows.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await sentAbout(order.id, () => true)).toHaveLength(4);
  });

  it('asks the buyer whether the order came when it is marked delivered without its handover code', async () => {
    const order = await placeOrder([vendorProducts[5]!]);
    await sentAbout(order.id, (texts) => texts.length === 2);
    for (const status of ['processing', 'shipped', 'delivered']) await moveOrder(order.id, vendor, status);
    const sent = await sentAbout(order.id, (texts) => texts.length === 4);
    expect(sent[3]!.message).toBe(
      `Duuka: Hi Nakato, order #${order.id} was marked delivered. Did you receive it? Reply on your order page. Questions? Call +256 700 123 456`,
    );
  });

  it('texts the buyer when one vendor’s part ships on its own, and once more when the whole order is on its way', async () => {
    const order = await placeOrder([vendorProducts[2]!, otherProducts[4]!]);
    await sentAbout(order.id, (texts) => texts.length === 3);
    // One vendor preparing its part puts the order in progress; being prepared is not texted.
    expect((await moveOrder(order.id, vendor, 'processing')).status).toBe('processing');
    expect((await moveOrder(order.id, admin, 'processing')).status).toBe('processing');
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await sentAbout(order.id, () => true)).toHaveLength(3);
    // One vendor's part on its way: the order is still being prepared, and the buyer is told of that part.
    expect((await moveOrder(order.id, vendor, 'shipped')).status).toBe('processing');
    const partShipped = await sentAbout(order.id, (texts) => texts.length === 4);
    expect(partShipped[3]!.message).toMatch(
      new RegExp(
        `^Duuka: Hi Nakato, your items from .+ in order #${order.id} are on the way to you\\. Give the rider code \\d{4} when it arrives\\. Please pay on delivery\\.`,
      ),
    );
    expect((await moveOrder(order.id, admin, 'shipped')).status).toBe('shipped');
    const sent = await sentAbout(order.id, (texts) => texts.length === 5);
    expect(sent[4]!.message).toMatch(new RegExp(`^Duuka: Hi Nakato, order #${order.id} is on the way to you\\.`));
  });

  it('texts the buyer when the order is cancelled, and that a paid one is refunded', async () => {
    const unpaid = await placeOrder([vendorProducts[3]!]);
    await sentAbout(unpaid.id, (texts) => texts.length === 2);
    // The vendor cancels its only line: the whole order is cancelled.
    expect((await moveOrder(unpaid.id, vendor, 'cancelled')).status).toBe('cancelled');
    const cancelled = await sentAbout(unpaid.id, (texts) => texts.length === 3);
    expect(cancelled[2]).toMatchObject({
      to: BUYER_NUMBER,
      message: `Duuka: Hi Nakato, order #${unpaid.id} has been cancelled. Questions? Call +256 700 123 456`,
    });

    const paid = await placeOrder([otherProducts[5]!], 'manual');
    await call(`/api/orders/${paid.id}/status`, admin, 'POST', { payment_status: 'COMPLETED' });
    await sentAbout(paid.id, (texts) => texts.length === 3);
    await moveOrder(paid.id, admin, 'cancelled');
    const refunded = await sentAbout(paid.id, (texts) => texts.length === 4);
    expect(refunded[3]!.message).toBe(
      `Duuka: Hi Nakato, order #${paid.id} has been cancelled. What you paid will be refunded. Questions? Call +256 700 123 456`,
    );
  });
});

describe('when the SMS service fails', () => {
  it('the order still succeeds, and its texts are sent on a later try', async () => {
    await smsFake('/__fake/fail', { mode: 'http500', times: 2 });
    const order = await placeOrder([vendorProducts[0]!]);
    expect(order.status).toBe('pending');
    await sentAbout(order.id, (texts) => texts.length === 2);
    const tries = await sendsAbout(order.id);
    expect(tries.map((text) => text.outcome).toSorted()).toEqual(['http500', 'http500', 'sent', 'sent']);
    expect(tries.filter(toNumber(BUYER_NUMBER)).map((text) => text.outcome)).toEqual(['http500', 'sent']);
  });

  it('refusing the recipient is tried again too', async () => {
    await smsFake('/__fake/fail', { mode: 'status', status: 'InsufficientBalance', times: 2 });
    const order = await placeOrder([otherProducts[0]!]);
    await sentAbout(order.id, (texts) => texts.length === 2);
    expect((await sendsAbout(order.id)).map((text) => text.outcome).toSorted()).toEqual(['InsufficientBalance', 'InsufficientBalance', 'sent', 'sent']);
  });

  it('an SMS service that does not answer does not hold up the order', async () => {
    await smsFake('/__fake/fail', { mode: 'hang', times: 1 });
    const started = Date.now();
    const order = await placeOrder([otherProducts[1]!]);
    expect(Date.now() - started).toBeLessThan(5_000);
    // The text that hung is given up on after 10 s and sent on the next try.
    await sentAbout(order.id, (texts) => texts.length === 2, 20_000);
    expect((await sendsAbout(order.id)).map((text) => text.outcome).toSorted()).toEqual(['hang', 'sent', 'sent']);
  }, 30_000);
});

describe.skipIf(inject('databaseDriver') !== 'postgres' || !process.env.API_DATABASE_URL)('two store instances on one PostgreSQL', () => {
  let second: RunningStore;

  beforeAll(async () => {
    second = await startStore({
      databaseUrl: process.env.API_DATABASE_URL,
      env: {
        SEED_ON_START: '0',
        ...smsEnv({ baseUrl: inject('smsUrl'), username: FAKE_AT_USERNAME, apiKey: FAKE_AT_API_KEY }),
        // The texts' budget lifted as on the suite's store (server.setup.ts).
        SMS_NUMBER_LIMITS: '10000,10000',
        SMS_ACCOUNT_LIMITS: '10000,10000',
      },
    });
  }, 180_000);

  afterAll(async () => {
    await second?.stop();
  });

  it('send each text once while both place orders and retry failed texts at the same time', async () => {
    // A slow SMS service keeps both instances' senders busy claiming batches side by side.
    await smsFake('/__fake/delay', { ms: 25 });
    await smsFake('/__fake/fail', { mode: 'http500', times: 12 });
    // Six buyers, each with as many orders waiting to be paid on delivery as an account may have.
    const shoppers = await Promise.all(Array.from({ length: 6 }, (_, n) => register(`10.240.1.${n + 1}`, 'Nakato')));
    const shopper = (n: number) => shoppers[n % shoppers.length]!;
    const onSecond = (who: Caller, body: Row) =>
      fetch(new URL('/api/orders', second.baseUrl), {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...who.headers },
        body: JSON.stringify(body),
      }).then(async (response) => ({ status: response.status, body: await response.json() }));
    const body = (product: Row) => ({
      items: [{ product_id: product.id, quantity: 1 }],
      customer_name: 'Nakato Sarah',
      customer_phone: BUYER_PHONE,
      delivery_location_id: location.id,
      delivery_address: 'Plot 5, Ntinda Road',
      payment_gateway: 'cash_on_delivery',
    });
    const products = [...vendorProducts, ...otherProducts, ...vendorProducts, ...otherProducts].slice(0, 15);
    const replies = await Promise.all([
      ...products.map((product, n) => call('/api/orders', shopper(n), 'POST', body(product))),
      ...products.map((product, n) => onSecond(shopper(products.length + n), body(product))),
    ]);
    for (const reply of replies) expect(reply.status).toBe(201);
    const ids: number[] = replies.map((reply) => reply.body.data.id);

    for (const id of ids) await sentAbout(id, (texts) => texts.length >= 2, 30_000);
    // Every text reached the fake once as sent, whichever instance claimed it.
    const sent = ((await smsFake('/__fake/state')).messages as FakeSms[]).filter((message) => message.outcome === 'sent');
    const bodies = sent.map((message) => `${message.to} ${message.message}`);
    expect(new Set(bodies).size).toBe(bodies.length);
    expect(sent).toHaveLength(ids.length * 2);
  }, 60_000);
});
