/**
 * Orders taken through their steps on a store at `base`, as its buyer, its vendors and its administrators do it:
 * placed, paid with the Stripe fake, shipped, delivered with the handover code the buyer's order page shows (or
 * without it), and the ledger and balance read back. Shared by the cash-on-delivery and ledger suites.
 */
import { expect, inject } from 'vitest';
import type { Caller } from './callers';

export type Row = Record<string, any>;
export type Shop = { base: string; admin: Caller; buyer: Caller; location: Row; products: Row[] };

export async function on(shop: Pick<Shop, 'base'>, path: string, who: Caller | null, method = 'GET', body?: unknown, language?: string) {
  const response = await fetch(new URL(path, shop.base), {
    method,
    headers: { 'Content-Type': 'application/json', ...(language ? { 'Accept-Language': language } : {}), ...(who?.headers ?? {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, text, body: response.headers.get('content-type')?.includes('json') ? JSON.parse(text) : null };
}

export async function ok(shop: Pick<Shop, 'base'>, path: string, who: Caller, method = 'GET', body?: unknown): Promise<any> {
  const reply = await on(shop, path, who, method, body);
  expect(reply.status, `${method} ${path}: ${reply.text.slice(0, 300)}`).toBeLessThan(300);
  return reply.body.data;
}

/** The store's first delivery place and its products of one vendor or another with enough stock, no choices to make. */
export async function shopAt(base: string, admin: Caller, buyer: Caller): Promise<Shop> {
  const get = async (path: string) => (await (await fetch(new URL(path, base))).json()).data;
  const location = (await get('/api/manifest')).delivery_locations[0];
  const products = ((await get('/api/products?limit=100&in_stock=1')).data as Row[]).filter(
    (p) => p.has_colors !== 'Yes' && p.has_sizes !== 'Yes' && p.supplier && p.stock.total_items - p.stock.items_sold >= 12 && Number(p.price_1) >= 1000,
  );
  expect(products.length).toBeGreaterThan(5);
  return { base, admin, buyer, location, products };
}

export async function placeOrder(shop: Shop, lines: { product: Row; quantity: number }[], gateway = 'cash_on_delivery', phone = '0772 555 083'): Promise<Row> {
  return ok(shop, '/api/orders', shop.buyer, 'POST', {
    items: lines.map(({ product, quantity }) => ({ product_id: product.id, quantity })),
    customer_name: 'Namubiru Grace',
    customer_phone: phone,
    delivery_location_id: shop.location.id,
    delivery_address: 'Plot 4, Ntinda Road',
    payment_gateway: gateway,
  });
}

/**
 * Pays a Stripe order on the fake's page and waits until the store knows, asking Stripe as the buyer's return to the
 * store does (the fake's webhook goes to the suite's store, which may not be this one).
 */
export async function payByStripe(shop: Shop, placed: Row): Promise<void> {
  const paid = await fetch(new URL('/__fake/pay', inject('stripeUrl')), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ sessionId: placed.payment.redirect_url.split('/').at(-1) }),
  });
  expect(paid.status).toBe(200);
  await expect.poll(async () => (await ok(shop, `/api/orders/${placed.id}/payment`, shop.buyer)).payment_status, { timeout: 15_000 }).toBe('COMPLETED');
}

export const buyersOrder = (shop: Shop, orderId: number): Promise<Row> => ok(shop, `/api/orders/${orderId}`, shop.buyer);

export const movePart = (shop: Shop, orderId: number, partId: number, body: Row, who: Caller = shop.admin) =>
  on(shop, `/api/orders/${orderId}/parts/${partId}/status`, who, 'POST', body);

/** Moves a part on to shipped; its buyer then holds its handover code. */
export async function ship(shop: Shop, orderId: number, partId: number, who: Caller = shop.admin): Promise<string> {
  for (const status of ['processing', 'shipped']) {
    const moved = await movePart(shop, orderId, partId, { status }, who);
    expect(moved.status, moved.text).toBe(200);
  }
  const code = (await buyersOrder(shop, orderId)).parts.find((part: Row) => part.id === partId).handover_code;
  expect(code).toMatch(/^\d{4}$/);
  return code;
}

/** Ships a part and marks it delivered with the code its buyer gives the rider (or without, `withCode` false). */
export async function deliver(shop: Shop, orderId: number, partId: number, { withCode = true, who = shop.admin } = {}): Promise<void> {
  const code = await ship(shop, orderId, partId, who);
  const moved = await movePart(shop, orderId, partId, withCode ? { status: 'delivered', handover_code: code } : { status: 'delivered' }, who);
  expect(moved.status, moved.text).toBe(200);
}

/** Every ledger line of a vendor, all pages. */
export async function ledgerOf(shop: Shop, vendorId: number): Promise<Row[]> {
  const lines: Row[] = [];
  for (let page = 1; ; page++) {
    const got = await ok(shop, `/api/payouts/earnings?vendor_id=${vendorId}&per_page=100&page=${page}`, shop.admin);
    lines.push(...got.data);
    if (page >= got.last_page) return lines;
  }
}

export const balanceOf = (shop: Shop, vendorId: number): Promise<Row> => ok(shop, `/api/payouts/balance?vendor_id=${vendorId}`, shop.admin);
