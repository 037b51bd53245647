/** Wishlists. This module owns the wishlist_items table. */
import { count, eq } from 'drizzle-orm';
import { getDb } from '../db/client';
import { wishlistItems } from '../db/schema';

export async function wishlistCount(userId: number): Promise<number> {
  const db = await getDb();
  const [row] = await db.select({ n: count() }).from(wishlistItems).where(eq(wishlistItems.user_id, userId));
  return row?.n ?? 0;
}
