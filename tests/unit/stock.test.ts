import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { openDatabase, type DatabaseHandle } from '~/server/db/client';
import { categories, products } from '~/server/db/schema';
import { releaseStock, reserveStock, reserveStocks } from '~/server/catalog/products';

let handle: DatabaseHandle;
let categoryId: number;

beforeAll(async () => {
  handle = await openDatabase({ dataDir: 'memory://' });
  const [category] = await handle.db.insert(categories).values({ category: 'Phones', is_parent: 'Yes' }).returning();
  categoryId = category!.id;
});

afterAll(async () => {
  await handle?.close();
});

async function productWithStock(totalItems: number, itemsSold = 0, status = 1) {
  const [product] = await handle.db
    .insert(products)
    .values({ name: 'Tecno Spark 20', price_1: 450_000, category: categoryId, total_items: totalItems, items_sold: itemsSold, status })
    .returning();
  return product!.id;
}

async function stockOf(id: number) {
  const [row] = await handle.db.select().from(products).where(eq(products.id, id));
  return { items_sold: row!.items_sold, total_items: row!.total_items, in_stock: row!.in_stock };
}

describe('reserveStock', () => {
  it('takes stock and reports the new level', async () => {
    const id = await productWithStock(10);
    expect(await reserveStock(handle.db, id, 3)).toEqual({ id, items_sold: 3, total_items: 10 });
    expect(await stockOf(id)).toEqual({ items_sold: 3, total_items: 10, in_stock: 1 });
  });

  it('refuses more than is left and changes nothing', async () => {
    const id = await productWithStock(5, 4);
    expect(await reserveStock(handle.db, id, 2)).toBeNull();
    expect(await stockOf(id)).toEqual({ items_sold: 4, total_items: 5, in_stock: 1 });
  });

  it('marks the product out of stock when the last unit goes', async () => {
    const id = await productWithStock(5, 4);
    expect(await reserveStock(handle.db, id, 1)).toEqual({ id, items_sold: 5, total_items: 5 });
    expect((await stockOf(id)).in_stock).toBe(0);
    expect(await reserveStock(handle.db, id, 1)).toBeNull();
  });

  it('never oversells when many buyers race for the last units', async () => {
    const id = await productWithStock(10, 7);
    const attempts = await Promise.all(Array.from({ length: 12 }, () => reserveStock(handle.db, id, 1)));
    expect(attempts.filter(Boolean)).toHaveLength(3);
    expect(await stockOf(id)).toEqual({ items_sold: 10, total_items: 10, in_stock: 0 });
  });

  it('rolls back with the order transaction that fails', async () => {
    const id = await productWithStock(10);
    await expect(
      handle.db.transaction(async (tx) => {
        await reserveStock(tx, id, 4);
        throw new Error('payment record failed');
      }),
    ).rejects.toThrow('payment record failed');
    expect((await stockOf(id)).items_sold).toBe(0);
  });

  it('does not sell inactive products or bad quantities', async () => {
    const inactive = await productWithStock(10, 0, 0);
    expect(await reserveStock(handle.db, inactive, 1)).toBeNull();
    const id = await productWithStock(10);
    for (const quantity of [0, -1, 1.5, Number.NaN]) {
      await expect(reserveStock(handle.db, id, quantity)).rejects.toThrow(RangeError);
    }
    expect((await stockOf(id)).items_sold).toBe(0);
  });

  it('the database itself refuses negative or oversold stock', async () => {
    const id = await productWithStock(3);
    await expect(handle.db.update(products).set({ items_sold: 4 }).where(eq(products.id, id))).rejects.toThrow();
    await expect(handle.db.update(products).set({ items_sold: -1 }).where(eq(products.id, id))).rejects.toThrow();
  });
});

describe("reserveStocks (an order's lines in one statement)", () => {
  it("takes each product's units and marks the one whose last unit went out of stock", async () => {
    const [a, b] = [await productWithStock(10), await productWithStock(3, 1)];
    expect(
      await reserveStocks(handle.db, [
        { id: b, quantity: 2 },
        { id: a, quantity: 4 },
      ]),
    ).toEqual(new Set([a, b]));
    expect(await stockOf(a)).toEqual({ items_sold: 4, total_items: 10, in_stock: 1 });
    expect(await stockOf(b)).toEqual({ items_sold: 3, total_items: 3, in_stock: 0 });
  });

  it('leaves out a product without enough units or not for sale, and the rolled-back order takes nothing', async () => {
    const [enough, short, inactive] = [await productWithStock(10), await productWithStock(5, 4), await productWithStock(10, 0, 0)];
    const wanted = [
      { id: enough, quantity: 2 },
      { id: short, quantity: 2 },
      { id: inactive, quantity: 1 },
    ];
    await expect(
      handle.db.transaction(async (tx) => {
        expect(await reserveStocks(tx, wanted)).toEqual(new Set([enough]));
        throw new Error('not all there');
      }),
    ).rejects.toThrow('not all there');
    for (const id of [enough, short, inactive]) expect((await stockOf(id)).items_sold).toBe(id === short ? 4 : 0);
  });

  it('never oversells when many orders race for the last units', async () => {
    const [a, b] = [await productWithStock(10, 7), await productWithStock(100)];
    const attempts = await Promise.all(
      Array.from({ length: 12 }, () =>
        reserveStocks(handle.db, [
          { id: a, quantity: 1 },
          { id: b, quantity: 1 },
        ]),
      ),
    );
    expect(attempts.filter((taken) => taken.has(a))).toHaveLength(3);
    expect(await stockOf(a)).toEqual({ items_sold: 10, total_items: 10, in_stock: 0 });
  });

  it('refuses bad quantities and a product named twice, taking nothing', async () => {
    const id = await productWithStock(10);
    for (const quantity of [0, -1, 1.5]) await expect(reserveStocks(handle.db, [{ id, quantity }])).rejects.toThrow(RangeError);
    await expect(
      reserveStocks(handle.db, [
        { id, quantity: 1 },
        { id, quantity: 1 },
      ]),
    ).rejects.toThrow(RangeError);
    expect((await stockOf(id)).items_sold).toBe(0);
  });
});

describe('releaseStock', () => {
  it('gives stock back and puts the product back in stock', async () => {
    const id = await productWithStock(2, 2);
    await handle.db.update(products).set({ in_stock: 0 }).where(eq(products.id, id));
    expect(await releaseStock(handle.db, id, 1)).toEqual({ id, items_sold: 1, total_items: 2 });
    expect((await stockOf(id)).in_stock).toBe(1);
  });

  it('never goes below zero sold', async () => {
    const id = await productWithStock(5, 1);
    expect(await releaseStock(handle.db, id, 3)).toEqual({ id, items_sold: 0, total_items: 5 });
  });
});
