import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { openDatabase, type DatabaseHandle } from '~/server/db/client';
import { categories, products } from '~/server/db/schema';
import { rankedInTable, type SearchPlan } from '~/server/search/product-search';
import { ProductSearchIndex } from '~/server/search/search-index';
import { matchesWords, parseTsQuery } from '~/server/search/ts-query';

describe('parseTsQuery', () => {
  it('reads the queries search writes, & binding tighter than |', () => {
    expect(parseTsQuery('tecno:*')).toEqual({ word: 'tecno', prefix: true });
    expect(parseTsQuery('a:* & (b | c) | d')).toEqual({
      op: '|',
      parts: [
        {
          op: '&',
          parts: [
            { word: 'a', prefix: true },
            {
              op: '|',
              parts: [
                { word: 'b', prefix: false },
                { word: 'c', prefix: false },
              ],
            },
          ],
        },
        { word: 'd', prefix: false },
      ],
    });
  });

  it('refuses what it cannot read', () => {
    for (const text of ['', '(a', 'a &', '& a', 'a b)']) expect(() => parseTsQuery(text), text).toThrow();
  });

  it('matches words as PostgreSQL does: prefixes, all of &, any of |', () => {
    const words = ['samsung', 'galaxy', 'a15'];
    expect(matchesWords(parseTsQuery('sams:* & galaxy'), words)).toBe(true);
    expect(matchesWords(parseTsQuery('sams:* & galax'), words)).toBe(false);
    expect(matchesWords(parseTsQuery('(tecno | samsung) & (a1:* | x)'), words)).toBe(true);
  });
});

let handle: DatabaseHandle;
let phones: number;

const NAMES = [
  'Tecno Spark 20',
  'Tecno Spark 20 Pro',
  'Tecno Camon 30',
  'Samsung Galaxy A15',
  'Samsung Galaxy Tab A9 Tablet',
  'Lenovo Tab M10 Tablet',
  'Tablet Stand Aluminium',
  'Tablet',
  'Infinix Hot 40i',
  'Samsung Smart TV 43',
];

async function addProduct(name: string, itemsSold: number, keywords: string[] = ['android']) {
  const [product] = await handle.db
    .insert(products)
    .values({ name, price_1: 100_000, category: phones, total_items: 500, items_sold: itemsSold, keywords, description: 'Good value.' })
    .returning();
  return product!.id;
}

beforeAll(async () => {
  handle = await openDatabase({ dataDir: 'memory://' });
  const [category] = await handle.db.insert(categories).values({ category: 'Phones & Tablets', is_parent: 'Yes' }).returning();
  phones = category!.id;
  for (const [i, name] of NAMES.entries()) await addProduct(name, (i * 7) % 5, i % 2 ? ['android', 'tablet case'] : ['android']);
});

afterAll(async () => {
  await handle?.close();
});

const PLANS: SearchPlan[] = [
  { tsQuery: 'tablet:*', phrase: 'tablet' },
  { tsQuery: 'tecno:* & spark:*', phrase: 'tecno spark' },
  { tsQuery: 'samsung:*', phrase: 'samsung' },
  { tsQuery: 'samsung:* | tecno:*', phrase: 'samsung tecno' },
  { tsQuery: 'android:*', phrase: 'android' },
  { tsQuery: '(phone:* | essimu) & good:*', phrase: 'phone good' },
  { tsQuery: 'nothing', phrase: 'nothing' },
];
const PAGES = [
  { limit: 3, offset: 0 },
  { limit: 4, offset: 2 },
  { limit: 24, offset: 0 },
];

/** The index answers every plan and page as the table does. */
async function expectSameAsTable(index: ProductSearchIndex) {
  for (const plan of PLANS) {
    for (const page of PAGES) {
      const fromTable = await rankedInTable(handle.db, plan, page);
      expect(index.ranked(plan.tsQuery, plan.phrase, page), `${plan.tsQuery} ${JSON.stringify(page)}`).toEqual(fromTable);
    }
    expect(index.count(plan.tsQuery)).toBe((await rankedInTable(handle.db, plan, { limit: 1, offset: 0 })).total);
  }
}

describe('ProductSearchIndex', () => {
  it('ranks and counts as product_search does', async () => {
    const index = await ProductSearchIndex.build(handle.db);
    await expectSameAsTable(index);
    expect(index.ranked('tablet:*', 'tablet', { limit: 2, offset: 0 }).ids).toHaveLength(2);
  });

  it('follows writes made after it was built: new, renamed, sold, hidden and deleted products', async () => {
    const index = await ProductSearchIndex.build(handle.db);
    const added = await addProduct('Tablet Pouch', 1);
    const [renamed, sold, hidden, deleted] = (await Promise.all(
      ['Tecno Camon 30', 'Lenovo Tab M10 Tablet', 'Samsung Galaxy A15', 'Tablet Stand Aluminium'].map(
        async (name) => (await handle.db.select({ id: products.id }).from(products).where(eq(products.name, name)))[0]!.id,
      ),
    )) as [number, number, number, number];
    await handle.db.update(products).set({ name: 'Tecno Tablet Pad' }).where(eq(products.id, renamed));
    await handle.db.update(products).set({ items_sold: 400 }).where(eq(products.id, sold));
    await handle.db.update(products).set({ status: 0 }).where(eq(products.id, hidden));
    await handle.db.delete(products).where(eq(products.id, deleted));

    expect(await index.catchUp(handle.db)).toBe(true);
    expect(index.changedCount).toBe(5);
    await expectSameAsTable(index);
    const tablets = index.ranked('tablet:*', 'tablet', { limit: 24, offset: 0 }).ids;
    expect(tablets).toContain(added);
    expect(tablets).toContain(renamed);
    expect(tablets).not.toContain(deleted);
    expect(index.ranked('samsung:*', 'samsung', { limit: 24, offset: 0 }).ids).not.toContain(hidden);
  });

  it('shares one read among callers arriving while another runs, and reads nothing twice', async () => {
    const index = await ProductSearchIndex.build(handle.db);
    await Promise.all([index.catchUp(handle.db), index.catchUp(handle.db), index.catchUp(handle.db)]);
    expect(index.changedCount).toBe(0);
    const id = await addProduct('Oraimo Tablet Charger', 0);
    expect(await index.catchUp(handle.db)).toBe(true);
    expect(index.ranked('oraimo:*', 'oraimo', { limit: 5, offset: 0 })).toEqual({ ids: [id], total: 1 });
  });

  it('leaves out a product hidden since it was built and takes it back when shown again', async () => {
    const index = await ProductSearchIndex.build(handle.db);
    const [tablet] = await handle.db.select({ id: products.id }).from(products).where(eq(products.name, 'Tablet'));
    await handle.db.update(products).set({ status: 0 }).where(eq(products.id, tablet!.id));
    expect(await index.catchUp(handle.db)).toBe(true);
    expect(index.ranked('tablet:*', 'tablet', { limit: 24, offset: 0 }).ids).not.toContain(tablet!.id);
    await expectSameAsTable(index);
    await handle.db.update(products).set({ status: 1 }).where(eq(products.id, tablet!.id));
    expect(await index.catchUp(handle.db)).toBe(true);
    expect(index.ranked('tablet:*', 'tablet', { limit: 24, offset: 0 }).ids[0]).toBe(tablet!.id);
    await expectSameAsTable(index);
  });

  it('ranks what was written between counting a query and ranking it', async () => {
    const index = await ProductSearchIndex.build(handle.db);
    const before = index.count('tablet:*');
    const added = await addProduct('Tablet Sleeve', 9);
    const [stand] = await handle.db.select({ id: products.id }).from(products).where(eq(products.name, 'Samsung Galaxy Tab A9 Tablet'));
    await handle.db.update(products).set({ status: 0 }).where(eq(products.id, stand!.id));
    expect(await index.catchUp(handle.db)).toBe(true);
    const page = index.ranked('tablet:*', 'tablet', { limit: 24, offset: 0 });
    expect(page.total).toBe(before);
    expect(page.ids).toContain(added);
    expect(page.ids).not.toContain(stand!.id);
    await expectSameAsTable(index);
  });

  it('asks to be built again when the table is emptied', async () => {
    const index = await ProductSearchIndex.build(handle.db);
    await handle.db.execute(sql`TRUNCATE products CASCADE`);
    expect(await index.catchUp(handle.db)).toBe(false);
    expect((await ProductSearchIndex.build(handle.db)).count('tablet:*')).toBe(0);
  });
});
