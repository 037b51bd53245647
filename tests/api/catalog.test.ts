import { describe, expect, it } from 'vitest';
import { api } from './client';

type Row = Record<string, any>;

describe('GET /api/categories', () => {
  it('lists parents and children with parent_text and "N+" counts that match the products', async () => {
    const { status, body, headers } = await api('/api/categories');
    expect(status).toBe(200);
    const categories: Row[] = body.data;
    const parents = categories.filter((c) => c.parent_id === null);
    const children = categories.filter((c) => c.parent_id !== null);
    expect(parents.length).toBeGreaterThanOrEqual(10);
    expect(children.length).toBeGreaterThan(parents.length);
    for (const parent of parents) expect(parent.is_parent).toBe('Yes');
    for (const child of children) {
      expect(child.parent_text).toBe(parents.find((p) => p.id === child.parent_id)!.category);
    }
    const sample = children.find((c) => c.product_count > 0)!;
    expect(sample.category_text).toBe(`${sample.product_count}+`);
    expect((await api(`/api/products?category=${sample.id}`)).body.data.total).toBe(sample.product_count);
    expect(headers.get('cache-control')).toBe('public, no-cache');
  });

  it('gives one category with its children, or 404 "Category not found"', async () => {
    const parent = (await api('/api/categories')).body.data.find((c: Row) => c.parent_id === null);
    const { body } = await api(`/api/categories/${parent.id}`);
    expect(body.data.id).toBe(parent.id);
    expect(body.data.children.length).toBeGreaterThan(0);
    for (const child of body.data.children) expect(child.parent_id).toBe(parent.id);

    const missing = await api('/api/categories/987654');
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ code: 0, message: 'Category not found', data: null });
  });
});

describe('GET /api/vendors', () => {
  it('lists only Active and approved vendors, without personal data', async () => {
    const vendors: Row[] = (await api('/api/vendors')).body.data;
    expect(vendors.length).toBeGreaterThanOrEqual(15);
    for (const vendor of vendors) {
      expect(vendor).toMatchObject({ user_type: 'Vendor', status: 'Active', approved: 1 });
      expect(vendor.business_name).not.toBe('');
      for (const secret of ['password_hash', 'nin', 'dob', 'email', 'phone_number']) expect(vendor).not.toHaveProperty(secret);
    }
    const counts = (await api('/api/manifest')).body.data.counts;
    expect(counts.active_vendors).toBe(vendors.length);
    expect(counts.total_vendors).toBeGreaterThan(vendors.length);
  });

  it('gives one vendor with a product count, and 404 "Vendor not found" for anyone else', async () => {
    const [vendor] = (await api('/api/vendors')).body.data;
    const { body } = await api(`/api/vendors/${vendor.id}`);
    expect(body.data).toMatchObject({ id: vendor.id, business_name: vendor.business_name });
    expect(body.data.product_count).toBe((await api(`/api/products?vendor=${vendor.id}`)).body.data.total);

    const listed = new Set((await api('/api/vendors')).body.data.map((v: Row) => v.id));
    const notListed = [...Array(80).keys()].map((i) => i + 1).filter((id) => !listed.has(id));
    for (const id of notListed.slice(0, 10)) {
      const reply = await api(`/api/vendors/${id}`);
      expect(reply.status).toBe(404);
      expect(reply.body.message).toBe('Vendor not found');
    }
  });
});

describe('GET /api/filters', () => {
  it('computes price ranges, brands, colours and sizes from the data', async () => {
    const { body } = await api('/api/filters');
    const { priceRanges, brands, colors, sizes } = body.data;
    const total = (await api('/api/products')).body.data.total;
    expect(priceRanges.reduce((sum: number, r: Row) => sum + r.count, 0)).toBe(total);
    for (let i = 1; i < priceRanges.length; i++) expect(priceRanges[i].min).toBe(priceRanges[i - 1].max);
    expect(priceRanges.at(-1).max).toBeNull();
    expect(brands.length).toBeGreaterThan(5);
    expect(colors.length).toBeGreaterThan(2);
    expect(sizes.length).toBeGreaterThan(2);
    const brand = brands[0];
    expect(brand).toEqual({ name: expect.any(String), count: expect.any(Number) });
  });

  it('narrows to a category and refuses an unknown one', async () => {
    const category = (await api('/api/categories')).body.data.find((c: Row) => c.parent_id === null && c.product_count > 0);
    const { body } = await api(`/api/filters?category=${category.id}`);
    expect(body.data.priceRanges.reduce((sum: number, r: Row) => sum + r.count, 0)).toBe(category.product_count);
    const missing = await api('/api/filters?category=424242');
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('Category not found');
  });
});

describe('GET /api/manifest', () => {
  it('describes the store for a guest', async () => {
    const { body, headers } = await api('/api/manifest');
    const manifest = body.data;
    expect(manifest).toMatchObject({ app_name: expect.any(String), is_authenticated: false, user: null, recent_orders: [] });
    expect(manifest.categories.length).toBeGreaterThanOrEqual(10);
    expect(manifest.delivery_locations.length).toBeGreaterThanOrEqual(10);
    expect(manifest.delivery_locations[0]).toMatchObject({ name: expect.any(String), delivery_fee: expect.any(Number) });
    expect(Array.isArray(manifest.recent_search_suggestions)).toBe(true);
    const counts = manifest.counts;
    expect(counts.total_products).toBe((await api('/api/products')).body.data.total);
    expect(counts.total_categories).toBe(manifest.categories.length);
    for (const key of [
      'total_orders',
      'total_users',
      'wishlist_count',
      'cart_count',
      'notifications_count',
      'unread_messages_count',
      'pending_orders',
      'completed_orders',
      'cancelled_orders',
      'processing_orders',
      'orders_today',
      'total_revenue',
    ]) {
      expect(counts[key]).toEqual(expect.any(Number));
    }
    expect(headers.get('cache-control')).toBe('public, no-cache');
  });

  it('treats an unknown token as a guest', async () => {
    const { body } = await api('/api/manifest', { headers: { Authorization: 'Bearer not-a-real-token', 'User-Id': '1' } });
    expect(body.data.is_authenticated).toBe(false);
  });
});

describe('the API as a whole', () => {
  it('answers unknown API paths with the envelope and 404', async () => {
    const { status, body } = await api('/api/no-such-thing');
    expect(status).toBe(404);
    expect(body).toEqual({ code: 0, message: 'Not found', data: null });
  });
});
