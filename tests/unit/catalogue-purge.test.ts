import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '~/server/db/client';
import { categories, products, users } from '~/server/db/schema';
import { getCache, TTL } from '~/server/cache/ttl-cache';
import { getPageCache } from '~/server/cache/page-cache';
import { pageTags } from '~/server/cache/page-tags';
import { transactionWithPurge } from '~/server/cache/purge';
import { catalogueChange, productFiguresChange } from '~/server/catalog/catalogue-changes';

let handle: DatabaseHandle;
let phone: { id: number; category: number; sub_category: number | null; supplier: number | null };

beforeAll(async () => {
  handle = await openDatabase({ dataDir: 'memory://' });
  const [parent] = await handle.db.insert(categories).values({ category: 'Electronics', is_parent: 'Yes' }).returning();
  const [child] = await handle.db.insert(categories).values({ category: 'Phones', is_parent: 'No', parent_id: parent!.id }).returning();
  const [vendor] = await handle.db
    .insert(users)
    .values({ username: 'shop@example.ug', email: 'shop@example.ug', first_name: 'Kampala', last_name: 'Phones', user_type: 'Vendor' })
    .returning();
  const [row] = await handle.db
    .insert(products)
    .values({ name: 'Tecno Spark 20', price_1: 450_000, category: parent!.id, sub_category: child!.id, supplier: vendor!.id, total_items: 5 })
    .returning();
  phone = row!;
});

afterAll(async () => {
  await handle?.close();
});

/** Puts a page in the page cache under `tags`; returns whether it is still there. */
async function cachedPage(path: string, tags: string[]) {
  const cache = getPageCache();
  await cache.store(
    path,
    { status: 200, headers: [['content-type', 'text/html']], body: Buffer.from(`<p>${path}</p>`) },
    { maxAgeSeconds: 60, staleSeconds: 0, tags },
    cache.mark(),
  ).kept;
  return () => cache.lookup(path) !== undefined;
}

describe('catalogue purges', () => {
  it('a catalogue write drops every cached read that lists or counts products, the sitemap included, and every page', async () => {
    const cache = getCache();
    const keys = ['products:list', 'product:7', 'categories:all', 'vendors:3', 'manifest:home', 'search:plan:x', 'filters:9', 'sitemap:count'];
    for (const key of keys) cache.set(key, 1, TTL.products);
    cache.set('delivery:locations', 1, TTL.categories);
    const about = await cachedPage('/about', [pageTags.menu, pageTags.staticPage('about')]);
    await transactionWithPurge(handle.db, async (_tx, changed) => changed(catalogueChange));
    for (const key of keys) expect(cache.get(key), key).toBeUndefined();
    expect(cache.get('delivery:locations')).toBe(1);
    expect(about()).toBe(false);
  });

  it('a stock or rating change drops reads of products and the pages that show the product, its categories and vendor, and keeps the rest', async () => {
    const cache = getCache();
    for (const key of ['products:list', 'product:7', 'filters:9', 'manifest:home', 'categories:all']) cache.set(key, 1, TTL.products);
    const own = await cachedPage(`/product/${phone.id}`, [pageTags.menu, pageTags.product(phone.id)]);
    const subCategory = await cachedPage(`/category/${phone.sub_category}`, [pageTags.menu, pageTags.category(phone.sub_category!)]);
    const parentCategory = await cachedPage(`/category/${phone.category}`, [pageTags.menu, pageTags.category(phone.category)]);
    const vendor = await cachedPage(`/vendor/${phone.supplier}`, [pageTags.menu, pageTags.vendor(phone.supplier!)]);
    const home = await cachedPage('/', [pageTags.menu, pageTags.allProducts]);
    const otherCategory = await cachedPage('/category/999', [pageTags.menu, pageTags.category(999)]);
    const about = await cachedPage('/about', [pageTags.menu, pageTags.staticPage('about')]);

    await transactionWithPurge(handle.db, async (tx, changed) => changed(await productFiguresChange(tx, [phone.id])));

    for (const key of ['products:list', 'product:7', 'filters:9', 'manifest:home']) expect(cache.get(key), key).toBeUndefined();
    expect(cache.get('categories:all')).toBe(1);
    expect([own(), subCategory(), parentCategory(), vendor(), home()]).toEqual([false, false, false, false, false]);
    expect([otherCategory(), about()]).toEqual([true, true]);
  });

  it('a write that rolls back drops nothing', async () => {
    getCache().set('product:7', 1, TTL.products);
    const own = await cachedPage(`/product/${phone.id}`, [pageTags.product(phone.id)]);
    const failing = transactionWithPurge(handle.db, async (tx, changed) => {
      changed(await productFiguresChange(tx, [phone.id]));
      throw new Error('refused');
    });
    await expect(failing).rejects.toThrow('refused');
    expect(getCache().get('product:7')).toBe(1);
    expect(own()).toBe(true);
  });
});
