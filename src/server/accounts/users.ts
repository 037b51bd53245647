/** Users. This module owns the users table (vendors' public view lives in catalog/vendors.ts). */
import { count } from 'drizzle-orm';
import { getDb } from '../db/client';
import { users } from '../db/schema';

export async function countUsers(): Promise<number> {
  const db = await getDb();
  const [row] = await db.select({ n: count() }).from(users);
  return row?.n ?? 0;
}
