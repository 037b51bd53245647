/**
 * Wishlists. This module owns the wishlist_items table. One row per user and product (adding twice keeps
 * one); removing something that is not there changes nothing and is not an error.
 */
import { and, desc, eq } from 'drizzle-orm';
import { getDb } from '../db/client';
import { products, wishlistItems } from '../db/schema';
import { NotFound } from '../errors';
import { findProduct } from '../catalog/products';
import { isActiveProduct } from '../catalog/visibility';
import type { WishlistEntry } from '../../lib/wishlist-state';
import { message } from '../../lib/messages/message';

/** A wishlist item with the spec's fields (as the browser reads them), wrapping the product for the alternate API style. */
export type WishlistItem = Omit<WishlistEntry, 'created_at' | 'updated_at'> & {
  created_at: Date;
  updated_at: Date;
  product: { id: number; name: string; price_1: string; price_2: string; feature_photo: string; in_stock: number };
};

/** A wishlist item without the product it wraps: the manifest's `wishlist` rows. */
export type WishlistRow = Omit<WishlistItem, 'product'>;

/** The user's wishlist as the manifest lists it, newest first. */
export async function wishlistRows(userId: number): Promise<WishlistRow[]> {
  return (await listWishlist(userId)).map((item) => {
    const row: WishlistRow & { product?: unknown } = { ...item };
    delete row.product;
    return row;
  });
}

/** The user's wishlist, newest first; products no longer for sale are left out. */
export async function listWishlist(userId: number): Promise<WishlistItem[]> {
  const db = await getDb();
  const rows = await db
    .select({
      item: wishlistItems,
      product: {
        id: products.id,
        name: products.name,
        price_1: products.price_1,
        price_2: products.price_2,
        feature_photo: products.feature_photo,
        in_stock: products.in_stock,
      },
    })
    .from(wishlistItems)
    .innerJoin(products, eq(products.id, wishlistItems.product_id))
    .where(and(eq(wishlistItems.user_id, userId), isActiveProduct))
    .orderBy(desc(wishlistItems.created_at), desc(wishlistItems.id));
  return rows.map(({ item, product }) => {
    const price = String(product.price_1);
    const salePrice = product.price_2 === null ? '' : String(product.price_2);
    return {
      ...item,
      product_name: product.name,
      product_price: price,
      product_sale_price: salePrice,
      product_photo: product.feature_photo,
      product: { ...product, price_1: price, price_2: salePrice },
    };
  });
}

export async function addToWishlist(userId: number, productId: number): Promise<WishlistItem> {
  if (!(await findProduct(productId))) throw new NotFound(message('product', 'notFound'));
  const db = await getDb();
  await db.insert(wishlistItems).values({ user_id: userId, product_id: productId }).onConflictDoNothing();
  const item = (await listWishlist(userId)).find((entry) => entry.product_id === productId);
  if (!item) throw new NotFound(message('product', 'notFound'));
  return item;
}

/**
 * Removes one of the user's entries, named by product (wishlist_remove) or by its own id (DELETE
 * wishlist/{id}); returns whether there was anything to remove.
 */
export async function removeFromWishlist(userId: number, entry: { productId: number } | { itemId: number }): Promise<boolean> {
  const db = await getDb();
  const which = 'productId' in entry ? eq(wishlistItems.product_id, entry.productId) : eq(wishlistItems.id, entry.itemId);
  const removed = await db
    .delete(wishlistItems)
    .where(and(eq(wishlistItems.user_id, userId), which))
    .returning({ id: wishlistItems.id });
  return removed.length > 0;
}

export async function isInWishlist(userId: number, productId: number): Promise<boolean> {
  const db = await getDb();
  const [row] = await db
    .select({ id: wishlistItems.id })
    .from(wishlistItems)
    .where(and(eq(wishlistItems.user_id, userId), eq(wishlistItems.product_id, productId)))
    .limit(1);
  return Boolean(row);
}
