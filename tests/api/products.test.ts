import { describe, expect, it } from 'vitest';
import { api } from './client';

type Product = Record<string, any>;

async function allActiveProducts(query = ''): Promise<Product[]> {
  const first = await api(`/api/products?limit=100${query}`);
  const items: Product[] = [...first.body.data.data];
  for (let page = 2; page <= first.body.data.last_page; page++) {
    items.push(...(await api(`/api/products?limit=100&page=${page}${query}`)).body.data.data);
  }
  return items;
}

describe('GET /api/products', () => {
  it('answers the spec pagination object with 24 active products by default, newest first', async () => {
    const { status, body, headers } = await api('/api/products');
    expect(status).toBe(200);
    expect(body.code).toBe(1);
    const page = body.data;
    expect(page).toMatchObject({ current_page: 1, per_page: 24, from: 1, to: 24, prev_page_url: null });
    expect(page.total).toBeGreaterThan(500);
    expect(page.last_page).toBe(Math.ceil(page.total / 24));
    expect(page.next_page_url).toContain('page=2');
    expect(page.data).toHaveLength(24);
    for (const product of page.data) expect(product.status).toBe(1);
    const created = page.data.map((p: Product) => Date.parse(p.created_at));
    expect(created).toEqual([...created].sort((a, b) => b - a));
    expect(headers.get('cache-control')).toBe('public, no-cache');
  });

  it('gives the spec field names, price_1 as a string and stock grouped', async () => {
    const [product] = (await api('/api/products?limit=1')).body.data.data;
    expect(typeof product.price_1).toBe('string');
    expect(Number.isInteger(Number(product.price_1))).toBe(true);
    expect(product.stock).toEqual({ items_sold: expect.any(Number), total_items: expect.any(Number) });
    expect(product.stock.items_sold).toBeLessThanOrEqual(product.stock.total_items);
    expect(JSON.parse(product.rates)).toEqual(expect.arrayContaining([{ src: expect.any(String) }]));
    expect(Array.isArray(product.keywords)).toBe(true);
    expect(product.currency).toBe('UGX');
    for (const field of ['feature_photo', 'category_text', 'has_colors', 'has_sizes', 'p_type', 'in_stock', 'variants', 'review_count', 'average_rating']) {
      expect(product).toHaveProperty(field);
    }
    expect(product).not.toHaveProperty('deleted_at');
  });

  it('pages through with links that keep the other filters', async () => {
    const first = (await api('/api/products?limit=10&sort_by=price_1&sort_order=asc')).body.data;
    const second = (await api('/api/products?limit=10&page=2&sort_by=price_1&sort_order=asc')).body.data;
    expect(second).toMatchObject({ current_page: 2, from: 11, to: 20 });
    expect(second.prev_page_url).toContain('page=1');
    expect(second.next_page_url).toContain('sort_by=price_1');
    const ids = new Set(first.data.map((p: Product) => p.id));
    for (const p of second.data) expect(ids.has(p.id)).toBe(false);
    expect(Number(first.data.at(-1).price_1)).toBeLessThanOrEqual(Number(second.data[0].price_1));
  });

  it('a page past the end is empty, not an error', async () => {
    const { status, body } = await api('/api/products?page=9999');
    expect(status).toBe(200);
    expect(body.data.data).toEqual([]);
    expect(body.data.from).toBeNull();
  });

  it('a parent category includes the products of its children', async () => {
    const categories = (await api('/api/categories')).body.data as Product[];
    const parent = categories.find((c) => c.is_parent === 'Yes' && categories.some((child) => child.parent_id === c.id))!;
    const children = categories.filter((c) => c.parent_id === parent.id);
    const parentTotal = (await api(`/api/products?category=${parent.id}`)).body.data.total;
    let childTotal = 0;
    for (const child of children) {
      const page = (await api(`/api/products?category=${child.id}&limit=100`)).body.data;
      for (const p of page.data) expect(p.sub_category).toBe(child.id);
      childTotal += page.total;
    }
    expect(parentTotal).toBeGreaterThan(0);
    expect(parentTotal).toBe(childTotal);
  });

  it('filters by price range and sorts by price', async () => {
    const { body } = await api('/api/products?min_price=50000&max_price=500000&sort_by=price_1&sort_order=asc&limit=100');
    const prices = body.data.data.map((p: Product) => Number(p.price_1));
    expect(prices.length).toBeGreaterThan(0);
    for (const price of prices) {
      expect(price).toBeGreaterThanOrEqual(50000);
      expect(price).toBeLessThanOrEqual(500000);
    }
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
  });

  it('filters by stock, vendor and home section', async () => {
    for (const p of (await api('/api/products?in_stock=1&limit=100')).body.data.data) expect(p.in_stock).toBe(1);
    const outOfStock = (await api('/api/products?in_stock=0&limit=100')).body.data;
    expect(outOfStock.total).toBeGreaterThan(0);
    for (const p of outOfStock.data) expect(p.in_stock).toBe(0);

    const [vendor] = (await api('/api/vendors')).body.data;
    const byVendor = (await api(`/api/products?vendor=${vendor.id}&limit=100`)).body.data;
    expect(byVendor.total).toBeGreaterThan(0);
    for (const p of byVendor.data) expect(p.supplier).toBe(vendor.id);

    const section = (await api('/api/products?home_section_1=1&limit=100')).body.data;
    expect(section.total).toBeGreaterThan(0);
    for (const p of section.data) expect(p.home_section_1).toBe(1);
  });

  it('sorts by rating and popularity, highest first', async () => {
    const rated = (await api('/api/products?sort_by=rating&limit=50')).body.data.data.map((p: Product) => p.average_rating);
    expect(rated).toEqual([...rated].sort((a, b) => b - a));
    const popular = (await api('/api/products?sort_by=popularity&limit=50')).body.data.data.map((p: Product) => p.stock.items_sold);
    expect(popular).toEqual([...popular].sort((a, b) => b - a));
  });

  it('searches the catalogue text; punctuation and symbols never cause an error', async () => {
    const found = (await api('/api/products?search=samsung&limit=100')).body.data;
    expect(found.total).toBeGreaterThan(0);
    expect(found.data[0].name.toLowerCase()).toContain('samsung');
    for (const p of found.data) {
      expect(`${p.name} ${p.tags} ${p.keywords.join(' ')} ${p.category_text} ${p.description}`.toLowerCase()).toContain('samsung');
    }
    for (const term of ['_', '%', '\\', '😀 🇺🇬', 'x'.repeat(10_000)]) {
      const { status, body } = await api(`/api/products?search=${encodeURIComponent(term)}`);
      expect(status).toBe(200);
      expect(body.code).toBe(1);
      expect(body.data.total).toBe(0);
    }
    for (const term of ["%' OR 1=1 --", '(.*)+[a-z]{2,}', "'; DROP TABLE products; --"]) {
      const { status, body } = await api(`/api/products?search=${encodeURIComponent(term)}`);
      expect(status).toBe(200);
      expect(body.code).toBe(1);
    }
    expect((await api('/api/products')).body.data.total).toBeGreaterThan(500);
  });

  it.each([
    ['page=-1', /page/],
    ['page=abc', /page/],
    ['limit=100000', /limit: must be at most 100/],
    ['limit=0', /limit/],
    ['min_price=abc', /min_price: must be a number/],
    ['min_price=500&max_price=100', /min_price must not be more than max_price/],
    ['sort_by=drop_table', /sort_by: must be one of/],
    ['sort_order=sideways', /sort_order/],
    ['in_stock=yes', /in_stock: must be 1 or 0/],
    ['category=-4', /category/],
  ])('refuses %s with 400 and a clear message', async (query, message) => {
    const { status, body } = await api(`/api/products?${query}`);
    expect(status).toBe(400);
    expect(body.code).toBe(0);
    expect(body.message).toMatch(message);
  });

  it('lists only active products: an inactive id is not found', async () => {
    const active = await allActiveProducts();
    const ids = new Set(active.map((p) => p.id));
    const maxId = Math.max(...ids);
    const hidden = Array.from({ length: maxId }, (_, i) => i + 1).filter((id) => !ids.has(id));
    expect(hidden.length).toBeGreaterThan(0);
    const { status, body } = await api(`/api/products/${hidden[0]}`);
    expect(status).toBe(404);
    expect(body).toMatchObject({ code: 0, message: 'Product not found' });
  });
});

describe('GET /api/products/{id}', () => {
  it('gives the full product with images, stock, vendor and rating', async () => {
    const listed = (await api('/api/products?sort_by=rating&limit=1')).body.data.data[0];
    const { status, body } = await api(`/api/products/${listed.id}`);
    expect(status).toBe(200);
    expect(body.code).toBe(1);
    const product = body.data;
    expect(product.id).toBe(listed.id);
    expect(product.description.length).toBeGreaterThan(20);
    expect(product.images.length).toBeGreaterThan(0);
    expect(product.review_count).toBeGreaterThan(0);
    expect(product.average_rating).toBeGreaterThan(0);
    expect(product.vendor).toMatchObject({ id: product.supplier, status: 'Active', approved: 1 });
    expect(product.vendor).not.toHaveProperty('password_hash');
    expect(product.vendor).not.toHaveProperty('nin');
    expect(Array.isArray(product.attributes_array)).toBe(true);
  });

  it.each(['999999', 'abc', '0', '-1', '1.5'])('answers 404 "Product not found" for id %s', async (id) => {
    const { status, body } = await api(`/api/products/${id}`);
    expect(status).toBe(404);
    expect(body).toEqual({ code: 0, message: 'Product not found', data: null });
  });

  it.each(['2147483648', '99999999999999'])('refuses id %s, beyond any id a table holds, as every id is refused there', async (id) => {
    const { status, body } = await api(`/api/products/${id}`);
    expect(status).toBe(400);
    expect(body).toEqual({ code: 0, message: 'id: must be at most 2147483647', data: null });
  });
});
