import { beforeAll, describe, expect, it } from 'vitest';
import { api } from './client';

type Row = Record<string, any>;
let user: Row;
let headers: Record<string, string>;
let products: [Row, Row, Row];

const call = (path: string, method = 'GET', body?: Row, extra: Record<string, string> = headers) =>
  api(path, { method, headers: { 'Content-Type': 'application/json', ...extra }, body: body ? JSON.stringify(body) : undefined });

beforeAll(async () => {
  const email = `wishlist.${Date.now()}@example.com`;
  const registered = await api('/api/users/register', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': '10.201.0.1' },
    body: JSON.stringify({ email, password: 'Kampala-2026!', first_name: 'Joan', last_name: 'Nakimuli' }),
  });
  user = registered.body.data;
  headers = { Authorization: `Bearer ${user.token}`, 'User-Id': String(user.id) };
  products = (await api('/api/products?limit=3&sort_by=popularity')).body.data.data as [Row, Row, Row];
});

describe('wishlist_add / wishlist_check / wishlist_get / wishlist_remove', () => {
  it('adds once however often it is asked, checks, lists with the spec fields, removes', async () => {
    const [first, second] = products;
    const added = await call('/api/wishlist_add', 'POST', { product_id: first.id });
    expect(added.body).toMatchObject({
      code: 1,
      data: { user_id: user.id, product_id: first.id, product_name: first.name, product_price: first.price_1, product_photo: first.feature_photo },
    });
    await call('/api/wishlist_add', 'POST', { product_id: String(first.id) });
    await call('/api/wishlist_add', 'POST', { product_id: second.id });

    expect((await call('/api/wishlist_check', 'POST', { product_id: first.id })).body.data.in_wishlist).toBe(true);
    expect((await call('/api/wishlist_check', 'POST', { product_id: products[2].id })).body.data.in_wishlist).toBe(false);

    const listed = (await call('/api/wishlist_get')).body.data;
    expect(listed.map((item: Row) => item.product_id).sort()).toEqual([first.id, second.id].sort());
    for (const field of ['id', 'user_id', 'product_id', 'product_name', 'product_price', 'product_sale_price', 'product_photo', 'created_at', 'updated_at']) {
      expect(listed[0]).toHaveProperty(field);
    }
    expect((await api('/api/manifest', { headers })).body.data.counts.wishlist_count).toBe(2);

    const removed = await call('/api/wishlist_remove', 'POST', { product_id: first.id });
    expect(removed.body).toMatchObject({ code: 1, data: { removed: true } });
    const again = await call('/api/wishlist_remove', 'POST', { product_id: first.id });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ code: 1, data: { removed: false } });
    expect((await call('/api/wishlist_get')).body.data.map((item: Row) => item.product_id)).toEqual([second.id]);
  });

  it('refuses unknown products and bad ids clearly', async () => {
    const unknown = await call('/api/wishlist_add', 'POST', { product_id: 99_999_999 });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('Product not found');
    const bad = await call('/api/wishlist_add', 'POST', { product_id: 'abc' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('product_id: must be a product id');
  });

  it("answers a guest's wishlist_check: not in a wishlist a guest does not have", async () => {
    const guest = await call('/api/wishlist_check', 'POST', { product_id: products[0].id }, {});
    expect(guest.status).toBe(200);
    expect(guest.body).toMatchObject({ code: 1, data: { product_id: products[0].id, in_wishlist: false } });
    expect(guest.headers.get('Cache-Control')).toMatch(/no-store/);
  });

  it('needs a login', async () => {
    for (const [path, method] of [
      ['/api/wishlist_get', 'GET'],
      ['/api/wishlist_add', 'POST'],
      ['/api/wishlist', 'GET'],
      ['/api/wishlist/1', 'DELETE'],
    ] as const) {
      const reply = await call(path, method, method === 'GET' || method === 'DELETE' ? undefined : { product_id: products[0].id }, {});
      expect(reply.status, path).toBe(401);
      expect(reply.body.message).toBe('Unauthenticated');
    }
  });
});

describe('POST wishlist, GET wishlist, DELETE wishlist/{id}', () => {
  it("adds, lists items wrapping their product, and deletes by item id, only the owner's", async () => {
    const product = products[2];
    const added = await call('/api/wishlist', 'POST', { product_id: product.id });
    expect(added.status).toBe(201);
    const item = added.body.data;
    const listed = (await call('/api/wishlist')).body.data;
    expect(listed.find((entry: Row) => entry.id === item.id).product).toMatchObject({ id: product.id, name: product.name, price_1: product.price_1 });

    const stranger = await api('/api/users/register', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': '10.201.0.2' },
      body: JSON.stringify({ email: `stranger.${Date.now()}@example.com`, password: 'Entebbe-2026!', first_name: 'S', last_name: 'T' }),
    });
    const strangerHeaders = { Authorization: `Bearer ${stranger.body.data.token}`, 'User-Id': String(stranger.body.data.id) };
    expect((await call(`/api/wishlist/${item.id}`, 'DELETE', undefined, strangerHeaders)).body.data.removed).toBe(false);
    expect((await call('/api/wishlist')).body.data.some((entry: Row) => entry.id === item.id)).toBe(true);

    expect((await call(`/api/wishlist/${item.id}`, 'DELETE')).body).toMatchObject({ code: 1, data: { removed: true } });
    expect((await call('/api/wishlist')).body.data.some((entry: Row) => entry.id === item.id)).toBe(false);
  });
});
