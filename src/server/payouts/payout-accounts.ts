/**
 * Where a vendor's payouts go. This module writes payout_accounts' method and destination columns (method, phone,
 * account_name, account_number, bank); the holds on that row are payout-holds.ts's.
 *
 * A mobile money number is checked as a buyer's payment phone is (a Ugandan mobile on that network's prefixes)
 * and kept in E.164. A change is written under the row lock every balance-taking write takes (lockVendorBalance),
 * so a payout being made reads the destination before or after the change, never half of it; and the vendor's
 * text about it is queued in the same transaction, so it exists exactly when the change does.
 */
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { payoutAccounts, users } from '../db/schema';
import { getDb, type Database } from '../db/client';
import { Forbidden, Invalid, NotFound } from '../errors';
import { isAdmin } from '../accounts/roles';
import type { SessionUser } from '../accounts/sessions';
import { vendorPhones } from '../catalog/vendors';
import { vendorNumber } from '../sms/order-sms';
import { maskedNumber, payoutMethodChangedText, type MaskedDestination, type PayoutMethodName } from '../sms/payout-texts';
import { queueTexts, sendQueuedTextsSoon } from '../sms/sms';
import { lockVendorBalance } from './balances';
import { payoutsResumeAt } from './payout-settings';
import { NETWORK_PREFIXES, payerPhoneFault, ugandanE164 } from '../../lib/mobile-money';
import { message } from '../../lib/messages/message';

export const PAYOUT_METHODS = ['mtn_momo', 'airtel_money', 'bank'] as const;

/**
 * A vendor's payout method as the API shows it: the fields of the other methods are ''. `payouts_from`: while
 * payouts wait after a change of destination, when they resume (ISO); null otherwise.
 */
export type PayoutMethod = {
  method: PayoutMethodName;
  phone: string;
  account_name: string;
  account_number: string;
  bank: string;
  payouts_from: string | null;
};

/** Where the money goes, without the waiting. */
type Destination = Omit<PayoutMethod, 'payouts_from'>;

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

/** POST payouts/method: the vendor chooses where its payouts go; a change is texted to the vendor. */
export async function savePayoutMethod(caller: SessionUser, body: unknown): Promise<PayoutMethod> {
  if (caller.user_type !== 'Vendor') throw new Forbidden(message('payoutMethod', 'vendorsOnly'));
  const chosen = checkedMethod(methodSchema.parse(body));
  const db = await getDb();
  const saved = await db.transaction(async (tx) => {
    const before = await lockVendorBalance(tx, caller.id);
    const previous = shown(before);
    const changed = !previous || destinationOf(previous) !== destinationOf(chosen);
    const now = new Date();
    const [row] = await tx
      .update(payoutAccounts)
      .set({ ...chosen, ...(changed && previous ? { destination_changed_at: now } : {}), updated_at: now })
      .where(eq(payoutAccounts.vendor_id, caller.id))
      .returning();
    const after = shown(row!)!;
    if (changed) await textChange(tx, caller, after, previous);
    return after;
  });
  sendQueuedTextsSoon();
  return saved;
}

/** The method with its destination checked and put in the stored form; the other methods' fields emptied. */
function checkedMethod(input: z.infer<typeof methodSchema>): Destination {
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
function destinationOf(method: Destination): string {
  return method.method === 'bank' ? `bank:${method.bank.toLowerCase()}:${method.account_number.replace(/[\s-]/g, '')}` : `${method.method}:${method.phone}`;
}

function masked(method: Destination): MaskedDestination {
  return { method: method.method, number: maskedNumber(method.method === 'bank' ? method.account_number : method.phone, method.method) };
}

/** Queues the vendor's text about the change, on its phone and in its language, in the change's transaction. */
async function textChange(tx: Database, vendor: SessionUser, after: Destination, before: Destination | null): Promise<void> {
  const phones = await vendorPhones(tx, [vendor.id]);
  await queueTexts(tx, [
    {
      to: vendorNumber(phones.get(vendor.id)),
      kind: 'payout_method_changed',
      body: payoutMethodChangedText(vendor.language, masked(after), before && masked(before)),
    },
  ]);
}
