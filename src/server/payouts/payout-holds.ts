/**
 * Holding a vendor's payouts (owns payout_accounts' hold_reason, held_by and held_at): an administrator holds
 * them with a reason (an investigation, a dispute) and releases them; a run skips a held vendor. A hold is written
 * under the vendor's balance lock, so a run paying the vendor at that moment either finishes first or sees it.
 */
import { and, asc, eq, ne } from 'drizzle-orm';
import { z } from 'zod';
import { getDb } from '../db/client';
import { payoutAccounts, users } from '../db/schema';
import { Conflict, NotFound } from '../errors';
import { lockVendorBalance } from './balances';
import { vendorNames } from '../catalog/vendors';
import { message } from '../../lib/messages/message';

export type PayoutHold = { vendor_id: number; vendor_name: string; reason: string; held_at: Date | null };

export const holdInput = z.object({
  vendor_id: z.coerce.number({ error: 'must be a vendor id' }).int('must be a vendor id').positive('must be a vendor id'),
  reason: z.string({ error: 'is required' }).trim().min(3, 'must say why, in 3 characters or more').max(500, 'must be at most 500 characters'),
});

async function requireVendor(vendorId: number): Promise<void> {
  const db = await getDb();
  const [vendor] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, vendorId), eq(users.user_type, 'Vendor')));
  if (!vendor) throw new NotFound(message('payoutRun', 'vendorNotFound'));
}

async function holdOf(vendorId: number): Promise<PayoutHold> {
  const db = await getDb();
  const [account] = await db.select().from(payoutAccounts).where(eq(payoutAccounts.vendor_id, vendorId));
  const names = await vendorNames(db, [vendorId]);
  return { vendor_id: vendorId, vendor_name: names.get(vendorId) ?? '', reason: account?.hold_reason ?? '', held_at: account?.held_at ?? null };
}

/** Holds the vendor's payouts with a reason (a new reason replaces the old one). */
export async function holdPayouts(adminId: number, input: z.infer<typeof holdInput>): Promise<PayoutHold> {
  await requireVendor(input.vendor_id);
  const db = await getDb();
  await db.transaction(async (tx) => {
    await lockVendorBalance(tx, input.vendor_id);
    await tx
      .update(payoutAccounts)
      .set({ hold_reason: input.reason, held_by: adminId, held_at: new Date(), updated_at: new Date() })
      .where(eq(payoutAccounts.vendor_id, input.vendor_id));
  });
  return holdOf(input.vendor_id);
}

/** Releases the vendor's payouts: the next run pays it. Conflict when they are not held. */
export async function releasePayouts(vendorId: number): Promise<PayoutHold> {
  await requireVendor(vendorId);
  const db = await getDb();
  const [released] = await db
    .update(payoutAccounts)
    .set({ hold_reason: '', held_by: null, held_at: null, updated_at: new Date() })
    .where(and(eq(payoutAccounts.vendor_id, vendorId), ne(payoutAccounts.hold_reason, '')))
    .returning();
  if (!released) throw new Conflict(message('payoutRun', 'notHeld'));
  return holdOf(vendorId);
}

/** Every vendor whose payouts are held, longest held first. */
export async function listHolds(): Promise<PayoutHold[]> {
  const db = await getDb();
  const rows = await db.select().from(payoutAccounts).where(ne(payoutAccounts.hold_reason, '')).orderBy(asc(payoutAccounts.held_at));
  const names = await vendorNames(
    db,
    rows.map((row) => row.vendor_id),
  );
  return rows.map((row) => ({ vendor_id: row.vendor_id, vendor_name: names.get(row.vendor_id) ?? '', reason: row.hold_reason, held_at: row.held_at }));
}
