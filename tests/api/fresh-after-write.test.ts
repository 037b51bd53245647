/**
 * A write's reply means every read shows the new state at once: the catalogue's cached reads (details,
 * lists, category lists, search, home sections) are dropped after the write commits, and a read that
 * overlapped the write never puts the old figures back.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { api, url } from './client';
import { call, login, orderProduct, register, type Caller } from './callers';
import { ADMIN } from './server.setup';

type Row = Record<string, any>;

let buyer: Caller;
let admin: Caller;
let location: Row;

/** Every cached read that shows this product: its details, the full list, its category's list and a search for its name. */
async function everyView(product: Row): Promise<Row[]> {
  const find = (reply: Awaited<ReturnType<typeof api<Row>>>) => (reply.body.data.data as Row[]).find((row) => row.id === product.id);
  const [details, list, inCategory, searched] = await Promise.all([
    call(`/api/products/${product.id}`, null),
    call(`/api/products?limit=100&sort_by=price_1&sort_order=desc`, null),
    call(`/api/products?limit=100&category=${product.category}&sort_by=price_1&sort_order=desc`, null),
    call(`/api/products?limit=100&search=${encodeURIComponent(product.name)}`, null),
  ]);
  return [details.body.data, find(list), find(inCategory), find(searched)];
}

const unitsLeft = (row: Row) => row.stock.total_items - row.stock.items_sold;

/** A product that every view above finds: among the dearest 100, plain (no options), with a few units left. */
async function productToSellOut(): Promise<Row> {
  const listed: Row[] = (await call('/api/products?limit=100&in_stock=1&sort_by=price_1&sort_order=desc', null)).body.data.data;
  const candidates = listed.filter((p) => p.has_colors !== 'Yes' && p.has_sizes !== 'Yes' && unitsLeft(p) >= 1 && unitsLeft(p) <= 99);
  expect(candidates.length).toBeGreaterThan(2);
  return candidates[Math.floor(Math.random() * candidates.length)]!;
}

const order = (product: Row, quantity: number) => orderProduct(buyer, product.id, quantity, location.id);

beforeAll(async () => {
  buyer = await register('10.240.0.1', 'Kato');
  admin = await login(ADMIN.email, ADMIN.password, '10.240.0.2');
  location = (await api('/api/manifest')).body.data.delivery_locations[0];
});

describe('after a write, every view shows it at once', () => {
  it('an order for the last units: details, lists, the category list and search all say sold out', async () => {
    const product = await productToSellOut();
    const before = await everyView(product);
    for (const view of before) expect(view, 'every view finds the product').toBeDefined();
    expect(before.map(unitsLeft)).toEqual(before.map(() => unitsLeft(product)));

    const placed = await order(product, unitsLeft(product));
    expect(placed.status).toBe(201);
    const after = await everyView(product);
    expect(after.map((view) => [view.in_stock, unitsLeft(view)])).toEqual(after.map(() => [0, 0]));

    // Cancelling gives the units back, and every view says so at once too.
    await call(`/api/orders/${placed.body.data.id}/status`, admin, 'POST', { status: 'cancelled' });
    const restocked = await everyView(product);
    expect(restocked.map((view) => [view.in_stock, unitsLeft(view)])).toEqual(restocked.map(() => [1, unitsLeft(product)]));
  });

  it("a new review: the product's count and average change in its details and in lists at once", async () => {
    const product = await productToSellOut();
    const before = await everyView(product);
    const reviewed = await call('/api/reviews', buyer, 'POST', { product_id: product.id, rating: 1, comment: 'Arrived broken, the shop did not answer.' });
    expect(reviewed.status).toBe(201);
    const after = await everyView(product);
    expect(after.map((view) => view.review_count)).toEqual(before.map((view) => view.review_count + 1));
  });

  it('browsers and CDNs revalidate API replies: 304 while unchanged, the new figures as soon as an order changes them', async () => {
    const product = await productToSellOut();
    const path = `/api/products/${product.id}`;
    const first = await call(path, null);
    const etag = first.headers.get('etag')!;
    expect([first.headers.get('cache-control'), etag]).toEqual(['public, no-cache', expect.stringMatching(/^W\/"/)]);
    const unchanged = await fetch(url(path), { headers: { 'If-None-Match': etag } });
    expect([unchanged.status, await unchanged.text()]).toEqual([304, '']);

    expect((await order(product, 1)).status).toBe(201);
    const changed = await fetch(url(path), { headers: { 'If-None-Match': etag } });
    expect(changed.status).toBe(200);
    expect(unitsLeft(((await changed.json()) as Row).data)).toBe(unitsLeft(product) - 1);
  });

  it("reads racing orders never keep old stock: the read after the last order's reply is right", async () => {
    const product = await productToSellOut();
    const units = unitsLeft(product);
    let racing = true;
    const readers = Array.from({ length: 4 }, async () => {
      while (racing) await call(`/api/products/${product.id}`, null);
    });
    // Buyers enough that none has more orders waiting than an account may.
    const buyers = await Promise.all(Array.from({ length: Math.ceil(units / 5) }, (_, n) => register(`10.240.2.${n + 1}`, 'Kato')));
    const orders = await Promise.all(Array.from({ length: units }, (_, n) => orderProduct(buyers[n % buyers.length]!, product.id, 1, location.id)));
    racing = false;
    await Promise.all(readers);
    expect(orders.filter((reply) => reply.status === 201)).toHaveLength(units);
    const [details, list] = await everyView(product);
    expect([unitsLeft(details!), details!.in_stock, unitsLeft(list!)]).toEqual([0, 0, 0]);
  });
});
