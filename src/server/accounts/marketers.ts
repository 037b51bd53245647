/**
 * Who the store's marketers are: owns the `marketer` mark on users. Administrators grant and remove it; it
 * takes effect on the marketer's next request (the session reads it every time). MARKETER_EMAIL and
 * MARKETER_PASSWORD name one on start, like the administrator.
 */
import { asc, eq, sql } from 'drizzle-orm';
import { getDb } from '../db/client';
import { users } from '../db/schema';
import { Invalid, NotFound } from '../errors';
import type { NamedAccount } from './accounts';
import { message } from '../../lib/messages/message';

export type Marketer = { id: number; name: string; email: string; user_type: string };

async function accountByEmail(email: string) {
  const db = await getDb();
  const [user] = await db
    .select({ id: users.id, user_type: users.user_type, marketer: users.marketer })
    .from(users)
    .where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`)
    .limit(1);
  return user;
}

/** Every account marked as a marketer, by name. */
export async function listMarketers(): Promise<Marketer[]> {
  const db = await getDb();
  const rows = await db
    .select({ id: users.id, first_name: users.first_name, last_name: users.last_name, email: users.email, user_type: users.user_type })
    .from(users)
    .where(eq(users.marketer, 1))
    .orderBy(asc(users.first_name), asc(users.id));
  return rows.map((row) => ({ id: row.id, name: `${row.first_name} ${row.last_name}`.trim() || row.email, email: row.email, user_type: row.user_type }));
}

/** Marks the account with this email as a marketer. */
export async function grantMarketer(email: unknown): Promise<Marketer> {
  if (typeof email !== 'string' || !email.includes('@')) throw new Invalid(message('marketer', 'emailRequired'));
  const account = await accountByEmail(email);
  if (!account) throw new NotFound(message('marketer', 'noAccount'));
  const db = await getDb();
  await db.update(users).set({ marketer: 1, updated_at: new Date() }).where(eq(users.id, account.id));
  return (await listMarketers()).find((marketer) => marketer.id === account.id)!;
}

/** Takes the marketer mark off an account; the account itself stays as it was. */
export async function removeMarketer(id: number): Promise<void> {
  const db = await getDb();
  const removed = await db
    .update(users)
    .set({ marketer: 0, updated_at: new Date() })
    .where(sql`${users.id} = ${id} AND ${users.marketer} = 1`)
    .returning({ id: users.id });
  if (removed.length === 0) throw new NotFound(message('marketer', 'notFound'));
}

/** The marketer named by MARKETER_EMAIL and MARKETER_PASSWORD (a shopper account marked marketer when new). */
export const MARKETER_ACCOUNT: NamedAccount = {
  passwordSetting: 'MARKETER_PASSWORD',
  has: (user) => user.marketer === 1,
  grant: { marketer: 1 },
  lastName: 'Marketer',
};
