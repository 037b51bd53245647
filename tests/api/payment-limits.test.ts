/**
 * Nobody can bomb a phone with requests to pay, hold many orders waiting for payment, or make the store call a
 * network over and over with forged callbacks: 3 requests per number in 10 minutes, 2 unpaid online orders per
 * account, one status call per payment in a few seconds however many callbacks come. Counted in the database, so
 * it holds on several instances; run on PostgreSQL as well as PGlite, with the requests all at once.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { api } from './client';
import { call, register, type Caller } from './callers';
import { until } from '../support/mobile-money-kit';

type Row = Record<string, any>;

let location: Row;
let plain: Row[];
let next = 0;
let addresses = 0;

const nextProduct = () => plain[next++ % plain.length]!;
const newBuyer = () => register(`10.238.${Math.floor(addresses / 200)}.${(addresses++ % 200) + 1}`, 'Wasswa');
/** An MTN number no other test uses, ending in `ending`: the fake MTN never answers 98, declines 13. */
const freshMtnNumber = (ending: '98' | '13') => `0772${String(Math.floor(Math.random() * 1e4)).padStart(4, '0')}${ending}`;
const msisdn = (local: string) => `256${local.slice(1)}`;

function order(buyer: Caller, gateway: 'stripe' | 'mtn_momo' | 'cash_on_delivery', paymentPhone?: string, headers: Record<string, string> = {}) {
  const product = nextProduct();
  return api('/api/orders', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...buyer.headers, ...headers },
    body: JSON.stringify({
      items: [{ product_id: product.id, quantity: 1, price: Number(product.price_1) }],
      customer_name: 'Wasswa Peter',
      customer_phone: '0701 555 040',
      delivery_location_id: location.id,
      delivery_address: 'Plot 7, Entebbe Road',
      payment_gateway: gateway,
      ...(paymentPhone ? { payment_phone: paymentPhone } : {}),
    }),
  });
}

const mtn = async (path: string, body?: unknown) => {
  const response = await fetch(
    new URL(path, inject('mtnMomoUrl')),
    body === undefined ? {} : { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) },
  );
  return response.json();
};

beforeAll(async () => {
  location = (await api('/api/manifest')).body.data.delivery_locations[0];
  const listed: Row[] = (await api('/api/products?limit=100&in_stock=1&sort_by=price_1&sort_order=desc')).body.data.data;
  plain = listed.filter((p) => p.has_colors !== 'Yes' && p.has_sizes !== 'Yes' && p.stock.total_items - p.stock.items_sold >= 20 && Number(p.price_1) >= 5000);
  expect(plain.length).toBeGreaterThan(10);
});

describe('requests to pay sent to one number', () => {
  it("30 at once to a stranger's phone: 3 reach it, the rest are refused with 429 and Retry-After", async () => {
    const stranger = freshMtnNumber('98');
    const buyers = await Promise.all(Array.from({ length: 6 }, () => newBuyer()));
    const replies = await Promise.all(Array.from({ length: 30 }, (_, i) => order(buyers[i % buyers.length]!, 'mtn_momo', stranger)));

    expect(replies.filter((reply) => reply.status === 201)).toHaveLength(3);
    const refused = replies.filter((reply) => reply.status !== 201);
    for (const reply of refused) {
      expect(reply.status, JSON.stringify(reply.body)).toBe(429);
      expect(Number(reply.headers.get('retry-after'))).toBeGreaterThan(500);
      expect(reply.body.message).toMatch(/^One number can be sent at most 3 payment requests in 10 minutes\. Please wait 10 min and try again\.$/);
    }
    const sent = (await mtn('/__fake/state')).payments.filter((payment: Row) => payment.body.payer.partyId === msisdn(stranger));
    expect(sent).toHaveLength(3);

    // "Send a new request" to that number, after a request declined on the buyer's own phone: refused the same way,
    // in the buyer's language, and the new attempt fails without asking the stranger's phone.
    const own = buyers[0]!;
    const declined = (await order(own, 'mtn_momo', freshMtnNumber('13'))).body.data;
    await until(
      async () => (await call(`/api/orders/${declined.id}`, own)).body.data.payment_status,
      (status) => status === 'FAILED',
      10_000,
    );
    const again = await api(`/api/orders/${declined.id}/pay`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Accept-Language': 'lg', ...own.headers },
      body: JSON.stringify({ payment_phone: stranger }),
    });
    expect(again.status).toBe(429);
    expect(again.body.message).toMatch(/^Ennamba emu esobola okuweerezebwa okusaba okw'okusasula 3 kwokka mu ddakiika 10\./);
    const attempts = (await call(`/api/orders/${declined.id}`, own)).body.data.payment;
    expect(attempts).toMatchObject({
      status: 'FAILED',
      details: { payer_phone: msisdn(stranger), error: expect.stringMatching(/^One number can be sent at most 3/) },
    });
    expect((await mtn('/__fake/state')).payments.filter((payment: Row) => payment.body.payer.partyId === msisdn(stranger))).toHaveLength(3);
    const swahili = await order(buyers[0]!, 'mtn_momo', stranger, { 'Accept-Language': 'sw' });
    expect(swahili.status).toBe(429);
    expect(swahili.body.message).toMatch(/^Namba moja inaweza kutumiwa maombi 3 tu ya malipo ndani ya dakika 10\./);
  }, 60_000);
});

describe('orders waiting for payment', () => {
  it('a third unpaid online order of one account is refused with 429 until one is paid or cancelled, a sixth waiting cash order likewise', async () => {
    const buyer = await newBuyer();
    const replies = await Promise.all(Array.from({ length: 7 }, () => order(buyer, 'stripe')));
    expect(replies.filter((reply) => reply.status === 201)).toHaveLength(2);
    for (const reply of replies.filter((one) => one.status !== 201)) {
      expect(reply.status, JSON.stringify(reply.body)).toBe(429);
      expect(Number(reply.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(reply.body.message).toBe('Failed to place order: you already have 2 orders waiting for payment. Pay for one or cancel it, then order again');
    }
    const inSwahili = await order(buyer, 'stripe', undefined, { 'Accept-Language': 'sw' });
    expect(inSwahili.status).toBe(429);
    expect(inSwahili.body.message).toBe('Imeshindikana kuweka oda: tayari una oda 2 zinazosubiri malipo. Lipia moja au uighairi, kisha uagize tena');

    // Cancelling a waiting order makes room for one more. Orders to pay on delivery have a limit of their own (5
    // not yet being prepared): they hold stock and cause texts too, and are how most shoppers pay.
    const waiting = replies.find((reply) => reply.status === 201)!.body.data;
    expect((await call(`/api/orders/${waiting.id}/cancel`, buyer, 'POST', {})).status).toBe(200);
    expect((await order(buyer, 'stripe')).status).toBe(201);
    expect((await order(buyer, 'stripe')).status).toBe(429);
    const cash = await Promise.all(Array.from({ length: 7 }, () => order(buyer, 'cash_on_delivery')));
    expect(cash.filter((reply) => reply.status === 201)).toHaveLength(5);
    const refused = cash.find((reply) => reply.status !== 201)!;
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe('Failed to place order: you already have 5 orders waiting for payment. Pay for one or cancel it, then order again');
  }, 60_000);
});

describe('callbacks about one payment', () => {
  it('20 forged callbacks at once make the store ask MTN at most once', async () => {
    const buyer = await newBuyer();
    const placed = (await order(buyer, 'mtn_momo', freshMtnNumber('98'))).body.data;
    const { reference } = (await mtn('/__fake/state')).payments.find((payment: Row) => payment.body.externalId === placed.payment.merchant_reference);
    const statusCalls = async () =>
      (await mtn('/__fake/state')).requests.filter((request: Row) => request.method === 'GET' && request.path.endsWith(reference)).length;
    const before = await statusCalls();

    const forged = JSON.stringify({ externalId: placed.payment.merchant_reference, status: 'SUCCESSFUL', amount: String(placed.total), currency: 'UGX' });
    const replies = await Promise.all(
      Array.from({ length: 20 }, () =>
        api('/api/payments/mtn-momo/callback', { method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: forged }),
      ),
    );
    expect(replies.map((reply) => reply.status)).toEqual(replies.map(() => 200));
    expect((await statusCalls()) - before).toBeLessThanOrEqual(1);
    expect((await call(`/api/orders/${placed.id}`, buyer)).body.data.payment_status).toBe('PENDING_PAYMENT');
  });
});
