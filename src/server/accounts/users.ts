/** Users. This module owns the users table (vendors' public view lives in catalog/vendors.ts). */
import { count, inArray } from 'drizzle-orm';
import { getDb } from '../db/client';
import { users } from '../db/schema';

export async function countUsers(): Promise<number> {
  const db = await getDb();
  const [row] = await db.select({ n: count() }).from(users);
  return row?.n ?? 0;
}

/** Where to write to these users: their own address, their shop's ('' when they have none) and their first name. */
export async function mailAddresses(ids: readonly number[]): Promise<Map<number, { email: string; shop_email: string; first_name: string }>> {
  if (ids.length === 0) return new Map();
  const db = await getDb();
  const rows = await db
    .select({ id: users.id, email: users.email, shop_email: users.business_email, first_name: users.first_name })
    .from(users)
    .where(inArray(users.id, [...new Set(ids)]));
  return new Map(rows.map(({ id, ...rest }) => [id, rest]));
}
