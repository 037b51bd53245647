/**
 * The reply to placing an order is made of the rows just written, not read back: it must be the very order
 * GET orders/{id} answers a moment later, field for field, whichever way it is paid, in whichever language,
 * with lines from several vendors and a colour chosen among a product's variants.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { api } from './client';
import { call, register, type Caller } from './callers';

type Row = Record<string, any>;

let buyer: Caller;
let location: Row;
let fromVendors: Row[];
let coloured: Row | undefined;

/** A number no other test asks (the store sends one number at most 3 requests to pay in 10 minutes); the fakes decline numbers ending in 13. */
const freshNumber = (prefix: '772' | '752') => `0${prefix}${String(Math.floor(Math.random() * 1e4)).padStart(4, '0')}20`;

const left = (product: Row) => product.stock.total_items - product.stock.items_sold;

function orderBody(products: Row[], gateway: string, extra: Row = {}) {
  return {
    items: products.map((product) => ({ product_id: product.id, quantity: 1, price: Number(product.price_1) })),
    customer_name: 'Namutebi Grace',
    customer_phone: '0701 000 222',
    delivery_location_id: location.id,
    delivery_address: 'Plot 9, Entebbe Road',
    payment_gateway: gateway,
    ...extra,
  };
}

/** Places the order with `headers` added, then reads it back the same way; both replies' data, the seconds left to approve set aside. */
async function placedAndRead(body: Row, headers: Record<string, string> = {}): Promise<{ placed: Row; read: Row }> {
  const send = (path: string, method: string, payload?: unknown) =>
    api(path, {
      method,
      headers: { 'Content-Type': 'application/json', ...buyer.headers, ...headers },
      body: payload === undefined ? undefined : JSON.stringify(payload),
    });
  const placing = await send('/api/orders', 'POST', body);
  expect(placing.status, JSON.stringify(placing.body)).toBe(201);
  const reading = await send(`/api/orders/${placing.body.data.id}`, 'GET');
  expect(reading.status).toBe(200);
  const withoutClock = (order: Row) => ({
    ...order,
    payment: order.payment && { ...order.payment, approval_seconds_left: typeof order.payment.approval_seconds_left },
  });
  return { placed: withoutClock(placing.body.data), read: withoutClock(reading.body.data) };
}

beforeAll(async () => {
  buyer = await register('10.214.0.1', 'Namutebi');
  location = (await api('/api/manifest')).body.data.delivery_locations[1];
  const listed: Row[] = (await api('/api/products?limit=100&in_stock=1')).body.data.data;
  const plain = listed.filter((p) => p.has_colors !== 'Yes' && p.has_sizes !== 'Yes' && left(p) >= 20);
  const vendors = new Map<unknown, Row>();
  for (const product of plain) if (!vendors.has(product.supplier)) vendors.set(product.supplier, product);
  fromVendors = [...vendors.values()].slice(0, 3);
  expect(fromVendors.length).toBeGreaterThan(1);
  coloured = listed.find((p) => p.has_colors === 'Yes' && p.has_sizes !== 'Yes' && left(p) >= 20 && String(p.colors).split(',')[0]?.trim());
});

describe('the reply to a new order', () => {
  it('is the order as read back, paid on delivery, with lines from several vendors', async () => {
    const { placed, read } = await placedAndRead(orderBody(fromVendors, 'cash_on_delivery'));
    expect(placed.parts.length).toBe(fromVendors.length);
    expect(placed.items.every((item: Row) => item.feature_photo !== undefined)).toBe(true);
    expect(placed).toEqual(read);
  });

  it('is the order as read back when a colour was chosen among the variants, in Luganda', async () => {
    if (!coloured) return expect.fail('the demo catalogue has a product with colours');
    const color = String(coloured.colors).split(',')[0]!.trim();
    const body = orderBody([coloured], 'cash_on_delivery');
    body.items[0] = { ...body.items[0]!, variant: { Color: color } } as (typeof body.items)[number];
    const { placed, read } = await placedAndRead(body, { 'Accept-Language': 'lg' });
    expect(placed.items[0].color).toBe(color);
    expect(placed.language).toBe('lg');
    expect(placed).toEqual(read);
  });

  it('is the order as read back while a request to pay waits on the phone', async () => {
    const { placed, read } = await placedAndRead(orderBody(fromVendors.slice(0, 1), 'mtn_momo', { payment_phone: freshNumber('772') }));
    expect(placed.payment).toMatchObject({ gateway: 'mtn_momo', status: 'PENDING_PAYMENT' });
    expect(placed.held_until).not.toBeNull();
    expect(placed).toEqual(read);
  });

  it('is the order as read back when it is paid on a gateway page, in Swahili', async () => {
    const { placed, read } = await placedAndRead(orderBody(fromVendors.slice(0, 2), 'pesapal'), { 'Accept-Language': 'sw' });
    expect(placed.payment.redirect_url).not.toBe('');
    expect(placed).toEqual(read);
  });

  it('is the order its key placed before when the same key comes again', async () => {
    const body = orderBody(fromVendors.slice(0, 1), 'cash_on_delivery', { idempotency_key: `reply-${Date.now()}-${Math.random()}` });
    const first = await call('/api/orders', buyer, 'POST', body);
    const again = await call('/api/orders', buyer, 'POST', body);
    expect([first.status, again.status]).toEqual([201, 200]);
    expect(again.body.data).toEqual({ ...first.body.data, payment: { ...first.body.data.payment } });
  });
});
