/**
 * The handover on the dashboard's pages, posted as their server forms are without JavaScript: the vendor's orders
 * page asks for the buyer's code when a part is marked delivered (a wrong one is refused there and the part stays on
 * its way), and says how each delivered part's handover went; the disputes page shows administrators the parts their
 * buyers say never came and the locked codes, rules on them and unlocks them, and is nobody else's.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { url } from './client';
import { login, pageCookie, register, type Caller } from './callers';
import { ADMIN } from './server.setup';
import { DEMO_ACCOUNTS } from '../../src/server/demo-data/demo-accounts';
import { HANDOVER_CODE_TRIES } from '../../src/lib/cash-on-delivery';
import { buyersOrder, movePart, ok, placeOrder, ship, shopAt, type Row, type Shop } from './order-steps';

let shop: Shop;
let vendor: Caller;
let next = 0;
let own: Row[] = [];
const ownProduct = () => own[next++ % own.length]!;

beforeAll(async () => {
  const base = inject('baseUrl');
  let admin: Caller;
  let buyer: Caller;
  [admin, buyer, vendor] = await Promise.all([
    login(ADMIN.email, ADMIN.password, '10.247.0.1'),
    register('10.247.0.2', 'Nalubega'),
    login(DEMO_ACCOUNTS.vendor.email, DEMO_ACCOUNTS.vendor.password, '10.247.0.3'),
  ]);
  shop = await shopAt(base, admin, buyer);
  own = ((await (await fetch(new URL(`/api/products?limit=100&in_stock=1&vendor=${vendor.id}`, base))).json()).data.data as Row[]).filter(
    (p) => p.has_colors !== 'Yes' && p.has_sizes !== 'Yes' && p.stock.total_items - p.stock.items_sold >= 5,
  );
  expect(own.length).toBeGreaterThan(3);
}, 60_000);

/** A dashboard page as `who` sees it, with its HTML's apostrophes read back. */
async function openPage(path: string, who: Caller | null) {
  const reply = await fetch(url(path), { headers: who ? pageCookie(who) : {}, redirect: 'manual' });
  return { status: reply.status, location: reply.headers.get('location'), html: (await reply.text()).replaceAll('&#39;', "'") };
}

/** Posts a dashboard page's form as the browser does, from the store's own page. */
async function postForm(path: string, who: Caller, fields: Record<string, string | number>) {
  const reply = await fetch(url(path), {
    method: 'POST',
    redirect: 'manual',
    headers: { ...pageCookie(who), Origin: new URL(url('/')).origin, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(Object.entries(fields).map(([name, value]) => [name, String(value)])),
  });
  return { status: reply.status, location: reply.headers.get('location'), html: (await reply.text()).replaceAll('&#39;', "'") };
}

/** One order's block of the vendor's orders page, from its heading to the next order's. */
function orderBlock(html: string, orderId: number): string {
  const start = html.indexOf(`>Order #${orderId}<`);
  expect(start, `order #${orderId} is on the page`).toBeGreaterThan(-1);
  const end = html.indexOf('>Order #', start + 1);
  return html.slice(start, end === -1 ? undefined : end);
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const markDelivered = (orderId: number, partId: number, handoverCode?: string) =>
  postForm('/vendor-dashboard/orders', vendor, {
    order_id: orderId,
    part_id: partId,
    status: 'delivered',
    ...(handoverCode === undefined ? {} : { handover_code: handoverCode }),
  });

/** A cash-on-delivery order of one of the demo vendor's products, shipped by the vendor: the order, its part and the buyer's code. */
async function shippedOrder() {
  const placed = await placeOrder(shop, [{ product: ownProduct(), quantity: 1 }]);
  const part = placed.parts[0];
  const code = await ship(shop, placed.id, part.id, vendor);
  return { placed, part, code };
}

describe("the vendor's orders page", () => {
  it("asks for the buyer's handover code where a part may be marked delivered, and refuses a wrong one keeping the part on its way", async () => {
    const { placed, part, code } = await shippedOrder();
    const page = await openPage('/vendor-dashboard/orders', vendor);
    expect(page.status).toBe(200);
    const block = orderBlock(page.html, placed.id);
    expect(block).toMatch(/<input[^>]*name="handover_code"[^>]*inputmode="numeric"|<input[^>]*inputmode="numeric"[^>]*name="handover_code"/);
    expect(block).toContain("Buyer's handover code");
    expect(block).toContain('Without it, the buyer is asked to confirm the delivery.');
    expect(block).not.toMatch(new RegExp(`\\b${code}\\b`));

    const wrong = code === '0000' ? '1111' : '0000';
    const refused = await markDelivered(placed.id, part.id, wrong);
    expect(refused.status).toBe(400);
    expect(refused.html).toContain(
      `Failed to update order status: that handover code is not right. Ask the buyer for the 4 digits on their order page (${HANDOVER_CODE_TRIES - 1} tries left)`,
    );
    expect((await buyersOrder(shop, placed.id)).parts[0]).toMatchObject({ status: 'shipped', delivery_confirmed: false, handover_code: code });

    const delivered = await markDelivered(placed.id, part.id, ` ${code} `);
    expect(delivered.status).toBe(303);
    expect(delivered.location).toBe('/vendor-dashboard/orders?notice=status');
    expect((await buyersOrder(shop, placed.id)).parts[0]).toMatchObject({ status: 'delivered', delivery_confirmed: true, confirmed_by: 'code' });
    const after = orderBlock((await openPage('/vendor-dashboard/orders', vendor)).html, placed.id);
    expect(after).toContain("Confirmed by the buyer's code");
    expect(after).not.toContain('name="handover_code"');
  });

  it('marks a part delivered without the code as waiting for the buyer, then disputed once the buyer says it never came', async () => {
    const { placed, part } = await shippedOrder();
    expect((await markDelivered(placed.id, part.id, '')).status).toBe(303);
    expect((await buyersOrder(shop, placed.id)).parts[0]).toMatchObject({ status: 'delivered', delivery_confirmed: false, may_dispute: true });
    expect(orderBlock((await openPage('/vendor-dashboard/orders', vendor)).html, placed.id)).toContain('Waiting for the buyer to confirm');

    await ok(shop, `/api/orders/${placed.id}/parts/${part.id}/not-received`, shop.buyer, 'POST');
    const disputed = orderBlock((await openPage('/vendor-dashboard/orders', vendor)).html, placed.id);
    expect(disputed).toContain('Disputed by the buyer');
    expect(disputed).not.toContain('Waiting for the buyer to confirm');
  });
});

describe('the disputes page', () => {
  /** A part delivered without its code that its buyer says never came. */
  async function disputedPart() {
    const { placed, part } = await shippedOrder();
    expect((await movePart(shop, placed.id, part.id, { status: 'delivered' }, vendor)).status).toBe(200);
    await ok(shop, `/api/orders/${placed.id}/parts/${part.id}/not-received`, shop.buyer, 'POST');
    return { placed, part };
  }

  /** The row of the disputes page naming this order's part, or '' when it is not there. */
  const rowOf = (html: string, orderId: number, vendorName: string) =>
    new RegExp(`<li[^>]*aria-label="Order #${orderId}, part from ${escapeRegExp(vendorName)}"[^>]*>[\\s\\S]*?</li>`).exec(html)?.[0] ?? '';

  it("is an administrator's alone: a guest is sent to log in, a vendor finds nothing", async () => {
    const guest = await openPage('/vendor-dashboard/disputes', null);
    expect(guest.status).toBe(302);
    expect(guest.location).toBe(`/auth/login?redirect=${encodeURIComponent('/vendor-dashboard/disputes')}`);
    expect((await openPage('/vendor-dashboard/disputes', vendor)).status).toBe(404);
    expect((await openPage('/vendor-dashboard/orders', vendor)).html).not.toContain('href="/vendor-dashboard/disputes"');
    expect((await openPage('/vendor-dashboard/orders', shop.admin)).html).toContain('href="/vendor-dashboard/disputes"');
  });

  it('lists a disputed part with its vendor, buyer and amount, and its "Delivered" button rules it delivered', async () => {
    const { placed, part } = await disputedPart();
    const row = rowOf((await openPage('/vendor-dashboard/disputes', shop.admin)).html, placed.id, part.vendor_name);
    expect(row).toContain(`Order #${placed.id}`);
    expect(row).toContain('Namubiru Grace');
    expect(row).toMatch(/UGX\s?[\d,]+/);
    expect(row).toContain('value="delivered"');
    expect(row).toContain('value="not_delivered"');

    expect((await postForm('/vendor-dashboard/disputes', vendor, { order_id: placed.id, part_id: part.id, ruling: 'delivered' })).status).toBe(404);
    const ruled = await postForm('/vendor-dashboard/disputes', shop.admin, { order_id: placed.id, part_id: part.id, ruling: 'delivered' });
    expect(ruled.status).toBe(303);
    expect(ruled.location).toBe('/vendor-dashboard/disputes?notice=dispute');
    expect((await buyersOrder(shop, placed.id)).parts[0]).toMatchObject({ status: 'delivered', dispute: 'delivered', delivery_confirmed: true });
    const after = await openPage('/vendor-dashboard/disputes?notice=dispute', shop.admin);
    expect(after.html).toContain('Dispute resolved');
    expect(rowOf(after.html, placed.id, part.vendor_name)).toBe('');

    const again = await postForm('/vendor-dashboard/disputes', shop.admin, { order_id: placed.id, part_id: part.id, ruling: 'not_delivered' });
    expect(again.status).toBe(409);
    expect(again.html).toContain('this part has no open dispute to rule on');
  });

  it('its "Not delivered" button cancels the part', async () => {
    const { placed, part } = await disputedPart();
    const ruled = await postForm('/vendor-dashboard/disputes', shop.admin, { order_id: placed.id, part_id: part.id, ruling: 'not_delivered' });
    expect(ruled.status).toBe(303);
    expect((await buyersOrder(shop, placed.id)).parts[0]).toMatchObject({ status: 'cancelled', dispute: 'not_delivered' });
    expect((await postForm('/vendor-dashboard/disputes', shop.admin, { order_id: placed.id, part_id: part.id, ruling: 'maybe' })).status).toBe(400);
  });

  it('lists a part whose handover code wrong tries locked, and its "Unlock code" button lets the code work again', async () => {
    const { placed, part, code } = await shippedOrder();
    const wrong = code === '0000' ? '1111' : '0000';
    for (let tried = 0; tried < HANDOVER_CODE_TRIES; tried++) await markDelivered(placed.id, part.id, wrong);
    expect((await buyersOrder(shop, placed.id)).parts[0]).toMatchObject({ status: 'shipped', handover_locked: true });
    expect(orderBlock((await openPage('/vendor-dashboard/orders', vendor)).html, placed.id)).toContain('Too many wrong handover codes');

    const row = rowOf((await openPage('/vendor-dashboard/disputes', shop.admin)).html, placed.id, part.vendor_name);
    expect(row).toContain('Unlock code');
    const unlocked = await postForm('/vendor-dashboard/disputes', shop.admin, { action: 'unlock', order_id: placed.id, part_id: part.id });
    expect(unlocked.status).toBe(303);
    expect(unlocked.location).toBe('/vendor-dashboard/disputes?notice=unlocked');
    expect(rowOf((await openPage('/vendor-dashboard/disputes', shop.admin)).html, placed.id, part.vendor_name)).toBe('');
    expect((await markDelivered(placed.id, part.id, code)).status).toBe(303);
    expect((await buyersOrder(shop, placed.id)).parts[0]).toMatchObject({ status: 'delivered', delivery_confirmed: true });
  });
});
