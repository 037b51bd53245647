/**
 * Where a vendor's payouts go. This module writes payout_accounts' method and destination columns (method, phone,
 * account_name, account_number, bank); the holds on that row are payout-holds.ts's.
 *
 * A mobile money number is checked as a buyer's payment phone is (a Ugandan mobile on that network's prefixes)
 * and kept in E.164. A change is written under the row lock every balance-taking write takes (lockVendorBalance),
 * so a payout being made reads the destination before or after the change, never half of it; and the change is
 * announced (`payout_method.changed`) in the same transaction, so the vendor's text exists exactly when it does.
 * A new destination needs the owner's fresh proof (change-proof.ts), and a change that replaced another can be
 * undone from the link in its text (the changes and their tokens: payout-destination-changes.ts).
 */
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { payoutAccounts, payoutDestinationChanges, users } from '../db/schema';
import { getDb, type Database } from '../db/client';
import { transactionWithPurge } from '../cache/purge';
import { announce } from '../events/event-bus';
import type { PayoutDestination } from '../events/store-events';
import { Conflict, Forbidden, Invalid, NotFound } from '../errors';
import { pathInLanguage, type Language } from '../../lib/i18n/languages';
import { isAdmin } from '../accounts/roles';
import type { SessionUser } from '../accounts/sessions';
import { lockVendorBalance } from './balances';
import { payoutMethodWaitHours, payoutsResumeAt } from './payout-settings';
import { changeOfToken, isLatestChange, loadUndoKey, markUndone, recordDestinationChange, type DestinationChange } from './payout-destination-changes';
import { proofOf, proveChange } from '../accounts/change-proof';
import { NETWORK_PREFIXES, payerPhoneFault, ugandanE164 } from '../../lib/mobile-money';
import { message } from '../../lib/messages/message';

export type PayoutMethodName = PayoutDestination['method'];
export const PAYOUT_METHODS = ['mtn_momo', 'airtel_money', 'bank'] as const satisfies readonly PayoutMethodName[];

/**
 * A vendor's payout method as the API shows it: the fields of the other methods are ''. `payouts_from`: while
 * payouts wait after a change of destination, when they resume (ISO); null otherwise.
 */
export type PayoutMethod = PayoutDestination & { payouts_from: string | null };

const BANK_FIELDS = ['account_name', 'account_number', 'bank'] as const;
const ACCOUNT_NUMBER = /^[A-Za-z0-9 -]{5,34}$/;

const methodSchema = z.object({
  method: z.enum(PAYOUT_METHODS, { error: `method: must be one of ${PAYOUT_METHODS.join(', ')}` }),
  phone: z.string().trim().max(40).optional(),
  account_name: z.string().trim().max(120).optional(),
  account_number: z.string().trim().max(40).optional(),
  bank: z.string().trim().max(120).optional(),
});

/** The payout method of a vendor, or null when none was chosen; read in the caller's transaction (payout runs). */
export async function payoutMethodOf(db: Database, vendorId: number): Promise<PayoutMethod | null> {
  const [row] = await db.select().from(payoutAccounts).where(eq(payoutAccounts.vendor_id, vendorId));
  return row ? shown(row) : null;
}

/** GET payouts/method: a vendor reads its own; an administrator names the vendor (`vendor_id`). */
export async function readPayoutMethod(caller: SessionUser, vendorIdParam: string | null): Promise<PayoutMethod | null> {
  const db = await getDb();
  if (isAdmin(caller)) {
    const vendorId = Number(vendorIdParam);
    if (!vendorIdParam || !Number.isSafeInteger(vendorId) || vendorId < 1) throw new Invalid(message('payoutMethod', 'vendorIdRequired'));
    const [vendor] = await db.select({ type: users.user_type }).from(users).where(eq(users.id, vendorId));
    if (vendor?.type !== 'Vendor') throw new NotFound(message('payoutMethod', 'noSuchVendor'));
    return payoutMethodOf(db, vendorId);
  }
  if (caller.user_type !== 'Vendor') throw new Forbidden(message('role', 'sellersOnly'));
  if (vendorIdParam && Number(vendorIdParam) !== caller.id) throw new Forbidden(message('payoutMethod', 'notYours'));
  return payoutMethodOf(db, caller.id);
}

/**
 * POST payouts/method: the vendor chooses where its payouts go. A new destination (the first one too) needs a fresh
 * proof that it is the vendor (its password, or the code texted to its phone on record: change-proof.ts); the
 * payouts to a destination that replaced another wait from then. The change is texted and mailed to the vendor,
 * with the link (on `origin`, in its language) that puts the earlier destination back while its payouts wait.
 */
export async function savePayoutMethod(caller: SessionUser, body: unknown, origin: string): Promise<PayoutMethod> {
  if (caller.user_type !== 'Vendor') throw new Forbidden(message('payoutMethod', 'vendorsOnly'));
  const chosen = checkedMethod(methodSchema.parse(body));
  const db = await getDb();
  const current = await payoutMethodOf(db, caller.id);
  const proved = !current || destinationOf(current) !== destinationOf(chosen);
  if (proved) await proveChange(caller.id, proofOf(body));
  await loadUndoKey();
  return transactionWithPurge(db, async (tx) => {
    const before = await lockVendorBalance(tx, caller.id);
    const previous = shown(before);
    const changed = !previous || destinationOf(previous) !== destinationOf(chosen);
    // Changed by another request since it was read: this one's proof was for another change.
    if (changed && !proved) throw new Forbidden(message('changeProof', 'proofRequired'));
    const now = new Date();
    const [row] = await tx
      .update(payoutAccounts)
      .set({ ...chosen, ...(changed && previous ? { destination_changed_at: now } : {}), updated_at: now })
      .where(eq(payoutAccounts.vendor_id, caller.id))
      .returning();
    const after = shown(row!)!;
    if (!changed) return after;
    const undo =
      previous && payoutMethodWaitHours() > 0
        ? await recordDestinationChange(tx, {
            vendorId: caller.id,
            before: destinationFields(previous),
            beforeChangedAt: before.destination_changed_at,
            after: destinationFields(after),
          })
        : null;
    await announce(tx, 'payout_method.changed', {
      vendor: { id: caller.id, language: caller.language },
      account: { email: caller.email, first_name: caller.first_name, language: caller.language },
      after: destinationFields(after),
      before: previous && destinationFields(previous),
      undo: undo ? { link: `${origin}${pathInLanguage(caller.language, `/undo/${undo}`)}`, waitHours: payoutMethodWaitHours() } : null,
    });
    return after;
  });
}

/** What an undo link would do, for its page: the destination it puts back and the one it drops; null when it can do nothing now. */
export async function undoableChange(token: string): Promise<{ restores: PayoutDestination; drops: PayoutDestination } | null> {
  const db = await getDb();
  const change = await changeOfToken(db, token);
  if (!change) return null;
  const [account] = await db.select().from(payoutAccounts).where(eq(payoutAccounts.vendor_id, change.vendor_id));
  return account && (await stillUndoable(db, change, account))
    ? { restores: change.before as PayoutDestination, drops: change.after as PayoutDestination }
    : null;
}

/**
 * A change may be undone once, while payouts to its destination still wait, and while it is the vendor's latest
 * (a later change has a link of its own) and the destination is still the one it set.
 */
async function stillUndoable(db: Database, change: DestinationChange, account: typeof payoutAccounts.$inferSelect): Promise<boolean> {
  const resumeAt = payoutsResumeAt(change.created_at);
  if (change.cancelled_at || !resumeAt || resumeAt <= new Date()) return false;
  const current = shown(account);
  return current !== null && destinationOf(current) === destinationOf(change.after as PayoutDestination) && (await isLatestChange(db, change));
}

/**
 * The undo link: puts back the destination the change replaced, with the wait it had (a trusted destination is
 * paid at once again), under the destination's row lock. Whoever holds the link may use it, logged in or not: it
 * went to the vendor's phone on record. Refused (Conflict) when the change can no longer be undone.
 */
export async function undoPayoutChange(token: string): Promise<PayoutMethod> {
  const db = await getDb();
  const named = await changeOfToken(db, token);
  if (!named) throw new NotFound(message('changeProof', 'undoLinkInvalid'));
  return transactionWithPurge(db, async (tx) => {
    const account = await lockVendorBalance(tx, named.vendor_id);
    const [change] = await tx.select().from(payoutDestinationChanges).where(eq(payoutDestinationChanges.id, named.id));
    if (!change || !(await stillUndoable(tx, change, account)) || !(await markUndone(tx, change.id))) {
      throw new Conflict(message('changeProof', 'undoLinkInvalid'));
    }
    const restores = destinationFields(change.before as PayoutDestination);
    const [row] = await tx
      .update(payoutAccounts)
      .set({ ...restores, destination_changed_at: change.before_changed_at, updated_at: new Date() })
      .where(eq(payoutAccounts.vendor_id, change.vendor_id))
      .returning();
    const [vendor] = await tx
      .select({ email: users.email, first_name: users.first_name, language: users.language })
      .from(users)
      .where(eq(users.id, change.vendor_id));
    const language = (vendor?.language ?? 'en') as Language;
    await announce(tx, 'payout_method.restored', {
      vendor: { id: change.vendor_id, language },
      account: { email: vendor?.email ?? '', first_name: vendor?.first_name ?? '', language },
      restored: restores,
      dropped: destinationFields(change.after as PayoutDestination),
    });
    return shown(row!)!;
  });
}

const destinationFields = ({ method, phone, account_name, account_number, bank }: PayoutDestination): PayoutDestination => ({
  method,
  phone,
  account_name,
  account_number,
  bank,
});

/** The method with its destination checked and put in the stored form; the other methods' fields emptied. */
function checkedMethod(input: z.infer<typeof methodSchema>): PayoutDestination {
  const empty = { phone: '', account_name: '', account_number: '', bank: '' };
  if (input.method === 'bank') {
    const missing = BANK_FIELDS.filter((field) => !input[field]);
    if (missing.length > 0) throw new Invalid(message('payoutMethod', 'bankFieldsMissing', missing.join(', ')));
    if (!ACCOUNT_NUMBER.test(input.account_number!)) throw new Invalid(message('payoutMethod', 'accountNumberInvalid'));
    return { ...empty, method: 'bank', account_name: input.account_name!, account_number: input.account_number!, bank: input.bank! };
  }
  const phone = input.phone ?? '';
  const fault = payerPhoneFault(input.method, phone);
  if (fault === 'missing') throw new Invalid(message('payoutMethod', 'phoneMissing', input.method));
  if (fault === 'invalid') throw new Invalid(message('mobileMoney', 'phoneInvalid'));
  if (fault === 'wrong-network') throw new Invalid(message('mobileMoney', 'wrongNetwork', input.method, NETWORK_PREFIXES[input.method]));
  return { ...empty, method: input.method, phone: ugandanE164(phone)! };
}

/** A stored row as the API shows it; null while no method is chosen. */
function shown(row: typeof payoutAccounts.$inferSelect): PayoutMethod | null {
  if (!row.method) return null;
  const { method, phone, account_name, account_number, bank } = row;
  const resumeAt = payoutsResumeAt(row.destination_changed_at);
  return {
    method: method as PayoutMethodName,
    phone,
    account_name,
    account_number,
    bank,
    payouts_from: resumeAt && resumeAt > new Date() ? resumeAt.toISOString() : null,
  };
}

/** Whether payouts to the account's destination are still waiting after it replaced another. */
export function waitingAfterChange(account: typeof payoutAccounts.$inferSelect): boolean {
  const resumeAt = payoutsResumeAt(account.destination_changed_at);
  return resumeAt !== null && resumeAt > new Date();
}

/** What identifies where the money goes: a new account name alone is no new destination. */
function destinationOf(method: PayoutDestination): string {
  return method.method === 'bank' ? `bank:${method.bank.toLowerCase()}:${method.account_number.replace(/[\s-]/g, '')}` : `${method.method}:${method.phone}`;
}
