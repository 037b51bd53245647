/** Users. This module owns the users table (vendors' public view lives in catalog/vendors.ts). */
import { and, count, eq, inArray, ne } from 'drizzle-orm';
import { getDb, type Database } from '../db/client';
import { users } from '../db/schema';
import type { Language } from '../../lib/i18n/languages';

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

/** Remembers the language a shopper last used (they placed an order in it): their account's mails and texts follow it. */
export async function rememberLanguage(db: Database, userId: number, language: Language): Promise<void> {
  await db
    .update(users)
    .set({ language })
    .where(and(eq(users.id, userId), ne(users.language, language)));
}
