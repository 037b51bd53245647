/**
 * Cash on delivery in the books, and the handover the buyer confirms, on the suite's store (7 days' hold, 3 days to
 * dispute): a part delivered with its code moves its vendor's balance by minus the commission (and the delivery fee
 * its rider took at the order's first door) and the order's payment to COMPLETED once nothing is left to deliver; the
 * code is the buyer's alone; wrong codes are refused and lock the code; a part delivered without it waits for its
 * buyer, who confirms it or disputes it; an administrator rules on a dispute both ways. Run on PostgreSQL as well.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { login, pageCookie, register, type Caller } from './callers';
import { ADMIN } from './server.setup';
import { DEMO_ACCOUNTS } from '../../src/server/demo-data/demo-accounts';
import { HANDOVER_CODE_TRIES } from '../../src/lib/cash-on-delivery';
import { expectRefusedInEveryLanguage } from './refused-in-languages';
import { balanceOf, buyersOrder, deliver, ledgerOf, movePart, ok, on, payByStripe, placeOrder, ship, shopAt, type Row, type Shop } from './order-steps';

let shop: Shop;
let vendor: Caller;
let stranger: Caller;
let next = 0;

/** Products of the demo vendor, a new one each time so orders never run out of stock. */
let own: Row[] = [];
const ownProduct = () => own[next++ % own.length]!;
const otherProduct = () => shop.products.filter((product) => Number(product.supplier) !== vendor.id)[next++ % 5]!;

beforeAll(async () => {
  const base = inject('baseUrl');
  let admin: Caller;
  let buyer: Caller;
  [admin, buyer, stranger, vendor] = await Promise.all([
    login(ADMIN.email, ADMIN.password, '10.239.0.1'),
    register('10.239.0.2', 'Namubiru'),
    register('10.239.0.3', 'Opio'),
    login(DEMO_ACCOUNTS.vendor.email, DEMO_ACCOUNTS.vendor.password, '10.239.0.4'),
  ]);
  shop = await shopAt(base, admin, buyer);
  own = ((await (await fetch(new URL(`/api/products?limit=100&in_stock=1&vendor=${vendor.id}`, base))).json()).data.data as Row[]).filter(
    (p) => p.has_colors !== 'Yes' && p.has_sizes !== 'Yes' && p.stock.total_items - p.stock.items_sold >= 5,
  );
  expect(own.length).toBeGreaterThan(3);
}, 60_000);

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

describe('a cash-on-delivery part delivered with its handover code', () => {
  it("moves its vendor's balance by minus the commission and the fee its rider took, and the order's payment to COMPLETED", async () => {
    const before = await balanceOf(shop, vendor.id);
    const placed = await placeOrder(shop, [{ product: ownProduct(), quantity: 2 }]);
    const part = placed.parts[0];
    await deliver(shop, placed.id, part.id, { who: vendor });

    const order = await buyersOrder(shop, placed.id);
    expect(order.payment_status).toBe('COMPLETED');
    expect(order.payment_confirmation).toBe('PAID');
    expect(order.payment).toMatchObject({ gateway: 'cash_on_delivery', status: 'COMPLETED', amount: placed.total });
    expect(order.payment.details.collected).toEqual([{ part_id: part.id, vendor_id: vendor.id, amount: placed.total, by: 'vendor' }]);
    expect(order.parts[0]).toMatchObject({ delivery_confirmed: true, confirmed_by: 'code', handover_code: null });
    expect(order.money).toMatchObject({ paid: placed.total, refund_due: 0, to_pay_on_delivery: 0 });

    const lines = (await ledgerOf(shop, vendor.id)).filter((line) => line.part_id === part.id);
    const sales = lines.filter((line) => line.kind === 'sale');
    const cash = lines.filter((line) => line.kind === 'cash_collected');
    expect(cash).toEqual([expect.objectContaining({ gross: -placed.total, commission: 0, net: -placed.total, status: 'pending' })]);
    expect(cash[0]!.available_at).toBe(sales[0]!.available_at);
    const commission = sum(sales.map((line) => line.commission));
    const after = await balanceOf(shop, vendor.id);
    expect(after.pending - before.pending).toBe(-commission - placed.delivery_fee);
    expect(after.available).toBe(before.available);
    expect(after.owed - before.owed).toBe(Math.max(0, -(after.available + Math.min(0, after.pending))) - before.owed);
  });

  it('a two-vendor order is paid once both parts are in, each rider having taken its own part and the fee going with the first', async () => {
    const placed = await placeOrder(shop, [
      { product: ownProduct(), quantity: 1 },
      { product: otherProduct(), quantity: 1 },
    ]);
    const [first, second] = placed.parts;
    await deliver(shop, placed.id, first.id, { who: vendor });
    let order = await buyersOrder(shop, placed.id);
    expect(order.payment_status, JSON.stringify(order.payment)).toBe('PAY_ON_DELIVERY');
    const firstCost = sum(first.lines.map((line: Row) => line.subtotal));
    const secondCost = sum(second.lines.map((line: Row) => line.subtotal));
    expect(order.money.to_pay_on_delivery).toBe(secondCost);
    await deliver(shop, placed.id, second.id);
    order = await buyersOrder(shop, placed.id);
    expect(order.payment.details.collected).toEqual([
      { part_id: first.id, vendor_id: first.vendor_id, amount: firstCost + placed.delivery_fee, by: 'vendor' },
      { part_id: second.id, vendor_id: second.vendor_id, amount: secondCost, by: second.vendor_id === null ? 'store' : 'vendor' },
    ]);
    expect(order).toMatchObject({ payment_status: 'COMPLETED', money: { refund_due: 0, paid: placed.total } });
    expect(order.events.map((event: Row) => event.status)).not.toContain('refund:due');
  });

  it('a part cancelled before delivery collects nothing: the order is paid for what came', async () => {
    const placed = await placeOrder(shop, [
      { product: ownProduct(), quantity: 1 },
      { product: otherProduct(), quantity: 1 },
    ]);
    const [first, second] = placed.parts;
    expect((await movePart(shop, placed.id, second.id, { status: 'cancelled' })).status).toBe(200);
    await deliver(shop, placed.id, first.id, { who: vendor });
    const order = await buyersOrder(shop, placed.id);
    const cost = sum(first.lines.map((line: Row) => line.subtotal));
    expect(order.payment).toMatchObject({ status: 'COMPLETED', amount: cost + placed.delivery_fee });
    expect(order.money).toMatchObject({ refund_due: 0, refunded: 0 });
    expect(order.money.parts.find((money: Row) => money.part_id === second.id).coming_back).toBe(0);
  });
});

describe('the handover code', () => {
  it("is the buyer's alone: on the buyer's order while on its way, never in the vendor's or another buyer's view", async () => {
    const placed = await placeOrder(shop, [{ product: ownProduct(), quantity: 1 }]);
    const code = await ship(shop, placed.id, placed.parts[0].id, vendor);
    const vendorPage = await (await fetch(new URL('/vendor-dashboard/orders', shop.base), { headers: pageCookie(vendor) })).text();
    expect(vendorPage).toContain(`#${placed.id}`);
    // The page asks for the code (a field named handover_code) but never holds it.
    expect(vendorPage).not.toMatch(/"handover_code":|name="handover_code"[^>]*value=/);
    expect(vendorPage).not.toMatch(new RegExp(`\\b${code}\\b`));
    expect((await on(shop, `/api/orders/${placed.id}`, stranger)).status).toBe(404);
    expect(JSON.stringify(await ok(shop, `/api/orders/${placed.id}/status`, vendor, 'POST', { status: 'shipped' }))).not.toContain(code);
  });

  it(`refuses a wrong code in the language asked, counts it, and locks the code after ${HANDOVER_CODE_TRIES} until an administrator unlocks it`, async () => {
    const placed = await placeOrder(shop, [{ product: ownProduct(), quantity: 1 }]);
    const part = placed.parts[0];
    const code = await ship(shop, placed.id, part.id, vendor);
    const wrong = code === '0000' ? '1111' : '0000';
    const refusal = (left: number) =>
      `Failed to update order status: that handover code is not right. Ask the buyer for the 4 digits on their order page (${left} ${left === 1 ? 'try' : 'tries'} left)`;
    await expectRefusedInEveryLanguage(
      (language) => on(shop, `/api/orders/${placed.id}/parts/${part.id}/status`, vendor, 'POST', { status: 'delivered', handover_code: wrong }, language),
      400,
      refusal(HANDOVER_CODE_TRIES - 1),
    );
    // The check above asked three times, in three languages.
    for (let tried = 3; tried < HANDOVER_CODE_TRIES - 1; tried++) {
      expect((await movePart(shop, placed.id, part.id, { status: 'delivered', handover_code: wrong }, vendor)).body.message).toBe(
        refusal(HANDOVER_CODE_TRIES - tried - 1),
      );
    }
    expect((await movePart(shop, placed.id, part.id, { status: 'delivered', handover_code: wrong }, vendor)).status).toBe(409);
    const locked = await movePart(shop, placed.id, part.id, { status: 'delivered', handover_code: code }, vendor);
    expect(locked.status).toBe(409);
    expect(locked.body.message).toMatch(/too many wrong handover codes/);
    expect((await buyersOrder(shop, placed.id)).parts[0]).toMatchObject({ status: 'shipped', handover_locked: true });

    expect((await on(shop, `/api/orders/${placed.id}/parts/${part.id}/handover-unlock`, vendor, 'POST')).status).toBe(403);
    await ok(shop, `/api/orders/${placed.id}/parts/${part.id}/handover-unlock`, shop.admin, 'POST');
    expect((await movePart(shop, placed.id, part.id, { status: 'delivered', handover_code: ` ${code.slice(0, 2)} ${code.slice(2)} ` }, vendor)).status).toBe(
      200,
    );
    expect((await buyersOrder(shop, placed.id)).parts[0]).toMatchObject({ status: 'delivered', delivery_confirmed: true, handover_locked: false });
  });

  it('refuses a code that is not four digits, and one given for a whole order of several parts', async () => {
    const placed = await placeOrder(shop, [
      { product: ownProduct(), quantity: 1 },
      { product: otherProduct(), quantity: 1 },
    ]);
    await ship(shop, placed.id, placed.parts[0].id);
    expect((await movePart(shop, placed.id, placed.parts[0].id, { status: 'delivered', handover_code: '12a4' })).body.message).toBe(
      'handover_code: give the 4 digits the buyer has',
    );
    await ship(shop, placed.id, placed.parts[1].id);
    const whole = await on(shop, `/api/orders/${placed.id}/status`, shop.admin, 'POST', { status: 'delivered', handover_code: '1234' });
    expect(whole.status).toBe(400);
    expect(whole.body.message).toBe('handover_code: mark one part delivered at a time with its own code');
  });
});

describe('a part delivered without its code', () => {
  /** A cash-on-delivery part of the demo vendor delivered without its code, with its lines in the ledger. */
  async function deliveredWithoutCode(gateway = 'cash_on_delivery') {
    const placed = await placeOrder(shop, [{ product: ownProduct(), quantity: 1 }], gateway);
    if (gateway === 'stripe') await payByStripe(shop, placed);
    const part = placed.parts[0];
    await deliver(shop, placed.id, part.id, { withCode: false, who: vendor });
    const lines = () => ledgerOf(shop, vendor.id).then((all) => all.filter((line) => line.part_id === part.id));
    return { placed, part, lines };
  }

  it('waits for the buyer: pending beyond the return window until the buyer says it came', async () => {
    const { placed, part, lines } = await deliveredWithoutCode();
    let order = await buyersOrder(shop, placed.id);
    expect(order.parts[0]).toMatchObject({ delivery_confirmed: false, may_dispute: true, confirmed_by: '' });
    const waiting = await lines();
    const days = (line: Row) => (Date.parse(line.available_at) - Date.parse(line.created_at)) / 86_400_000;
    for (const line of waiting) expect(days(line)).toBeGreaterThan(6.9);
    expect((await on(shop, `/api/orders/${placed.id}/parts/${part.id}/received`, stranger, 'POST')).status).toBe(404);
    order = await ok(shop, `/api/orders/${placed.id}/parts/${part.id}/received`, shop.buyer, 'POST');
    expect(order.parts[0]).toMatchObject({ delivery_confirmed: true, confirmed_by: 'buyer', may_dispute: false });
    const refused = await on(shop, `/api/orders/${placed.id}/parts/${part.id}/not-received`, shop.buyer, 'POST');
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('you have already said this part arrived');
  });

  it('"not received" freezes its earning and its cash, and texts the vendor; an administrator rules it delivered and releases them', async () => {
    const { placed, part, lines } = await deliveredWithoutCode();
    const before = await balanceOf(shop, vendor.id);
    const pendingLines = await lines();
    const order = await ok(shop, `/api/orders/${placed.id}/parts/${part.id}/not-received`, shop.buyer, 'POST');
    expect(order.parts[0]).toMatchObject({ dispute: 'open', delivery_confirmed: false, may_dispute: false });
    const frozen = await lines();
    expect(frozen.map((line) => line.status)).toEqual(frozen.map(() => 'frozen'));
    const after = await balanceOf(shop, vendor.id);
    const partNet = sum(pendingLines.map((line) => line.net));
    expect(after.pending - before.pending).toBe(-partNet);
    expect(after.frozen - before.frozen).toBe(partNet);
    expect((await on(shop, `/api/orders/${placed.id}/parts/${part.id}/not-received`, shop.buyer, 'POST')).body.message).toBe(
      'you have already told us this part did not arrive; we are looking into it',
    );

    const disputes: Row[] = await ok(shop, '/api/disputes', shop.admin);
    expect(disputes).toContainEqual(expect.objectContaining({ order_id: placed.id, part_id: part.id, vendor_id: vendor.id }));
    expect((await on(shop, '/api/disputes', vendor)).status).toBe(403);
    expect((await on(shop, `/api/orders/${placed.id}/parts/${part.id}/dispute`, vendor, 'POST', { resolution: 'delivered' })).status).toBe(403);
    await ok(shop, `/api/orders/${placed.id}/parts/${part.id}/dispute`, shop.admin, 'POST', { resolution: 'delivered' });
    const released = await lines();
    expect(released.map((line) => line.status)).toEqual(released.map(() => 'pending'));
    expect((await balanceOf(shop, vendor.id)).frozen).toBe(before.frozen);
    expect((await on(shop, `/api/orders/${placed.id}/parts/${part.id}/dispute`, shop.admin, 'POST', { resolution: 'not_delivered' })).status).toBe(409);
  });

  it('ruled not delivered: the part is cancelled, its lines undone, and what was paid online for it refunded once', async () => {
    const { placed, part, lines } = await deliveredWithoutCode('stripe');
    await ok(shop, `/api/orders/${placed.id}/parts/${part.id}/not-received`, shop.buyer, 'POST');
    const rulings = await Promise.all(
      Array.from({ length: 3 }, () => on(shop, `/api/orders/${placed.id}/parts/${part.id}/dispute`, shop.admin, 'POST', { resolution: 'not_delivered' })),
    );
    expect(rulings.map((reply) => reply.status).sort()).toEqual([200, 409, 409]);
    const undone = await lines();
    expect(undone.filter((line) => line.kind === 'reversal')).toHaveLength(undone.filter((line) => line.kind !== 'reversal').length);
    expect(sum(undone.map((line) => line.net))).toBe(0);
    expect(sum(undone.map((line) => line.commission))).toBe(0);
    const order = await buyersOrder(shop, placed.id);
    expect(order.parts[0]).toMatchObject({ status: 'cancelled', dispute: 'not_delivered' });
    await expect.poll(async () => (await buyersOrder(shop, placed.id)).money.refunded, { timeout: 15_000 }).toBe(placed.total);
  });

  it('a cash-on-delivery part ruled not delivered: its cash is no longer counted as collected, and nothing is refunded', async () => {
    const { placed, part, lines } = await deliveredWithoutCode();
    expect((await buyersOrder(shop, placed.id)).payment.status).toBe('COMPLETED');
    await ok(shop, `/api/orders/${placed.id}/parts/${part.id}/not-received`, shop.buyer, 'POST');
    await ok(shop, `/api/orders/${placed.id}/parts/${part.id}/dispute`, shop.admin, 'POST', { resolution: 'not_delivered' });
    expect(sum((await lines()).map((line) => line.net))).toBe(0);
    const order = await buyersOrder(shop, placed.id);
    expect(order.payment.amount).toBe(0);
    expect(order.money).toMatchObject({ refund_due: 0, refunded: 0 });
  });

  it('another buyer cannot confirm or dispute it, nor may the buyer before it is delivered', async () => {
    const placed = await placeOrder(shop, [{ product: ownProduct(), quantity: 1 }]);
    const part = placed.parts[0];
    for (const action of ['received', 'not-received']) {
      expect((await on(shop, `/api/orders/${placed.id}/parts/${part.id}/${action}`, stranger, 'POST')).status).toBe(404);
      const early = await on(shop, `/api/orders/${placed.id}/parts/${part.id}/${action}`, shop.buyer, 'POST');
      expect(early.status).toBe(409);
      expect(early.body.message).toBe('this part has not been marked delivered yet');
    }
  });
});
