import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { openDatabase, rowsOf, type DatabaseHandle } from '~/server/db/client';
import { categories, products, productSearch } from '~/server/db/schema';
import { releaseStock, reserveStock } from '~/server/catalog/products';

let handle: DatabaseHandle;
let phones: number;
let smartphones: number;

beforeAll(async () => {
  handle = await openDatabase({ dataDir: 'memory://' });
  const [parent] = await handle.db.insert(categories).values({ category: 'Phones & Tablets', is_parent: 'Yes' }).returning();
  const [child] = await handle.db.insert(categories).values({ category: 'Smartphones', parent_id: parent!.id }).returning();
  phones = parent!.id;
  smartphones = child!.id;
});

afterAll(async () => {
  await handle?.close();
});

async function addProduct(name: string) {
  const [product] = await handle.db
    .insert(products)
    .values({
      name,
      price_1: 450_000,
      category: phones,
      sub_category: smartphones,
      total_items: 20,
      keywords: ['android'],
      tags: 'dual-sim,4g',
      description: 'Long battery life.',
    })
    .returning();
  return product!.id;
}

async function searchRow(id: number) {
  const [row] = await handle.db.select().from(productSearch).where(eq(productSearch.product_id, id));
  return row!;
}

async function documentHas(id: number, word: string): Promise<boolean> {
  const [row] = rowsOf<{ found: boolean }>(
    await handle.db.execute(sql`SELECT document @@ to_tsquery('simple', ${word}) AS found FROM product_search WHERE product_id = ${id}`),
  );
  return row!.found;
}

describe('product_search, kept by the products trigger', () => {
  it('holds the words of the name, keywords, tags, specific category and description', async () => {
    const id = await addProduct('Tecno Spark 20 Pro+');
    const row = await searchRow(id);
    expect(row).toMatchObject({ active: true, search_name: 'tecno spark 20 pro', items_sold: 0 });
    for (const word of ['tecno', 'spark', 'android', 'sim', 'smartphones', 'battery']) expect(await documentHas(id, word), word).toBe(true);
    // The parent's name stays out: every phone would otherwise match "tablets".
    expect(await documentHas(id, 'tablets')).toBe(false);
  });

  it('follows renames, sales, deactivation and category renames', async () => {
    const id = await addProduct('Infinix Hot 40i');
    await handle.db.update(products).set({ name: 'Infinix Hot 40 Pro' }).where(eq(products.id, id));
    expect((await searchRow(id)).search_name).toBe('infinix hot 40 pro');

    await reserveStock(handle.db, id, 3);
    expect((await searchRow(id)).items_sold).toBe(3);
    await releaseStock(handle.db, id, 1);
    expect((await searchRow(id)).items_sold).toBe(2);

    await handle.db.update(products).set({ status: 0 }).where(eq(products.id, id));
    expect((await searchRow(id)).active).toBe(false);
    await handle.db.update(products).set({ status: 1, deleted_at: new Date() }).where(eq(products.id, id));
    expect((await searchRow(id)).active).toBe(false);

    await handle.db.update(categories).set({ category: 'Mobile Phones' }).where(eq(categories.id, smartphones));
    expect(await documentHas(id, 'mobile')).toBe(true);
    expect(await documentHas(id, 'smartphones')).toBe(false);
  });

  it('goes when its product goes', async () => {
    const id = await addProduct('Nokia 105');
    await handle.db.delete(products).where(eq(products.id, id));
    expect(await handle.db.select().from(productSearch).where(eq(productSearch.product_id, id))).toEqual([]);
  });
});
