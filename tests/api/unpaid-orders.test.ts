/**
 * Orders paid online that nobody pays give their stock back. A store of its own (texts to the shared fake
 * Africa's Talking) holds unpaid items for UNPAID_ORDER_MINUTES=0.1 (6 s from placing them) and gives phones 8 s
 * to approve: a Stripe order whose page is still open or a declined MTN or Airtel request holding every unit is
 * cancelled when the hold ends, the buyer is texted why in the order's language, and the next buyer can buy. Paid orders and cash on
 * delivery are left alone; a newer request still open keeps the order; money that lands after the cancellation
 * is refunded. On PostgreSQL two such stores cancel together, returning the stock and texting once.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ADMIN, smsEnv } from './server.setup';
import { startStore, type RunningStore } from '../support/server';
import { startPaymentFakes, type PaymentFakes } from '../support/payment-fakes';
import { freePort } from '../support/free-port';
import { FAKE_AT_API_KEY, FAKE_AT_USERNAME, type FakeSms } from '../support/fake-africastalking';

type Row = Record<string, any>;
/** A buyer, and the number it logs in with and writes on its orders (its own: it hears every text of them). */
type Who = { headers: Record<string, string>; phone?: string };

const HOLD_MS = 6_000;
const databaseUrl = inject('databaseDriver') === 'postgres' ? process.env.API_DATABASE_URL : undefined;

/** The networks' fakes the store talks to: its own on PGlite; on PostgreSQL the suite's, as the suite's store
 * shares the database and asks the networks about every request in it, as instances of one store do. */
let fakes: Pick<PaymentFakes, 'env' | 'stripeUrl' | 'mtnMomoUrl' | 'airtelUrl'>;
let ownFakes: PaymentFakes | undefined;
let store: RunningStore;
let admin: Who;
let location: Row;
let plain: Row[];
let next = 0;
let addresses = 0;

const storeEnv = () => ({
  ...fakes.env,
  ...smsEnv({ baseUrl: inject('smsUrl'), username: FAKE_AT_USERNAME, apiKey: FAKE_AT_API_KEY }),
  // As the suite's store: the texts' budget is tested in sms-budget.test.ts.
  SMS_NUMBER_LIMITS: '10000,10000',
  SMS_ACCOUNT_LIMITS: '10000,10000',
  ADMIN_EMAIL: ADMIN.email,
  ADMIN_PASSWORD: ADMIN.password,
  UNPAID_ORDER_MINUTES: String(HOLD_MS / 60_000),
  MOBILE_MONEY_APPROVAL_SECONDS: '8',
  // On PostgreSQL the suite's store has seeded the database already.
  ...(databaseUrl ? { SEED_ON_START: '0' } : { SEED_PRODUCTS: '60' }),
});

async function onStore(path: string, who: Who | null = null, method = 'GET', body?: unknown, base = store.baseUrl): Promise<{ status: number; body: Row }> {
  const response = await fetch(new URL(path, base), {
    method,
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': `10.236.${addresses % 250}.9`, ...(who?.headers ?? {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Row };
}

async function newBuyer(language = 'en'): Promise<Who> {
  addresses++;
  const phone = `0772 ${String(Date.now() % 1000).padStart(3, '0')} ${String(addresses).padStart(3, '0')}`;
  const reply = await onStore('/api/users/register', null, 'POST', {
    email: `held.${Date.now()}.${addresses}@example.com`,
    phone_number: phone,
    password: 'Kampala-2026!',
    first_name: 'Akello',
    last_name: 'Tester',
  });
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
  return { headers: { Authorization: `Bearer ${reply.body.data.token}`, 'Accept-Language': language }, phone };
}

const fake = async (base: string, path: string, body?: unknown): Promise<Row> => {
  const response = await fetch(
    new URL(path, base),
    body === undefined ? {} : { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) },
  );
  return (await response.json()) as Row;
};

const unitsLeft = async (productId: number) => {
  const product = (await onStore(`/api/products/${productId}`)).body.data;
  return product.stock.total_items - product.stock.items_sold;
};

/** A plain product nobody else orders in this file. */
const nextProduct = () => plain[next++ % plain.length]!;

async function placeOrder(buyer: Who, productId: number, quantity: number, gateway: string, extra: Row = {}): Promise<{ status: number; body: Row }> {
  return onStore('/api/orders', buyer, 'POST', {
    items: [{ product_id: productId, quantity }],
    customer_name: 'Akello Joan',
    customer_phone: buyer.phone ?? '0772 555 061',
    delivery_location_id: location.id,
    delivery_address: 'Plot 3, Bukoto Street',
    payment_gateway: gateway,
    ...extra,
  });
}

async function placed(buyer: Who, productId: number, quantity: number, gateway: string, extra: Row = {}): Promise<Row> {
  const reply = await placeOrder(buyer, productId, quantity, gateway, extra);
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
  return reply.body.data;
}

/** Takes every unit of a fresh product left: how many that was. */
async function productToEmpty(): Promise<{ id: number; units: number }> {
  for (;;) {
    const product = nextProduct();
    const units = await unitsLeft(product.id);
    if (units >= 1 && units <= 99 && Number(product.price_1) * units >= 2_000) return { id: product.id, units };
  }
}

const orderOf = async (buyer: Who, id: number) => (await onStore(`/api/orders/${id}`, buyer)).body.data as Row;

/** Asks again until `done` holds for the order; gives it as it then is. */
async function orderUntil(buyer: Who, id: number, done: (order: Row) => boolean, timeoutMs = 25_000): Promise<Row> {
  const deadline = Date.now() + timeoutMs;
  let latest = await orderOf(buyer, id);
  while (!done(latest) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    latest = await orderOf(buyer, id);
  }
  return latest;
}

const cancelled = (order: Row) => order.status === 'cancelled';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The texts about this order the fake Africa's Talking was sent, in order. */
async function textsAbout(orderId: number, withinMs = 0, count = 1): Promise<FakeSms[]> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    const state = await fake(inject('smsUrl'), '/__fake/state');
    const about = (state.messages as FakeSms[]).filter((message) => message.outcome === 'sent' && new RegExp(`#${orderId}(?!\\d)`).test(message.message));
    if (about.filter((message) => /paid in time|mu budde|kwa wakati/.test(message.message)).length >= count || Date.now() > deadline) return about;
    await sleep(200);
  }
}

beforeAll(async () => {
  const port = await freePort();
  if (databaseUrl) {
    fakes = { env: inject('paymentFakesEnv'), stripeUrl: inject('stripeUrl'), mtnMomoUrl: inject('mtnMomoUrl'), airtelUrl: inject('airtelUrl') };
  } else {
    fakes = ownFakes = await startPaymentFakes(`http://127.0.0.1:${port}`);
  }
  store = await startStore({ databaseUrl, port, env: storeEnv() });
  const login = await onStore('/api/users/login', null, 'POST', { username: ADMIN.email, password: ADMIN.password });
  admin = { headers: { Authorization: `Bearer ${login.body.data.token}` } };
  location = (await onStore('/api/manifest')).body.data.delivery_locations[0];
  const listed: Row[] = (await onStore('/api/products?limit=100&in_stock=1&sort_by=price_1&sort_order=desc')).body.data.data;
  plain = listed.filter((product) => product.has_colors !== 'Yes' && product.has_sizes !== 'Yes').toReversed();
  expect(plain.length).toBeGreaterThan(10);
}, 240_000);

afterAll(async () => {
  await store?.stop();
  await ownFakes?.stop();
});

describe('an unpaid order gives its stock back', () => {
  it('a Stripe order holding every unit is cancelled when the hold from its placing ends, its page still open, and the next buyer can buy', async () => {
    const product = await productToEmpty();
    const hoarder = await newBuyer();
    const order = await placed(hoarder, product.id, product.units, 'stripe');
    expect(order.payment.status).toBe('PENDING_PAYMENT');
    // Stripe's page lives 31 minutes, but the hold counts from placing the order, the page's life included.
    expect(Date.parse(order.held_until) - Date.parse(order.created_at)).toBe(HOLD_MS);
    expect(await unitsLeft(product.id)).toBe(0);
    const next = await newBuyer();
    expect((await placeOrder(next, product.id, 1, 'cash_on_delivery')).status).toBe(409);

    const after = await orderUntil(hoarder, order.id, cancelled);
    expect(after).toMatchObject({ status: 'cancelled', cancel_reason: 'unpaid', held_until: null });
    expect(after.events.filter((event: Row) => event.status === 'cancelled:unpaid')).toEqual([
      expect.objectContaining({ note: 'Cancelled: not paid in time' }),
    ]);
    // The page was closed at Stripe when the hold ended: nothing can be paid on it any more.
    const sessions = (await fake(fakes.stripeUrl, '/__fake/state')).sessions as Row[];
    expect(sessions.find((session) => session.id === order.payment.gateway_reference)?.status).toBe('expired');
    expect(await unitsLeft(product.id)).toBe(product.units);
    expect((await placeOrder(next, product.id, 1, 'cash_on_delivery')).status).toBe(201);
    const texts = await textsAbout(order.id, 10_000);
    expect(texts.filter((text) => text.message.includes('was not paid in time, so we cancelled it'))).toHaveLength(1);
  });

  it('a declined MTN request is cancelled after the hold, and the buyer is texted in the order language', async () => {
    const product = await productToEmpty();
    const buyer = await newBuyer('lg');
    await fake(fakes.mtnMomoUrl, '/__fake/next', { outcome: 'fail', reason: 'APPROVAL_REJECTED', delayMs: 100, payer: '0772 410 261' });
    const order = await placed(buyer, product.id, product.units, 'mtn_momo', { payment_phone: '0772 410 261' });
    expect(order.language).toBe('lg');
    expect((await orderUntil(buyer, order.id, (latest) => latest.payment_status === 'FAILED', 10_000)).status).toBe('pending');
    expect(await unitsLeft(product.id)).toBe(0);

    const after = await orderUntil(buyer, order.id, cancelled);
    expect(after.cancel_reason).toBe('unpaid');
    expect(await unitsLeft(product.id)).toBe(product.units);
    const texts = await textsAbout(order.id, 10_000);
    const told = texts.filter((text) => text.message.includes('tesasulwa mu budde'));
    expect(told).toHaveLength(1);
    expect(told[0]!.message.length).toBeLessThanOrEqual(160);
  });

  it('a declined Airtel request is cancelled after the hold', async () => {
    const product = await productToEmpty();
    const buyer = await newBuyer('sw');
    await fake(fakes.airtelUrl, '/__fake/next', { outcome: 'fail', delayMs: 100, payer: '0752 410 262' });
    const order = await placed(buyer, product.id, product.units, 'airtel_money', { payment_phone: '0752 410 262' });
    await orderUntil(buyer, order.id, (latest) => latest.payment_status === 'FAILED', 10_000);
    const after = await orderUntil(buyer, order.id, cancelled);
    expect(after.cancel_reason).toBe('unpaid');
    expect(await unitsLeft(product.id)).toBe(product.units);
    expect((await textsAbout(order.id, 10_000)).filter((text) => text.message.includes('haikulipwa kwa wakati'))).toHaveLength(1);
  });

  it('leaves paid orders and cash on delivery alone', async () => {
    const buyer = await newBuyer();
    const cash = await placed(buyer, nextProduct().id, 1, 'cash_on_delivery');
    expect(cash.held_until).toBeNull();
    const card = await placed(buyer, nextProduct().id, 1, 'stripe');
    await fake(fakes.stripeUrl, '/__fake/pay', { sessionId: card.payment.gateway_reference });
    expect((await orderUntil(buyer, card.id, (latest) => latest.payment_status === 'COMPLETED', 10_000)).held_until).toBeNull();
    await sleep(HOLD_MS + 5_000);
    expect(await orderOf(buyer, cash.id)).toMatchObject({ status: 'pending', cancel_reason: '' });
    expect(await orderOf(buyer, card.id)).toMatchObject({ status: 'pending', payment_status: 'COMPLETED', cancel_reason: '' });
  }, 40_000);

  it('keeps an order while a newer request can still be approved, and refunds an approval that lands after the cancellation', async () => {
    const product = nextProduct();
    const buyer = await newBuyer();
    await fake(fakes.mtnMomoUrl, '/__fake/next', { outcome: 'fail', reason: 'APPROVAL_REJECTED', delayMs: 100, payer: '0772 410 263' });
    const order = await placed(buyer, product.id, 1, 'mtn_momo', { payment_phone: '0772 410 263' });
    await orderUntil(buyer, order.id, (latest) => latest.payment_status === 'FAILED', 10_000);
    await fake(fakes.mtnMomoUrl, '/__fake/next', { outcome: 'pending' });
    expect((await onStore(`/api/orders/${order.id}/pay`, buyer, 'POST', {})).status).toBe(200);
    // Past the hold from the order's placing: the new request still waits on the phone, and keeps the order.
    await sleep(Date.parse(order.created_at) + HOLD_MS + 1_000 - Date.now());
    const kept = await orderOf(buyer, order.id);
    expect(kept).toMatchObject({ status: 'pending', payment_status: 'PENDING_PAYMENT' });
    expect(Date.parse(kept.held_until)).toBeGreaterThan(Date.now());

    // Unanswered past its approval window and the hold: the store closes it and cancels the order.
    const after = await orderUntil(buyer, order.id, cancelled);
    expect(after.cancel_reason).toBe('unpaid');
    const state = await fake(fakes.mtnMomoUrl, '/__fake/state');
    const request = (state.payments as Row[]).filter((payment) => payment.body.externalId.startsWith(`DK-${order.id}-`)).at(-1)!;
    await fake(fakes.mtnMomoUrl, '/__fake/decide', { reference: request.reference, outcome: 'success' });
    const refunded = await orderUntil(buyer, order.id, (latest) => latest.payment_status === 'COMPLETED', 15_000);
    expect(refunded.status).toBe('cancelled');
    const history = (await onStore(`/api/orders/${order.id}/payment-history`, admin)).body.data;
    expect(history.refunds).toEqual([expect.objectContaining({ amount: order.total, reason: 'cancelled', status: 'due' })]);
  }, 60_000);
});

describe.skipIf(!databaseUrl)('two store instances on one PostgreSQL', () => {
  let second: RunningStore;

  beforeAll(async () => {
    second = await startStore({ databaseUrl, env: storeEnv() });
  }, 180_000);

  afterAll(async () => {
    await second?.stop();
  });

  it('cancel each unpaid order once: the stock comes back once and one text goes out', async () => {
    // Four buyers, two orders each: an account may have two waiting for payment at once.
    const buyers = [await newBuyer(), await newBuyer(), await newBuyer(), await newBuyer()];
    const buyerOf = (i: number) => buyers[i % buyers.length]!;
    const products = Array.from({ length: 8 }, () => nextProduct());
    const before = await Promise.all(products.map((product) => unitsLeft(product.id)));
    const orders = await Promise.all(products.map((product, i) => placed(buyerOf(i), product.id, 1, 'stripe', {}).then((order) => ({ order, i }))));
    for (const { order } of orders) await fake(fakes.stripeUrl, '/__fake/expire', { sessionId: order.payment.gateway_reference });
    for (const { order, i } of orders) expect((await orderUntil(buyerOf(i), order.id, cancelled)).status).toBe('cancelled');
    await sleep(3_000);
    for (const { order, i } of orders) {
      expect(await unitsLeft(products[i]!.id)).toBe(before[i]);
      const seen = await onStore(`/api/orders/${order.id}`, buyerOf(i), 'GET', undefined, second.baseUrl);
      expect(seen.body.data.events.filter((event: Row) => event.status.startsWith('cancelled'))).toHaveLength(1);
      expect((await textsAbout(order.id, 10_000)).filter((text) => text.message.includes('not paid in time'))).toHaveLength(1);
    }
  }, 90_000);
});
