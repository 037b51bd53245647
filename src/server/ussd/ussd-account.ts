/**
 * The shopper's account is the number they dial from: the web store's phone account of that number (accounts by
 * phone log in with a texted code, accounts/phone-codes.ts). A number without one gets a buyer account on its first
 * order, with the name it typed; it can later log in on the web with a code texted to it.
 */
import { getDb } from '../db/client';
import type { users } from '../db/schema';
import { accountByPhone, phoneAccount } from '../accounts/accounts';
import type { SessionUser } from '../accounts/sessions';
import { latestOrders } from '../orders/orders';
import { Forbidden } from '../errors';
import { message } from '../../lib/messages/message';
import type { Language } from '../../lib/i18n/languages';

type UserRow = typeof users.$inferSelect;

/** The account as the order services take a caller. */
export function sessionUserOf(user: UserRow): SessionUser {
  return {
    id: user.id,
    username: user.username,
    first_name: user.first_name,
    last_name: user.last_name,
    email: user.email,
    user_type: user.user_type,
    status: user.status,
    approved: user.approved,
    marketer: user.marketer,
    language: user.language,
  };
}

/** The first word of a typed name, and the rest. */
export function splitName(name: string): { first_name: string; last_name: string } {
  const [first = '', ...rest] = name.trim().split(/\s+/);
  return { first_name: first, last_name: rest.join(' ') };
}

/** The number's account, read once per callback and only when a screen needs it. */
export class BuyerByNumber {
  private read: Promise<UserRow | null> | null = null;

  constructor(readonly phone: string) {}

  account(): Promise<UserRow | null> {
    this.read ??= getDb().then(async (db) => (await accountByPhone(db, this.phone)) ?? null);
    return this.read;
  }

  /** The account as a caller of the order services, or null when the number has none yet; refused when suspended. */
  async caller(): Promise<SessionUser | null> {
    const user = await this.account();
    if (!user) return null;
    if (user.status === 'Suspended') throw new Forbidden(message('account', 'suspended'));
    return sessionUserOf(user);
  }

  /**
   * The name orders of this number go out in: the account's, else the one its last order was placed with, else null
   * (the menu asks it, once).
   */
  async knownName(): Promise<string | null> {
    const user = await this.account();
    if (!user) return null;
    const own = `${user.first_name} ${user.last_name}`.trim();
    if (own.length >= 2) return own;
    const [last] = await latestOrders(user.id, 1);
    return last && last.customer_name.trim().length >= 2 ? last.customer_name.trim() : null;
  }

  /** The caller an order is placed as: the number's account, made now (with `name`, in `language`) when it has none. */
  async callerForOrder(name: string, language: Language): Promise<SessionUser> {
    const existing = await this.caller();
    if (existing) return existing;
    const db = await getDb();
    const made = await phoneAccount(db, this.phone, splitName(name), language);
    this.read = Promise.resolve(made);
    return (await this.caller())!;
  }
}
