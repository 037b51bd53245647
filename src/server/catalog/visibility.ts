/**
 * Which products shoppers see: active ones (status 1, not deleted). A vendor may hide their own (status 0);
 * the store holds back a suspended vendor's (PRODUCT_HELD) and puts them back when the vendor is reinstated.
 * Both the products and the vendors modules read these rules, so they live apart from either.
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../db/client';
import { products } from '../db/schema';

/** Status of a product the store holds back because its vendor is suspended (0 is the vendor's own "hidden"). */
export const PRODUCT_HELD = 2;

/** Active products only: status 1 and not deleted. */
export const isActiveProduct = and(eq(products.status, 1), isNull(products.deleted_at))!;

/** Holds a suspended vendor's live products back from shoppers, or (release) puts the held ones back. */
export async function setVendorProductsHeld(db: Database, vendorId: number, held: boolean): Promise<number> {
  const [from, to] = held ? [1, PRODUCT_HELD] : [PRODUCT_HELD, 1];
  const rows = await db
    .update(products)
    .set({ status: to, updated_at: new Date() })
    .where(and(eq(products.supplier, vendorId), eq(products.status, from), isNull(products.deleted_at)))
    .returning({ id: products.id });
  return rows.length;
}
