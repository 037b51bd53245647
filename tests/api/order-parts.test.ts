/**
 * Each vendor sends its own part of an order: who may move a part (its vendor or an administrator, nobody
 * else), a two-vendor order moving part by part while the order's status follows, the tracking note, and a
 * part's stock given back once however many cancel it at once. Run on PostgreSQL as well as PGlite.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { api, type Reply } from './client';
import { approveShop, call, login, register, type Caller } from './callers';
import { ADMIN } from './server.setup';
import { DEMO_ACCOUNTS } from '../../src/server/demo-data/demo-accounts';

type Row = Record<string, any>;

const STATUS_FAILED = 'Failed to update order status';

let buyer: Caller;
let otherBuyer: Caller;
let admin: Caller;
let vendor: Caller;
let vendorWithoutPart: Caller;
let location: Row;
let mine: Row[];
let theirs: Row[];
let next = 0;

/** One of the vendor's products and one of another vendor's, different each time so orders never compete for stock. */
const productPair = () => [mine[next % mine.length]!, theirs[next++ % theirs.length]!];

async function placeOrder(products: Row[], quantity = 1): Promise<Row> {
  const reply = await call('/api/orders', buyer, 'POST', {
    items: products.map((product) => ({ product_id: product.id, quantity })),
    customer_name: 'Nakato Sarah',
    customer_phone: '0772 555 030',
    delivery_location_id: location.id,
    delivery_address: 'Plot 4, Bukoto Street',
    payment_gateway: 'cash_on_delivery',
  });
  expect(reply.status, reply.body.message).toBe(201);
  return reply.body.data;
}

const order = async (id: number) => (await call(`/api/orders/${id}`, buyer)).body.data;
const movePart = (orderId: number, partId: number, who: Caller, status: string, extra: Row = {}) =>
  call(`/api/orders/${orderId}/parts/${partId}/status`, who, 'POST', { status, ...extra });
const stockLeft = async (id: number) => {
  const product = (await api(`/api/products/${id}?fresh=${Date.now()}`)).body.data;
  return product.stock.total_items - product.stock.items_sold;
};

function expectRefused(reply: Reply, status: number, message: string) {
  expect(reply.status, `${reply.status} ${reply.body.message}`).toBe(status);
  expect(reply.body).toMatchObject({ code: 0, message, data: null });
}

beforeAll(async () => {
  [buyer, otherBuyer, admin, vendor, vendorWithoutPart] = await Promise.all([
    register('10.231.0.1', 'Nakato'),
    register('10.231.0.2', 'Okello'),
    login(ADMIN.email, ADMIN.password, '10.231.0.3'),
    login(DEMO_ACCOUNTS.vendor.email, DEMO_ACCOUNTS.vendor.password, '10.231.0.4'),
    register('10.231.0.5', 'Akello'),
  ]);
  await approveShop(vendorWithoutPart, 'Akello Hardware', admin);

  location = (await api('/api/manifest')).body.data.delivery_locations[0];
  const plain = (p: Row) => p.has_colors !== 'Yes' && p.has_sizes !== 'Yes' && p.stock.total_items - p.stock.items_sold >= 10;
  mine = ((await api(`/api/products?limit=100&in_stock=1&vendor=${vendor.id}`)).body.data.data as Row[]).filter(plain);
  theirs = ((await api('/api/products?limit=100&in_stock=1')).body.data.data as Row[]).filter(
    (p) => plain(p) && p.supplier && Number(p.supplier) !== vendor.id,
  );
  expect(mine.length).toBeGreaterThan(2);
  expect(theirs.length).toBeGreaterThan(2);
});

describe('who may move a part', () => {
  it.each([
    ['the buyer who placed it', () => buyer, 403, `${STATUS_FAILED}: Only a vendor or an administrator can do this`],
    ['another buyer', () => otherBuyer, 403, `${STATUS_FAILED}: Only a vendor or an administrator can do this`],
    ['a vendor with no part in the order', () => vendorWithoutPart, 403, `${STATUS_FAILED}: only the store or a vendor of this order can change it`],
  ] as const)('refuses %s, and nothing moves', async (_label, who, status, message) => {
    const placed = await placeOrder(productPair());
    for (const part of placed.parts) expectRefused(await movePart(placed.id, part.id, who(), 'processing'), status, message);
    expectRefused(await call(`/api/orders/${placed.id}/status`, who(), 'POST', { status: 'processing' }), status, message);
    expect((await order(placed.id)).parts.map((part: Row) => part.status)).toEqual(['pending', 'pending']);
  });

  it("lets a vendor move its own part only: another vendor's part in the same order is refused", async () => {
    const placed = await placeOrder(productPair());
    const [own, other] = placed.parts;
    expect(own.vendor_id).toBe(vendor.id);
    expectRefused(await movePart(placed.id, other.id, vendor, 'processing'), 403, `${STATUS_FAILED}: only the store or a vendor of this order can change it`);
    const moved = await movePart(placed.id, own.id, vendor, 'processing');
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ code: 1, message: 'Order status updated', data: { status: 'processing', payment_status: 'PAY_ON_DELIVERY' } });
    expect((await order(placed.id)).parts.map((part: Row) => part.status)).toEqual(['processing', 'pending']);
  });

  it('lets an administrator move any part, and says which part cannot take a step', async () => {
    const placed = await placeOrder(productPair());
    const other = placed.parts[1];
    expect((await movePart(placed.id, other.id, admin, 'processing')).status).toBe(200);
    expect((await movePart(placed.id, other.id, admin, 'shipped')).status).toBe(200);
    expectRefused(
      await movePart(placed.id, other.id, admin, 'cancelled'),
      409,
      `${STATUS_FAILED}: the part from ${other.vendor_name} is on the way and cannot become cancelled`,
    );
    expectRefused(await movePart(placed.id, 99_999_999, admin, 'shipped'), 404, 'This part of the order was not found');
    expectRefused(await movePart(99_999_999, other.id, admin, 'shipped'), 404, 'Order not found');
    const bad = await movePart(placed.id, other.id, admin, 'lost');
    expectRefused(bad, 400, 'status: must be one of pending, processing, shipped, delivered, cancelled');
    expectRefused(
      await movePart(placed.id, other.id, admin, 'delivered', { tracking_note: 'x'.repeat(201) }),
      400,
      'tracking_note: must be at most 200 characters',
    );
  });
});

describe('a two-vendor order moving part by part', () => {
  it('shows each part with its own status; the order follows them, and the timeline names who sent what', async () => {
    const [ours, other] = productPair();
    const placed = await placeOrder([ours!, other!]);
    expect(placed.status_label).toBe('Order placed');
    expect(placed.parts).toEqual([
      expect.objectContaining({ vendor_id: vendor.id, status: 'pending', lines: [expect.objectContaining({ product_id: ours!.id, status: 'pending' })] }),
      expect.objectContaining({ vendor_id: Number(other!.supplier), status: 'pending', lines: [expect.objectContaining({ product_id: other!.id })] }),
    ]);
    const [own, theirsPart] = placed.parts;

    await movePart(placed.id, own.id, vendor, 'processing');
    const shipped = await movePart(placed.id, own.id, vendor, 'shipped', { tracking_note: 'Link Bus, parcel 88412' });
    expect(shipped.body.data.status).toBe('processing');
    let now = await order(placed.id);
    expect(now).toMatchObject({ status: 'processing', status_label: 'Partly shipped', order_state: 'processing' });
    expect(now.parts[0]).toMatchObject({ status: 'shipped', tracking_note: 'Link Bus, parcel 88412', delivered_at: null });
    expect(now.items.map((item: Row) => item.status)).toEqual(['shipped', 'pending']);

    await movePart(placed.id, own.id, vendor, 'delivered');
    now = await order(placed.id);
    expect(now).toMatchObject({ status: 'processing', status_label: 'Partly shipped' });
    expect(Date.parse(now.parts[0].delivered_at)).toBeGreaterThan(Date.now() - 60_000);

    await movePart(placed.id, theirsPart.id, admin, 'processing');
    await movePart(placed.id, theirsPart.id, admin, 'shipped');
    expect(await order(placed.id)).toMatchObject({ status: 'shipped', status_label: 'Partly delivered' });
    await movePart(placed.id, theirsPart.id, admin, 'delivered');
    now = await order(placed.id);
    expect(now).toMatchObject({ status: 'delivered', status_label: 'Delivered', order_state: 'delivered' });
    expect(now.events.map((event: Row) => event.status)).toEqual([
      'pending',
      'part:processing',
      'part:shipped',
      'part:delivered',
      'part:processing',
      'part:shipped',
      'delivered',
      // Both riders have the cash now: paid on delivery, the order is paid.
      'payment:COMPLETED',
    ]);
    expect(now.events[2].note).toBe(`On the way: ${own.vendor_name} (${ours!.name})`);

    const counts = (await call('/api/manifest', buyer)).body.data.counts;
    expect(counts.completed_orders).toBeGreaterThanOrEqual(1);
  });

  it('one vendor cancelling its part leaves the order in progress and the other part untouched', async () => {
    const [ours, other] = productPair();
    const before = { ours: await stockLeft(ours!.id), other: await stockLeft(other!.id) };
    const placed = await placeOrder([ours!, other!], 2);
    await call(`/api/orders/${placed.id}/status`, vendor, 'POST', { status: 'cancelled' });
    const now = await order(placed.id);
    expect(now.parts.map((part: Row) => part.status)).toEqual(['cancelled', 'pending']);
    expect(now.status).toBe('pending');
    expect(await stockLeft(ours!.id)).toBe(before.ours);
    expect(await stockLeft(other!.id)).toBe(before.other - 2);
  });
});

describe('a paid part cancelled', () => {
  it('records what was paid for it as a refund for the store to pay back; the rest of the order stays paid', async () => {
    const [ours, other] = productPair();
    const reply = await call('/api/orders', buyer, 'POST', {
      items: [
        { product_id: ours!.id, quantity: 1 },
        { product_id: other!.id, quantity: 1 },
      ],
      customer_name: 'Nakato Sarah',
      customer_phone: '0772 555 030',
      delivery_location_id: location.id,
      delivery_address: 'Plot 4, Bukoto Street',
      payment_gateway: 'manual',
    });
    const placed = reply.body.data;
    expect((await call(`/api/orders/${placed.id}/status`, admin, 'POST', { payment_status: 'COMPLETED' })).body.data.payment_status).toBe('COMPLETED');
    const own = placed.parts[0];
    const cancelled = await movePart(placed.id, own.id, vendor, 'cancelled');
    expect(cancelled.body.data).toEqual({ status: 'pending', payment_status: 'COMPLETED' });
    const history = (await call(`/api/orders/${placed.id}/payment-history`, admin)).body.data;
    expect(history.refunds).toEqual([expect.objectContaining({ amount: own.lines[0].subtotal, reason: 'cancelled', status: 'due' })]);
    expect((await order(placed.id)).events.at(-1)).toMatchObject({ status: 'refund:due' });
  });
});

describe('cancelling a part many times at once', () => {
  it('gives its stock back once, and records one cancellation', async () => {
    const [ours, other] = productPair();
    const before = await stockLeft(ours!.id);
    const placed = await placeOrder([ours!, other!], 3);
    expect(await stockLeft(ours!.id)).toBe(before - 3);
    const own = placed.parts[0];
    const replies = await Promise.all(
      Array.from({ length: 8 }, (_, n) =>
        n % 2 ? movePart(placed.id, own.id, admin, 'cancelled') : call(`/api/orders/${placed.id}/status`, vendor, 'POST', { status: 'cancelled' }),
      ),
    );
    expect(replies.map((reply) => reply.status)).toEqual(Array(8).fill(200));
    expect(await stockLeft(ours!.id)).toBe(before);
    const now = await order(placed.id);
    expect(now.events.filter((event: Row) => event.status === 'part:cancelled')).toHaveLength(1);
    expect(now.parts.map((part: Row) => part.status)).toEqual(['cancelled', 'pending']);
  });
});
