/**
 * The books over cash on delivery, on a store of its own with no hold (PAYOUT_HOLD_DAYS=0) and half a minute for a
 * buyer to dispute a delivery made without its code: cash and online parts over several orders net in one payout
 * run (a vendor that owes is never paid, and is paid what its balance exceeds zero by once online sales cover what
 * it holds); a part delivered without its code becomes due once the buyer's days pass; and over a random run of
 * orders paid online and in cash, cancellations, returns, disputes and a payout run, every delivered part's share and
 * commission add up to what its buyer paid for it, and the store's cash equals its commissions and delivery fees
 * plus what it owes vendors, less what vendors owe it. Run on PostgreSQL as well as PGlite.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Caller } from './callers';
import { ADMIN, smsEnv } from './server.setup';
import { startStore, type RunningStore } from '../support/server';
import { DEMO_ACCOUNTS } from '../../src/server/demo-data/demo-accounts';
import { Random } from '../../src/server/demo-data/random';
import { FAKE_AT_API_KEY, FAKE_AT_USERNAME } from '../support/fake-africastalking';
import { balanceOf, buyersOrder, deliver, ledgerOf, movePart, ok, on, payByStripe, placeOrder, shopAt, type Row, type Shop } from './order-steps';

const databaseUrl = inject('databaseDriver') === 'postgres' ? process.env.API_DATABASE_URL : undefined;
/** Half a minute, in days: how long a buyer has to say a part delivered without its code never came. */
const CONFIRM_DAYS = 30 / 86_400;

let store: RunningStore;
let shop: Shop;
let vendor: Caller;
let own: Row[] = [];
let next = 0;

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

async function signIn(base: string, username: string, password: string): Promise<Caller> {
  const reply = await on({ base }, '/api/users/login', null, 'POST', { username, password });
  expect(reply.status, reply.text).toBe(200);
  return { id: reply.body.data.id, headers: { Authorization: `Bearer ${reply.body.data.token}` } };
}

beforeAll(async () => {
  store = await startStore({
    databaseUrl,
    env: {
      ...inject('paymentFakesEnv'),
      ...smsEnv({ baseUrl: inject('smsUrl'), username: FAKE_AT_USERNAME, apiKey: FAKE_AT_API_KEY }),
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      PAYOUT_HOLD_DAYS: '0',
      PAYOUT_MINIMUM: '1000',
      PAYOUT_DAYS: '',
      PAYOUT_METHOD_WAIT_HOURS: '0',
      DELIVERY_CONFIRM_DAYS: String(CONFIRM_DAYS),
      ...(databaseUrl ? { SEED_ON_START: '0' } : { SEED_PRODUCTS: '200' }),
    },
  });
  const base = store.baseUrl;
  const email = `cash.${Date.now()}@example.com`;
  const registered = await on({ base }, '/api/users/register', null, 'POST', { email, password: 'Kampala-2026!', first_name: 'Achieng', last_name: 'Tester' });
  expect(registered.status, registered.text).toBe(201);
  vendor = await signIn(base, DEMO_ACCOUNTS.vendor.email, DEMO_ACCOUNTS.vendor.password);
  shop = await shopAt(base, await signIn(base, ADMIN.email, ADMIN.password), await signIn(base, email, 'Kampala-2026!'));
  own = ((await (await fetch(new URL(`/api/products?limit=100&in_stock=1&vendor=${vendor.id}`, base))).json()).data.data as Row[]).filter(
    (p) => p.has_colors !== 'Yes' && p.has_sizes !== 'Yes' && p.stock.total_items - p.stock.items_sold >= 5,
  );
  expect(own.length).toBeGreaterThan(3);
  const method = await on(shop, '/api/payouts/method', vendor, 'POST', { method: 'mtn_momo', phone: '0772 410 288', password: DEMO_ACCOUNTS.vendor.password });
  expect(method.status, method.text).toBeLessThan(300);
}, 240_000);

afterAll(async () => {
  await store?.stop();
});

const ownProduct = () => own[next++ % own.length]!;
/** The vendor's dearest product with stock for `quantity` more. */
const dearest = (quantity: number) =>
  [...own].filter((p) => p.stock.total_items - p.stock.items_sold >= quantity + 2).sort((a, b) => Number(b.price_1) - Number(a.price_1))[0]!;

/** A run of payouts, and what it paid the vendor (0 when nothing). */
async function payoutRun(vendorId: number): Promise<number> {
  const before: Row[] = (await ok(shop, `/api/payouts?vendor_id=${vendorId}&per_page=100`, shop.admin)).data;
  const run = await ok(shop, '/api/payouts/run', shop.admin, 'POST');
  const after: Row[] = (await ok(shop, `/api/payouts?vendor_id=${vendorId}&per_page=100`, shop.admin)).data;
  const made = after.filter((payout) => !before.some((earlier) => earlier.id === payout.id));
  expect(made.length).toBeLessThanOrEqual(1);
  expect(run.payouts).toBeGreaterThanOrEqual(made.length);
  return made[0]?.amount ?? 0;
}

/** The ledger lines of the parts of these orders. */
const linesOfParts = (lines: Row[], parts: Row[]) => lines.filter((line) => parts.some((part) => part.id === line.part_id));

describe('one payout run over cash and online parts', () => {
  it('never pays a vendor that owes, and pays what its balance exceeds zero by once online sales cover the cash it holds', async () => {
    const start = await balanceOf(shop, vendor.id);
    if (start.available + Math.min(0, start.pending) >= 1000) await payoutRun(vendor.id);
    const before = await balanceOf(shop, vendor.id);

    const cashOrders = [];
    for (let n = 0; n < 2; n++) {
      const placed = await placeOrder(shop, [{ product: ownProduct(), quantity: 1 }]);
      await deliver(shop, placed.id, placed.parts[0].id, { who: vendor });
      cashOrders.push(placed);
    }
    const owing = await balanceOf(shop, vendor.id);
    const cashLines = linesOfParts(
      await ledgerOf(shop, vendor.id),
      cashOrders.map((order) => order.parts[0]),
    );
    const commission = sum(cashLines.map((line) => line.commission));
    const fees = sum(cashOrders.map((order) => order.delivery_fee));
    expect(owing.available - before.available).toBe(-commission - fees);
    expect(owing.pending).toBe(0);
    expect(owing.owed).toBe(Math.max(0, -owing.available));
    expect(owing.owed).toBeGreaterThan(0);
    expect(await payoutRun(vendor.id)).toBe(0);

    const onlineOrders = [];
    for (let n = 0; n < 2; n++) {
      const placed = await placeOrder(shop, [{ product: dearest(2), quantity: 2 }], 'stripe');
      await payByStripe(shop, placed);
      await deliver(shop, placed.id, placed.parts[0].id, { who: vendor });
      onlineOrders.push(placed);
    }
    const covered = await balanceOf(shop, vendor.id);
    const onlineLines = linesOfParts(
      await ledgerOf(shop, vendor.id),
      onlineOrders.map((order) => order.parts[0]),
    );
    expect(onlineLines.every((line) => line.kind === 'sale')).toBe(true);
    expect(covered.available - owing.available).toBe(sum(onlineLines.map((line) => line.net)));
    expect(covered.owed).toBe(0);
    expect(covered.available).toBeGreaterThan(1000);
    expect(await payoutRun(vendor.id)).toBe(covered.available);
    const paid = await balanceOf(shop, vendor.id);
    expect(paid.available).toBe(0);
    expect(paid.paid_out - covered.paid_out).toBe(covered.available);
  });
});

describe('a part delivered without its code', () => {
  it('is due once the buyer has let the days to dispute it pass', async () => {
    const placed = await placeOrder(shop, [{ product: ownProduct(), quantity: 1 }]);
    await deliver(shop, placed.id, placed.parts[0].id, { withCode: false, who: vendor });
    const lines = async () => linesOfParts(await ledgerOf(shop, vendor.id), placed.parts);
    expect((await lines()).map((line) => line.status)).toEqual(['pending', 'pending']);
    expect((await buyersOrder(shop, placed.id)).parts[0]).toMatchObject({ delivery_confirmed: false, may_dispute: true });
    await expect.poll(async () => (await lines()).map((line) => line.status), { timeout: 90_000, interval: 2000 }).toEqual(['available', 'available']);
    expect((await buyersOrder(shop, placed.id)).parts[0]).toMatchObject({ delivery_confirmed: true, may_dispute: false });
    const late = await on(shop, `/api/orders/${placed.id}/parts/${placed.parts[0].id}/not-received`, shop.buyer, 'POST');
    expect(late.status).toBe(409);
    expect(late.body.message).toBe('it is too late to say this part did not arrive here: please call us');
  }, 120_000);
});

describe('the books over a random run', () => {
  it("every delivered part adds up, and the store's cash is its commissions and fees plus what it owes vendors less what they owe it", async () => {
    const random = new Random(47 + (databaseUrl ? 1 : 0));
    const vendors = [...new Set(shop.products.map((product) => Number(product.supplier)))];
    const balancesBefore = new Map(await Promise.all(vendors.map(async (id) => [id, await balanceOf(shop, id)] as const)));
    const orders: Row[] = [];
    const delivered: { part: Row; returned: number[] }[] = [];

    for (let n = 0; n < 10; n++) {
      const online = random.chance(0.5);
      const lines = Array.from({ length: random.int(1, 2) }, () => ({ product: random.pick(shop.products), quantity: random.int(1, 2) }));
      const placed = await placeOrder(shop, lines, online ? 'stripe' : 'cash_on_delivery');
      if (online) await payByStripe(shop, placed);
      orders.push(placed);
      for (const part of placed.parts as Row[]) {
        const path = `/api/orders/${placed.id}/parts/${part.id}`;
        const fate = random.int(1, online ? 6 : 5);
        if (fate === 1) {
          expect((await movePart(shop, placed.id, part.id, { status: 'cancelled' })).status).toBe(200);
          continue;
        }
        await deliver(shop, placed.id, part.id, { withCode: fate <= 3 });
        if (fate === 4) await ok(shop, `${path}/received`, shop.buyer, 'POST');
        if (fate >= 5) {
          await ok(shop, `${path}/not-received`, shop.buyer, 'POST');
          await ok(shop, `${path}/dispute`, shop.admin, 'POST', { resolution: fate === 5 ? 'delivered' : 'not_delivered' });
          if (fate === 6) continue;
        }
        const returned: number[] = [];
        if (fate === 3) {
          const line = part.lines[0];
          const back = await ok(shop, `/api/orders/${placed.id}/returns`, shop.buyer, 'POST', {
            lines: [{ order_item_id: line.id, quantity: 1 }],
            reason: 'damaged',
          });
          let now: Row = back;
          for (const step of [{ status: 'awaiting_item' }, { status: 'received' }])
            now = await ok(shop, `/api/returns/${back.id}/status`, shop.admin, 'POST', step);
          // Paid online, the card is paid back by itself; in cash, the store pays it back by hand.
          if (now.status !== 'refunded') await ok(shop, `/api/returns/${back.id}/status`, shop.admin, 'POST', { status: 'refunded', refund_method: 'cash' });
          returned.push(back.id);
        }
        delivered.push({ part, returned });
      }
    }
    await payoutRun(vendor.id);

    // Money the store pays back through Stripe goes after the commit: wait for it.
    const final = new Map<number, Row>();
    for (const placed of orders) {
      await expect.poll(async () => (await buyersOrder(shop, placed.id)).money.refund_due, { timeout: 20_000 }).toBe(0);
      final.set(placed.id, await buyersOrder(shop, placed.id));
    }

    const ledger = (await Promise.all(vendors.map((id) => ledgerOf(shop, id)))).flat();
    for (const { part, returned } of delivered) {
      const lines = ledger.filter((line) => line.part_id === part.id && ['sale', 'return', 'reversal'].includes(line.kind));
      const order = final.get(part.order_id)!;
      const refundedForReturns = sum(order.returns.filter((back: Row) => returned.includes(back.id)).map((back: Row) => back.amount));
      const paidForLines = sum(part.lines.map((line: Row) => line.subtotal));
      expect(sum(lines.map((line) => line.net + line.commission)), `part ${part.id}`).toBe(paidForLines - refundedForReturns);
    }

    const balancesAfter = new Map(await Promise.all(vendors.map(async (id) => [id, await balanceOf(shop, id)] as const)));
    const change = (pick: (balance: Row) => number) => sum(vendors.map((id) => pick(balancesAfter.get(id)!) - pick(balancesBefore.get(id)!)));
    const owedToVendors = change((balance) => balance.available + balance.pending + balance.frozen);
    const commissions = change((balance) => balance.commission);
    const paidOut = change((balance) => balance.paid_out);
    let storeCash = -paidOut;
    let fees = 0;
    for (const order of final.values()) {
      const online = order.payment_gateway === 'stripe';
      if (online) storeCash += order.money.paid;
      storeCash -= order.money.refunded;
      if (online) fees += order.money.delivery_fee;
      else
        fees +=
          sum((order.payment.details.collected ?? []).filter((entry: Row) => !entry.reversed).map((entry: Row) => entry.amount)) -
          sum(order.parts.filter((part: Row) => part.status === 'delivered').map((part: Row) => sum(part.lines.map((line: Row) => line.subtotal))));
    }
    expect(storeCash).toBe(commissions + fees + owedToVendors);
  }, 300_000);
});
