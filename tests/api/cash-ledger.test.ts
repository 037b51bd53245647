/**
 * The books over cash on delivery, on a store of its own with no hold (PAYOUT_HOLD_DAYS=0) and half a minute for a
 * buyer to dispute a delivery made without its code: cash and online parts over several orders net in one payout
 * run (a vendor that owes is never paid, and is paid what its balance exceeds zero by once online sales cover what
 * it holds); a part delivered without its code becomes due once the buyer's days pass; and over a random run of
 * orders paid online and in cash, cancellations, returns, disputes and a payout run, every delivered part's share and
 * commission add up to what its buyer paid for it, and the store's cash equals its commissions and delivery fees
 * plus what it owes vendors, less what vendors owe it, settlements included. A vendor settles what it owes by mobile
 * money (declined changes nothing; approved once, however often the network calls back) or by hand; owing anything
 * at all (COD_CREDIT_LIMIT=1 here) switches cash on delivery off for its products until it settles. Run on
 * PostgreSQL as well as PGlite.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import type { Caller } from './callers';
import { ADMIN, smsEnv } from './server.setup';
import { startStore, type RunningStore } from '../support/server';
import { ownDatabaseBeside, type OwnDatabase } from '../support/throwaway-postgres';
import { DEMO_ACCOUNTS } from '../../src/server/demo-data/demo-accounts';
import { Random } from '../../src/server/demo-data/random';
import { FAKE_AT_API_KEY, FAKE_AT_USERNAME } from '../support/fake-africastalking';
import { balanceOf, buyersOrder, deliver, ledgerOf, movePart, ok, on, payByStripe, placeOrder, shopAt, type Row, type Shop } from './order-steps';

const sharedDatabaseUrl = inject('databaseDriver') === 'postgres' ? process.env.API_DATABASE_URL : undefined;
/** Half a minute, in days: how long a buyer has to say a part delivered without its code never came. */
const CONFIRM_DAYS = 30 / 86_400;

let store: RunningStore;
/** On PostgreSQL, books of its own: other files' orders for the same demo vendor would move its balance under these tests. */
let ownDatabase: OwnDatabase | null = null;
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
  if (sharedDatabaseUrl) ownDatabase = await ownDatabaseBeside(sharedDatabaseUrl, 'cash_ledger');
  store = await startStore({
    databaseUrl: ownDatabase?.url,
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
      COD_CREDIT_LIMIT: '1',
      SEED_PRODUCTS: '200',
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
  await settleAllByHand();
  const method = await on(shop, '/api/payouts/method', vendor, 'POST', { method: 'mtn_momo', phone: '0772 410 288', password: DEMO_ACCOUNTS.vendor.password });
  expect(method.status, method.text).toBeLessThan(300);
}, 240_000);

afterAll(async () => {
  await store?.stop();
  await ownDatabase?.drop();
}, 60_000);

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

/** Records by hand everything every vendor owes (the suite's other stores may have left some on PostgreSQL); answers the sum. */
async function settleAllByHand(): Promise<number> {
  const owing: Row[] = await ok(shop, '/api/payouts/owing', shop.admin);
  for (const { vendor_id, owed } of owing)
    await ok(shop, '/api/payouts/settlements', shop.admin, 'POST', { vendor_id, amount: owed, reference: `Receipt ${vendor_id}-${Date.now()}` });
  return sum(owing.map((row) => row.owed));
}

/** Asks again until the vendor's latest settlement is no longer waiting; answers it. */
async function settled(id: number): Promise<Row> {
  let latest: Row | undefined;
  await expect
    .poll(
      async () => {
        latest = ((await ok(shop, '/api/payouts/settlements', vendor)) as Row[]).find((row) => row.id === id);
        return latest?.status;
      },
      { timeout: 20_000, interval: 500 },
    )
    .not.toBe('PENDING');
  return latest!;
}

/** Delivers a cash-on-delivery order of one of the vendor's products with its code: the vendor then owes its commission. */
async function owe(): Promise<Row> {
  const placed = await placeOrder(shop, [{ product: ownProduct(), quantity: 1 }]);
  await deliver(shop, placed.id, placed.parts[0].id, { who: vendor });
  const balance = await balanceOf(shop, vendor.id);
  expect(balance.owed).toBeGreaterThan(0);
  return placed;
}

const settlementLines = async () => (await ledgerOf(shop, vendor.id)).filter((line) => line.kind === 'settlement');

/** The ledger lines of the parts of these orders. */
const linesOfParts = (lines: Row[], parts: Row[]) => lines.filter((line) => parts.some((part) => part.id === line.part_id));

describe('one payout run over cash and online parts', () => {
  it('never pays a vendor that owes, and pays what its balance exceeds zero by once online sales cover the cash it holds', async () => {
    const start = await balanceOf(shop, vendor.id);
    if (start.available + Math.min(0, start.pending) >= 1000) await payoutRun(vendor.id);
    const before = await balanceOf(shop, vendor.id);

    // Both placed before either is delivered: once the vendor owes, cash on delivery is off for its products.
    const cashOrders = [];
    for (let n = 0; n < 2; n++) cashOrders.push(await placeOrder(shop, [{ product: ownProduct(), quantity: 1 }]));
    for (const placed of cashOrders) await deliver(shop, placed.id, placed.parts[0].id, { who: vendor });
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

describe('settling what is owed', () => {
  // Each starts owing nothing: the days to dispute the last test's part may have passed meanwhile.
  beforeEach(settleAllByHand);

  it('by mobile money: declined changes nothing; approved settles it once, however often the network calls back', async () => {
    await owe();
    const owing = await balanceOf(shop, vendor.id);

    const declined = await on(shop, '/api/payouts/settle', vendor, 'POST', { phone: '0772 410 313' });
    expect(declined.status, declined.text).toBe(202);
    expect(declined.body.data).toMatchObject({ status: 'PENDING', amount: owing.owed, method: 'mtn_momo', phone: '+256772410313' });
    expect((await settled(declined.body.data.id)).status).toBe('FAILED');
    expect((await balanceOf(shop, vendor.id)).owed).toBe(owing.owed);

    const linesBefore = (await settlementLines()).length;
    const asked = await on(shop, '/api/payouts/settle', vendor, 'POST', { phone: '0772 410 320' });
    expect(asked.status, asked.text).toBe(202);
    const again = await on(shop, '/api/payouts/settle', vendor, 'POST', { phone: '0772 410 320' });
    expect(again.status).toBe(409);
    const done = await settled(asked.body.data.id);
    expect(done).toMatchObject({ status: 'COMPLETED', amount: owing.owed });
    expect(done.reference).not.toBe('');

    const mtn = inject('paymentFakesEnv').MTN_MOMO_BASE_URL!;
    const state = await (await fetch(new URL('/__fake/state', mtn))).json();
    const request = (state.payments as Row[]).filter((payment) => payment.body.payer.partyId === '256772410320').at(-1);
    expect(request).toBeDefined();
    for (let n = 0; n < 3; n++) await fetch(new URL('/__fake/callback', mtn), { method: 'POST', body: JSON.stringify({ reference: request!.reference }) });
    await new Promise((resolve) => setTimeout(resolve, 1500));

    const lines = await settlementLines();
    expect(lines.length - linesBefore).toBe(1);
    expect(lines.filter((line) => line.settlement_id === done.id)).toHaveLength(1);
    expect(lines.find((line) => line.settlement_id === done.id)).toMatchObject({ net: owing.owed, status: 'available' });
    const after = await balanceOf(shop, vendor.id);
    expect(after.owed).toBe(0);
    expect(after.available).toBe(owing.available + owing.owed);

    const nothing = await on(shop, '/api/payouts/settle', vendor, 'POST', { phone: '0772 410 320' });
    expect(nothing.status).toBe(409);
    expect(nothing.body.message).toBe('Nothing is owed to the store');
    const badPhone = await on(shop, '/api/payouts/settle', vendor, 'POST', { phone: '0312 000 000' });
    expect(badPhone.status).toBe(400);
    expect((await on(shop, '/api/payouts/settle', shop.buyer, 'POST', { phone: '0772 410 320' })).status).toBe(403);
  }, 90_000);

  it('by hand: an administrator records what was received, never more than is owed', async () => {
    await owe();
    const { owed } = await balanceOf(shop, vendor.id);
    const listed: Row[] = await ok(shop, '/api/payouts/owing', shop.admin);
    expect(listed.find((row) => row.vendor_id === vendor.id)).toMatchObject({ owed, cash_on_delivery_off: true });
    expect((await on(shop, '/api/payouts/owing', vendor)).status).toBe(403);

    const tooMuch = await on(shop, '/api/payouts/settlements', shop.admin, 'POST', { vendor_id: vendor.id, amount: owed + 1, reference: 'Bank slip 77' });
    expect(tooMuch.status).toBe(400);
    expect((await on(shop, '/api/payouts/settlements', vendor, 'POST', { vendor_id: vendor.id, amount: owed, reference: 'Bank slip 77' })).status).toBe(403);
    const recorded = await on(shop, '/api/payouts/settlements', shop.admin, 'POST', { vendor_id: vendor.id, amount: owed, reference: 'Bank slip 77' });
    expect(recorded.status, recorded.text).toBe(201);
    expect(recorded.body.data).toMatchObject({ status: 'COMPLETED', method: 'hand', amount: owed, reference: 'Bank slip 77' });
    expect((await balanceOf(shop, vendor.id)).owed).toBe(0);
    expect(((await ok(shop, '/api/payouts/owing', shop.admin)) as Row[]).some((row) => row.vendor_id === vendor.id)).toBe(false);
    const seen: Row[] = await ok(shop, '/api/payouts/settlements', vendor);
    expect(seen[0]).toMatchObject({ id: recorded.body.data.id, method: 'hand' });
  });

  it('a vendor owing more than the credit limit has cash on delivery off for its products until it settles', async () => {
    const product = ownProduct();
    const other = shop.products.find(
      (candidate) => Number(candidate.supplier) !== vendor.id && candidate.has_colors !== 'Yes' && candidate.has_sizes !== 'Yes',
    )!;
    const cash = (ids: number[]) => ok(shop, `/api/payments/cash-on-delivery?product_ids=${ids.join(',')}`, shop.buyer);
    expect(await cash([product.id, other.id])).toEqual({ available: true, unavailable: [] });

    await owe();
    expect(await cash([product.id, other.id])).toEqual({ available: false, unavailable: [{ product_id: product.id, name: product.name }] });
    const refused = await on(
      shop,
      '/api/orders',
      shop.buyer,
      'POST',
      {
        items: [{ product_id: product.id, quantity: 1 }],
        customer_name: 'Namubiru Test',
        customer_phone: '0772 555 083',
        delivery_location_id: shop.location.id,
        delivery_address: 'Plot 4, Ntinda',
        payment_gateway: 'cash_on_delivery',
      },
      'lg',
    );
    expect(refused.status, refused.text).toBe(409);
    expect(refused.body.message).toContain(`okusasula ng'otuusiddwako tekuliiwo ku ${product.name}`);
    // Paid online, the same product can still be ordered; and another vendor's can still be paid in cash.
    await placeOrder(shop, [{ product: other, quantity: 1 }]);

    await settleAllByHand();
    expect((await cash([product.id])).available).toBe(true);
    await placeOrder(shop, [{ product, quantity: 1 }]);
  });
});

describe('the books over a random run', () => {
  it("every delivered part adds up, and the store's cash is its commissions and fees plus what it owes vendors less what they owe it", async () => {
    const random = new Random(47 + (sharedDatabaseUrl ? 1 : 0));
    const vendors = [...new Set(shop.products.map((product) => Number(product.supplier)))];
    // Nobody owes anything at the start: cash on delivery is off here for a vendor owing at all.
    await settleAllByHand();
    const balancesBefore = new Map(await Promise.all(vendors.map(async (id) => [id, await balanceOf(shop, id)] as const)));
    const orders: Row[] = [];
    const delivered: { part: Row; returned: number[] }[] = [];

    let settlements = 0;
    for (let n = 0; n < 10; n++) {
      const online = random.chance(0.5);
      const lines = Array.from({ length: random.int(1, 2) }, () => ({ product: random.pick(shop.products), quantity: random.int(1, 2) }));
      // A vendor owing anything has cash on delivery off here: what is owed comes in by hand first.
      if (!online) settlements += await settleAllByHand();
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
    // What vendors owe now comes in: the demo vendor's by mobile money, the others' by hand.
    const owing = await balanceOf(shop, vendor.id);
    if (owing.owed > 0) {
      const asked = await ok(shop, '/api/payouts/settle', vendor, 'POST', { phone: '0772 410 321' });
      expect((await settled(asked.id)).status).toBe('COMPLETED');
      settlements += owing.owed;
    }
    settlements += await settleAllByHand();

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
    let storeCash = settlements - paidOut;
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
