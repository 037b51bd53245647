/**
 * Vendors' earnings: over a random set of orders, parts, cancellations and returns, every delivered part's lines
 * add up (vendor's share + commission = what the buyer paid for its lines less the refunds of its returns); a
 * rate change applies only to later orders; delivered set at once by several callers writes each sale once; a
 * return refunded while its sale is held cancels that share of pending, and after the hold (a store with
 * PAYOUT_HOLD_DAYS=0) is a debit; the statement; who may read and set what. Run on PostgreSQL as well as PGlite.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { api } from './client';
import { approveShop, call, login, register, type Caller } from './callers';
import { ADMIN, smsEnv } from './server.setup';
import { startStore, type RunningStore } from '../support/server';
import { DEMO_ACCOUNTS } from '../../src/server/demo-data/demo-accounts';
import { Random } from '../../src/server/demo-data/random';
import { API_MESSAGES } from '../../src/lib/messages/api-messages';
import { expectRefusedInEveryLanguage } from './refused-in-languages';
import { FAKE_AT_API_KEY, FAKE_AT_USERNAME } from '../support/fake-africastalking';
import { deliver as deliverWithCode } from './order-steps';

type Row = Record<string, any>;
/** Where a call goes: the suite's store (7 days' hold) or the one started here with none. */
type Store = { base: string; admin: Caller; buyer: Caller; location: Row; products: Row[] };

const databaseUrl = inject('databaseDriver') === 'postgres' ? process.env.API_DATABASE_URL : undefined;
const SELLERS_ONLY = 'Only a vendor or an administrator can do this';
const ADMIN_ONLY = 'Only an administrator can do this';

let shared: Store;
let noHold: Store;
let noHoldStore: RunningStore;
let vendor: Caller;
let buyerOnly: Caller;
let next = 0;

async function on(store: Store, path: string, who: Caller | null, method = 'GET', body?: unknown) {
  const response = await fetch(new URL(path, store.base), {
    method,
    headers: { 'Content-Type': 'application/json', ...(who?.headers ?? {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, text, body: response.headers.get('content-type')?.includes('json') ? JSON.parse(text) : null };
}

async function ok(store: Store, path: string, who: Caller, method = 'GET', body?: unknown): Promise<any> {
  const reply = await on(store, path, who, method, body);
  expect(reply.status, `${method} ${path}: ${reply.text.slice(0, 300)}`).toBeLessThan(300);
  return reply.body.data;
}

async function storeFor(base: string, admin: Caller, buyer: Caller): Promise<Store> {
  const get = async (path: string) => (await (await fetch(new URL(path, base))).json()).data;
  const location = (await get('/api/manifest')).delivery_locations[0];
  const products = ((await get('/api/products?limit=100&in_stock=1')).data as Row[]).filter(
    (p) => p.has_colors !== 'Yes' && p.has_sizes !== 'Yes' && p.supplier && p.stock.total_items - p.stock.items_sold >= 12 && Number(p.price_1) >= 1000,
  );
  expect(products.length).toBeGreaterThan(5);
  return { base, admin, buyer, location, products };
}

async function placeOrder(store: Store, lines: { product: Row; quantity: number }[], gateway = 'cash_on_delivery'): Promise<Row> {
  return ok(store, '/api/orders', store.buyer, 'POST', {
    items: lines.map(({ product, quantity }) => ({ product_id: product.id, quantity })),
    customer_name: 'Namubiru Grace',
    customer_phone: '0772 555 083',
    delivery_location_id: store.location.id,
    delivery_address: 'Plot 4, Ntinda Road',
    payment_gateway: gateway,
  });
}

const movePart = (store: Store, orderId: number, partId: number, status: string) =>
  ok(store, `/api/orders/${orderId}/parts/${partId}/status`, store.admin, 'POST', { status });

/** Delivered with the handover code the buyer gives the rider: confirmed, so its earnings wait only for the return window. */
const deliver = (store: Store, orderId: number, partId: number) => deliverWithCode(store, orderId, partId);

/** An order of `quantity` units of one product, its part delivered. */
async function deliveredPart(store: Store, quantity: number): Promise<{ placed: Row; part: Row }> {
  const [product] = productsOf(store, 1);
  const placed = await placeOrder(store, [{ product: product!, quantity }]);
  await deliver(store, placed.id, placed.parts[0].id);
  return { placed, part: placed.parts[0] };
}

/** Asks for `quantity` units of `line` back and takes the return all the way to refunded by hand (cash). */
async function refundedReturn(store: Store, orderId: number, line: Row, quantity: number): Promise<Row> {
  const back = await ok(store, `/api/orders/${orderId}/returns`, store.buyer, 'POST', {
    lines: [{ order_item_id: line.id, quantity }],
    reason: 'damaged',
  });
  let moved = back;
  for (const step of [{ status: 'awaiting_item' }, { status: 'received' }, { status: 'refunded', refund_method: 'cash' }]) {
    moved = await ok(store, `/api/returns/${back.id}/status`, store.admin, 'POST', step);
  }
  expect(moved.status).toBe('refunded');
  return moved;
}

/** Every ledger line of a vendor, all pages. */
async function ledgerOf(store: Store, vendorId: number): Promise<Row[]> {
  const lines: Row[] = [];
  for (let page = 1; ; page++) {
    const got = await ok(store, `/api/payouts/earnings?vendor_id=${vendorId}&per_page=100&page=${page}`, store.admin);
    lines.push(...got.data);
    if (page >= got.last_page) return lines;
  }
}

const balanceOf = (store: Store, vendorId: number) => ok(store, `/api/payouts/balance?vendor_id=${vendorId}`, store.admin);

/** The rate (percent) of a product as GET commission-rates says: its sub-category's, else its category's, else everything else's. */
async function rateOfProduct(store: Store, product: Row): Promise<number> {
  const rates: Row[] = await ok(store, '/api/commission-rates', store.buyer);
  const own = (id: unknown) => rates.find((rate) => rate.category_id !== null && rate.category_id === Number(id));
  return (own(product.sub_category) ?? own(product.category) ?? rates.find((rate) => rate.category_id === null))!.rate_percent;
}

beforeAll(async () => {
  const base = inject('baseUrl');
  let admin: Caller;
  let buyer: Caller;
  [admin, buyer, buyerOnly, vendor] = await Promise.all([
    login(ADMIN.email, ADMIN.password, '10.238.0.1'),
    register('10.238.0.2', 'Namubiru'),
    register('10.238.0.3', 'Opio'),
    login(DEMO_ACCOUNTS.vendor.email, DEMO_ACCOUNTS.vendor.password, '10.238.0.4'),
  ]);
  shared = await storeFor(base, admin, buyer);

  noHoldStore = await startStore({
    databaseUrl,
    env: {
      ...inject('paymentFakesEnv'),
      ...smsEnv({ baseUrl: inject('smsUrl'), username: FAKE_AT_USERNAME, apiKey: FAKE_AT_API_KEY }),
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      PAYOUT_HOLD_DAYS: '0',
      ...(databaseUrl ? { SEED_ON_START: '0' } : { SEED_PRODUCTS: '60' }),
    },
  });
  const signIn = async (email: string, password: string) => {
    const reply = await on({ base: noHoldStore.baseUrl } as Store, '/api/users/login', null, 'POST', { username: email, password });
    expect(reply.status).toBe(200);
    return { id: reply.body.data.id, headers: { Authorization: `Bearer ${reply.body.data.token}` } };
  };
  const email = `nohold.${Date.now()}@example.com`;
  const registered = await on({ base: noHoldStore.baseUrl } as Store, '/api/users/register', null, 'POST', {
    email,
    password: 'Kampala-2026!',
    first_name: 'Achieng',
    last_name: 'Tester',
  });
  expect(registered.status).toBe(201);
  noHold = await storeFor(noHoldStore.baseUrl, await signIn(ADMIN.email, ADMIN.password), await signIn(email, 'Kampala-2026!'));
}, 240_000);

afterAll(async () => {
  await noHoldStore?.stop();
});

/** Products of two vendors, different each time so orders never run out of stock. */
const productsOf = (store: Store, n: number) => Array.from({ length: n }, () => store.products[next++ % store.products.length]!);

describe('the ledger of delivered parts', () => {
  it('adds up for every delivered part over random orders, cancellations and returns; cancelled parts earn nothing', async () => {
    const random = new Random(38 + (databaseUrl ? 1 : 0));
    const delivered: { order: Row; part: Row; refunds: number }[] = [];
    const cancelled: Row[] = [];
    for (let n = 0; n < 8; n++) {
      const lines = productsOf(shared, random.int(1, 3)).map((product) => ({ product, quantity: random.int(1, 3) }));
      const placed = await placeOrder(shared, lines);
      for (const part of placed.parts as Row[]) {
        if (random.chance(0.25)) {
          await movePart(shared, placed.id, part.id, 'cancelled');
          cancelled.push(part);
          continue;
        }
        await deliver(shared, placed.id, part.id);
        let refunds = 0;
        for (const line of part.lines as Row[]) {
          if (!random.chance(0.5)) continue;
          // One return, or two of the same line: the second gives back the rest of the line's commission.
          let left: number = line.quantity;
          while (left > 0) {
            const units = random.int(1, left);
            refunds += (await refundedReturn(shared, placed.id, line, units)).amount;
            left -= units;
            if (random.chance(0.5)) break;
          }
        }
        delivered.push({ order: placed, part, refunds });
      }
    }
    expect(delivered.length).toBeGreaterThan(3);

    const vendors = [...new Set(delivered.map(({ part }) => part.vendor_id).filter((id) => id !== null))];
    const ledger = (await Promise.all(vendors.map((id) => ledgerOf(shared, id)))).flat();
    for (const { order, part, refunds } of delivered) {
      // The cash its rider collected is the next suite's (cash-on-delivery.test.ts): here, what the part earned.
      const cash = ledger.filter((line) => line.part_id === part.id && line.kind === 'cash_collected');
      if (part.vendor_id !== null) expect(cash, `order ${order.id}`).toHaveLength(1);
      const lines = ledger.filter((line) => line.part_id === part.id && line.kind !== 'cash_collected');
      const paid = (part.lines as Row[]).reduce((sum, line) => sum + line.unit_price * line.quantity, 0);
      if (part.vendor_id === null) {
        expect(lines).toEqual([]);
        continue;
      }
      expect(lines.filter((line) => line.kind === 'sale')).toHaveLength(part.lines.length);
      for (const line of lines) expect(line.net).toBe(line.gross - line.commission);
      expect(lines.reduce((sum, line) => sum + line.net + line.commission, 0)).toBe(paid - refunds);
      for (const sale of lines.filter((line) => line.kind === 'sale')) {
        const back = lines.filter((line) => line.kind === 'return' && line.order_item_id === sale.order_item_id);
        const unitsBack = -back.reduce((sum, line) => sum + line.quantity, 0);
        const commissionBack = -back.reduce((sum, line) => sum + line.commission, 0);
        expect(commissionBack).toBeLessThanOrEqual(sale.commission);
        if (unitsBack === sale.quantity) expect(commissionBack).toBe(sale.commission);
      }
      const commission = lines.reduce((sum, line) => sum + line.commission, 0);
      expect(commission).toBeGreaterThanOrEqual(0);
      for (const sale of lines.filter((line) => line.kind === 'sale')) {
        expect(sale.status).toBe('pending');
        expect(Date.parse(sale.available_at) - Date.parse(sale.created_at)).toBeGreaterThan(6.9 * 24 * 3600 * 1000);
      }
    }
    for (const part of cancelled) expect(ledger.filter((line) => line.part_id === part.id)).toEqual([]);
  });

  it('takes the rate a line was placed under: a change applies only to orders placed after it', async () => {
    const [product] = productsOf(shared, 1);
    const before = await rateOfProduct(shared, product!);
    const categoryId = Number(product!.sub_category || product!.category);
    const earlier = await placeOrder(shared, [{ product: product!, quantity: 2 }]);
    // On PostgreSQL the other store is another instance of the same store: it has the rates cached and must drop them.
    if (databaseUrl) expect(await rateOfProduct(noHold, product!)).toBe(before);
    const changed = await ok(shared, '/api/commission-rates', shared.admin, 'POST', { category_id: categoryId, rate_percent: 12.34 });
    expect(changed).toMatchObject({ category_id: categoryId, rate_percent: 12.34 });
    expect(await rateOfProduct(shared, product!)).toBe(12.34);
    // The other instance hears of it by PostgreSQL's NOTIFY as the write commits (instances.test.ts waits likewise).
    if (databaseUrl) await expect.poll(() => rateOfProduct(noHold, product!), { timeout: 2_000, interval: 20 }).toBe(12.34);
    const later = await placeOrder(shared, [{ product: product!, quantity: 2 }]);
    try {
      for (const placed of [later, earlier]) await deliver(shared, placed.id, placed.parts[0].id);
      const ledger = await ledgerOf(shared, product!.supplier);
      const saleOf = (placed: Row) => ledger.find((line) => line.kind === 'sale' && line.part_id === placed.parts[0].id)!;
      const gross = Number(product!.price_1) * 2;
      const commissionAt = (basisPoints: number) => Math.floor((2 * gross * basisPoints + 10_000) / 20_000);
      expect(saleOf(earlier)).toMatchObject({ rate_percent: before, gross, commission: commissionAt(Math.round(before * 100)) });
      expect(saleOf(later)).toMatchObject({ rate_percent: 12.34, gross, commission: commissionAt(1234) });
    } finally {
      await ok(shared, '/api/commission-rates', shared.admin, 'POST', { category_id: categoryId, rate_percent: before });
    }
  });

  it('writes a return once when refunded is recorded by several callers at once', async () => {
    const { placed, part } = await deliveredPart(shared, 2);
    const back = await ok(shared, `/api/orders/${placed.id}/returns`, shared.buyer, 'POST', {
      lines: [{ order_item_id: part.lines[0].id, quantity: 2 }],
      reason: 'damaged',
    });
    for (const status of ['awaiting_item', 'received']) await ok(shared, `/api/returns/${back.id}/status`, shared.admin, 'POST', { status });
    const replies = await Promise.all(
      Array.from({ length: 5 }, () =>
        on(shared, `/api/returns/${back.id}/status`, shared.admin, 'POST', { status: 'refunded', refund_method: 'mobile_money' }),
      ),
    );
    for (const reply of replies) expect(reply.status, reply.text).toBe(200);
    const lines = (await ledgerOf(shared, part.vendor_id)).filter((line) => line.part_id === part.id && line.kind !== 'cash_collected');
    expect(lines.filter((line) => line.kind === 'return')).toHaveLength(1);
    expect(lines.reduce((sum, line) => sum + line.net, 0)).toBe(0);
    expect(lines.reduce((sum, line) => sum + line.commission, 0)).toBe(0);
  });

  it('writes each sale once when delivered is set by several callers at once', async () => {
    const placed = await placeOrder(
      shared,
      productsOf(shared, 2).map((product) => ({ product, quantity: 1 })),
    );
    const part = placed.parts[0];
    for (const status of ['processing', 'shipped']) await movePart(shared, placed.id, part.id, status);
    const replies = await Promise.all(
      Array.from({ length: 5 }, () => on(shared, `/api/orders/${placed.id}/parts/${part.id}/status`, shared.admin, 'POST', { status: 'delivered' })),
    );
    for (const reply of replies) expect(reply.status, reply.text).toBe(200);
    const sales = (await ledgerOf(shared, part.vendor_id)).filter((line) => line.part_id === part.id && line.kind === 'sale');
    expect(sales.map((line) => line.order_item_id).sort()).toEqual((part.lines as Row[]).map((line) => line.id).sort());
  });
});

describe('returns and the balance', () => {
  it('a return refunded while the sale is held cancels that share: pending drops, available does not move', async () => {
    const { placed, part } = await deliveredPart(shared, 3);
    const held = await balanceOf(shared, part.vendor_id);
    const back = await refundedReturn(shared, placed.id, part.lines[0], 1);
    const after = await balanceOf(shared, part.vendor_id);
    const lines = (await ledgerOf(shared, part.vendor_id)).filter((line) => line.part_id === part.id);
    const sale = lines.find((line) => line.kind === 'sale')!;
    const returned = lines.find((line) => line.kind === 'return')!;
    expect(returned).toMatchObject({ return_id: back.id, quantity: -1, gross: -back.amount, status: 'pending', available_at: sale.available_at });
    expect(returned.commission).toBe(-Math.floor((sale.commission * 1 * 2 + 3) / 6));
    expect(after.pending - held.pending).toBe(returned.net);
    expect(after.available).toBe(held.available);
    expect(after.commission - held.commission).toBe(returned.commission);
  });

  it('after the hold a refunded return is a debit on the available balance at once', async () => {
    const { placed, part } = await deliveredPart(noHold, 2);
    const delivered = await balanceOf(noHold, part.vendor_id);
    const sale = (await ledgerOf(noHold, part.vendor_id)).find((line) => line.part_id === part.id && line.kind === 'sale')!;
    expect(sale.status).toBe('available');
    expect(delivered).toMatchObject({ currency: 'UGX', hold_days: 0, minimum: 10_000, hold: null });

    const back = await refundedReturn(noHold, placed.id, part.lines[0], 2);
    const after = await balanceOf(noHold, part.vendor_id);
    const returned = (await ledgerOf(noHold, part.vendor_id)).find((line) => line.return_id === back.id)!;
    expect(returned).toMatchObject({ kind: 'return', status: 'available', gross: -sale.gross, commission: -sale.commission, net: -sale.net });
    expect(after.available - delivered.available).toBe(-sale.net);
    expect(after.pending).toBe(delivered.pending);
  });
});

describe('a return paid back through the gateway', () => {
  it('takes back what the gateway refunded when the return becomes refunded by itself', async () => {
    const [product] = productsOf(shared, 1);
    const placed = await placeOrder(shared, [{ product: product!, quantity: 2 }], 'stripe');
    const paid = await fetch(new URL('/__fake/pay', inject('stripeUrl')), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ sessionId: placed.payment.redirect_url.split('/').at(-1) }),
    });
    expect(paid.status).toBe(200);
    const part = placed.parts[0];
    await deliver(shared, placed.id, part.id);
    const back = await ok(shared, `/api/orders/${placed.id}/returns`, shared.buyer, 'POST', {
      lines: [{ order_item_id: part.lines[0].id, quantity: 1 }],
      reason: 'damaged',
    });
    await ok(shared, `/api/returns/${back.id}/status`, shared.admin, 'POST', { status: 'awaiting_item' });
    const received = await ok(shared, `/api/returns/${back.id}/status`, shared.admin, 'POST', { status: 'received' });
    expect(received).toMatchObject({ status: 'refunded', refund_method: 'gateway' });
    const refunded = (received.refunds as Row[]).reduce((sum, refund) => sum + refund.amount, 0);
    expect(refunded).toBe(back.amount);
    const lines = (await ledgerOf(shared, part.vendor_id)).filter((line) => line.part_id === part.id);
    const returned = lines.filter((line) => line.kind === 'return');
    expect(returned).toHaveLength(1);
    expect(returned[0]).toMatchObject({ return_id: back.id, gross: -refunded, quantity: -1 });
    expect(lines.reduce((sum, line) => sum + line.net + line.commission, 0)).toBe(Number(product!.price_1) * 2 - refunded);
  });
});

describe('the statement', () => {
  it('lists the range with opening and closing balances as a CSV download', async () => {
    const own = ((await api(`/api/products?limit=100&in_stock=1&vendor=${vendor.id}`)).body.data.data as Row[]).filter(
      (p) => p.has_colors !== 'Yes' && p.has_sizes !== 'Yes' && p.stock.total_items - p.stock.items_sold >= 2,
    );
    const placed = await placeOrder(shared, [{ product: own[0]!, quantity: 1 }]);
    await deliver(shared, placed.id, placed.parts[0].id);
    const today = new Date(Date.now() + 3 * 3600 * 1000).toISOString().slice(0, 10);
    const reply = await on(shared, `/api/payouts/statement.csv?from=${today}&to=${today}`, vendor);
    expect(reply.status, reply.text).toBe(200);
    expect(reply.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(reply.headers.get('content-disposition')).toBe(`attachment; filename="statement-${vendor.id}-${today}-to-${today}.csv"`);
    const rows = reply.text.trimEnd().split('\r\n');
    expect(rows[0]).toMatch(
      /^date,kind,order_id,part_id,order_item_id,return_id,payout_id,settlement_id,product,quantity,gross,commission,net,rate_percent,available_at,balance$/,
    );
    const balanceAt = (row: string) => Number(row.split(',').at(-1));
    expect(rows[1]).toMatch(new RegExp(`^${today},opening balance,`));
    expect(rows.at(-1)).toMatch(new RegExp(`^${today},closing balance,`));
    const lines = rows.slice(2, -1);
    expect(lines.length).toBeGreaterThan(0);
    // Business days in Kampala time, not the moments rows were written in UTC.
    for (const line of lines) {
      const cells = line.split(',');
      expect(cells[0], line).toBe(today);
      expect(cells.at(-2), line).toMatch(/^(\d{4}-\d{2}-\d{2}|frozen)$/);
    }
    // Each line's net moves the balance: the closing balance is the opening one and every line of the day.
    const net = lines.reduce((sum, line) => sum + Number(line.split(',').at(-4)), 0);
    expect(balanceAt(rows.at(-1)!) - balanceAt(rows[1]!)).toBe(net);
    expect(lines.some((line) => line.split(',')[1] === 'sale' && line.split(',')[2] === String(placed.id))).toBe(true);
    expect(balanceAt(lines.at(-1)!)).toBe(balanceAt(rows.at(-1)!));
  });

  it.each([
    ['from=2026-02-30', 'from: must be a date, YYYY-MM-DD'],
    ['from=yesterday', 'from: must be a date, YYYY-MM-DD'],
    ['from=2026-05-02&to=2026-05-01', 'from: must not be after to'],
  ])('refuses %s', async (query, message) => {
    const reply = await on(shared, `/api/payouts/statement.csv?${query}`, vendor);
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ code: 0, message, data: null });
  });
});

describe("the statement's and the balance's refusals, in the language asked for", () => {
  /** `who` reads `path` on the shared store in `language`. */
  const ask = (who: Caller, path: string) => (language: string) => on(shared, path, { ...who, headers: { ...who.headers, 'Accept-Language': language } });

  it.each([
    ['from=2026-02-30', 'from: must be a date, YYYY-MM-DD'],
    ['from=2026-05-02&to=2026-05-01', 'from: must not be after to'],
    ['from=2000-01-01&to=2026-05-01', 'to: at most 3660 days after from'],
  ])('a statement asked %s', async (query, expected) => {
    // The date's written form is the same in every language.
    await expectRefusedInEveryLanguage(ask(vendor, `/api/payouts/statement.csv?${query}`), 400, expected, ['YYYY-MM-DD']);
  });

  it('a balance naming no vendor, or not a vendor id, and one a buyer asks for', async () => {
    await expectRefusedInEveryLanguage(ask(shared.admin, '/api/payouts/balance'), 400, 'vendor_id: name the vendor whose earnings to read');
    await expectRefusedInEveryLanguage(ask(vendor, '/api/payouts/balance?vendor_id=abc'), 400, 'vendor_id: must be a vendor id');
    await expectRefusedInEveryLanguage(ask(buyerOnly, '/api/payouts/balance'), 403, SELLERS_ONLY);
  });

  it('says the days in Swahili with their API names after them', async () => {
    const reply = await ask(vendor, '/api/payouts/statement.csv?from=2026-05-02&to=2026-05-01')('sw');
    expect(reply.body.message).toBe('tarehe ya kuanzia (from): kisiwe baada ya tarehe ya mwisho (to)');
  });
});

describe('who may read and set what', () => {
  const READS = ['/api/payouts/balance', '/api/payouts/earnings', '/api/payouts/statement.csv'];

  it.each(READS)('%s: signed out 401, a buyer 403, a vendor its own, another vendor refused, an administrator any vendor it names', async (path) => {
    const join = path.includes('?') ? '&' : '?';
    const expectRefused = async (who: Caller | null, query: string, status: number, message: string) => {
      const reply = await on(shared, `${path}${query}`, who);
      expect(reply.status, reply.text).toBe(status);
      expect(reply.body).toMatchObject({ code: 0, message, data: null });
    };
    await expectRefused(null, '', 401, API_MESSAGES.unauthenticated);
    await expectRefused(buyerOnly, '', 403, SELLERS_ONLY);
    const otherProduct = shared.products.find((product) => Number(product.supplier) !== vendor.id)!;
    const other = Number(otherProduct.supplier);
    await expectRefused(vendor, `${join}vendor_id=${other}`, 403, ADMIN_ONLY);
    await expectRefused(vendor, `${join}vendor_id=abc`, 400, 'vendor_id: must be a vendor id');
    await expectRefused(shared.admin, '', 400, 'vendor_id: name the vendor whose earnings to read');
    await expectRefused(shared.admin, `${join}vendor_id=${buyerOnly.id}`, 404, 'Vendor not found');
    for (const [who, query] of [
      [vendor, ''],
      [vendor, `${join}vendor_id=${vendor.id}`],
      [shared.admin, `${join}vendor_id=${vendor.id}`],
    ] as const) {
      expect((await on(shared, `${path}${query}`, who)).status).toBe(200);
    }
    if (path.endsWith('earnings')) {
      const placed = await placeOrder(shared, [{ product: otherProduct, quantity: 1 }]);
      await deliver(shared, placed.id, placed.parts[0].id);
      const own = await ok(shared, `${path}?per_page=100`, vendor);
      const parts = new Set(own.data.map((line: Row) => line.part_id));
      const others = (await ledgerOf(shared, other)).map((line) => line.part_id);
      expect(others.length).toBeGreaterThan(0);
      expect(others.filter((id) => parts.has(id))).toEqual([]);
    }
  });

  it('anyone reads the rates; only an administrator sets one, as a percent with at most two decimals', async () => {
    const rates = (await api('/api/commission-rates')).body.data as Row[];
    expect(rates.at(-1)).toEqual({ category_id: null, category: 'Everything else', rate_percent: expect.any(Number) });
    expect(rates.map((rate) => rate.category)).toEqual(expect.arrayContaining(['Phones & Tablets', 'Fashion']));
    expect(rates.find((rate) => rate.category === 'Computing')?.rate_percent).toBe(6);
    const body = { category_id: null, rate_percent: rates.at(-1)!.rate_percent };
    expect((await call('/api/commission-rates', null, 'POST', body)).status).toBe(401);
    for (const who of [buyerOnly, vendor]) {
      const refused = await call('/api/commission-rates', who, 'POST', body);
      expect(refused.status).toBe(403);
      expect(refused.body.message).toBe(ADMIN_ONLY);
    }
    for (const [bad, message] of [
      [{ category_id: null, rate_percent: 8.555 }, 'rate_percent: at most two decimals'],
      [{ category_id: null, rate_percent: 101 }, 'rate_percent: must be a percent from 0 to 100'],
      [{ category_id: null, rate_percent: -1 }, 'rate_percent: must be a percent from 0 to 100'],
      [{ category_id: 999_999, rate_percent: 5 }, 'category_id: no such category'],
      [{ category_id: 'x', rate_percent: 5 }, 'category_id: must be a category id or null'],
    ] as const) {
      const refused = await call('/api/commission-rates', shared.admin, 'POST', bad);
      expect(refused.status, JSON.stringify(bad)).toBe(400);
      expect(refused.body.message).toBe(message);
    }
    const set = await call('/api/commission-rates', shared.admin, 'POST', body);
    expect(set.status).toBe(201);
    expect(set.body.data).toEqual({ category_id: null, category: 'Everything else', rate_percent: body.rate_percent });
  });
});

describe('the demo store', () => {
  it("has the demo vendor's delivered demo orders in its ledger, with the cash its riders took for them, available since the hold passed", async () => {
    const ledger = await ledgerOf(shared, vendor.id);
    // The demo's orders were delivered weeks before the seed wrote them: their sales were due before they were written.
    const demoSales = ledger.filter((line) => line.kind === 'sale' && Date.parse(line.available_at) < Date.parse(line.created_at) - 3_600_000);
    expect(demoSales.length).toBeGreaterThan(0);
    for (const sale of demoSales) {
      expect(sale.net + sale.commission).toBe(sale.gross);
      expect(sale.commission).toBeGreaterThan(0);
      expect(sale.product_name).not.toBe('');
      expect(ledger.filter((line) => line.kind === 'cash_collected' && line.part_id === sale.part_id)).toEqual([
        expect.objectContaining({ status: 'available', commission: 0 }),
      ]);
    }
  });
});

describe('new vendors', () => {
  it('a vendor with no sales reads a zero balance', async () => {
    const newcomer = await register('10.238.0.9', 'Kasule');
    await approveShop(newcomer, 'Kasule Earnings Traders', shared.admin);
    const balance = await ok(shared, '/api/payouts/balance', newcomer);
    expect(balance).toEqual({
      pending: 0,
      available: 0,
      frozen: 0,
      owed: 0,
      paid_out: 0,
      commission: 0,
      currency: 'UGX',
      hold: null,
      minimum: 10_000,
      hold_days: 7,
      cod_credit_limit: 1_000_000_000, // the test stores' (tests/support/server.ts)
      next_payout_day: null, // runs start only when a test asks (PAYOUT_DAYS='')
      has_payout_method: false,
    });
    expect((await ok(shared, '/api/payouts/earnings', newcomer)).total).toBe(0);
  });
});
