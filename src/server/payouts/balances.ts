/**
 * A vendor's balance, read from its earnings ledger (vendor_earnings; written by earnings.ts and payout-runs.ts):
 * pending is the net not yet available (held through the return window), available the net that may be paid
 * now (a debit makes it negative), paid out what payouts took and did not give back, commission the store's
 * share of what was delivered and kept.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { payoutAccounts, vendorEarnings } from '../db/schema';

export type VendorBalance = { pending: number; available: number; paid_out: number; commission: number; currency: 'UGX' };

export async function vendorBalance(db: Database, vendorId: number): Promise<VendorBalance> {
  const [sums] = await db
    .select({
      pending: sql<number>`coalesce(sum(${vendorEarnings.net}) FILTER (WHERE ${vendorEarnings.available_at} > now()), 0)::int`,
      available: sql<number>`coalesce(sum(${vendorEarnings.net}) FILTER (WHERE ${vendorEarnings.available_at} <= now()), 0)::int`,
      paid_out: sql<number>`coalesce(-sum(${vendorEarnings.net}) FILTER (WHERE ${vendorEarnings.kind} IN ('payout', 'payout_returned')), 0)::int`,
      commission: sql<number>`coalesce(sum(${vendorEarnings.commission}), 0)::int`,
    })
    .from(vendorEarnings)
    .where(eq(vendorEarnings.vendor_id, vendorId));
  return {
    pending: Number(sums!.pending),
    available: Number(sums!.available),
    paid_out: Number(sums!.paid_out),
    commission: Number(sums!.commission),
    currency: 'UGX',
  };
}

/**
 * What may be paid to the vendor at this moment: call it under lockVendorBalance. Compared with the clock, not
 * now(): now() is when this transaction began, possibly before it waited for the lock, and a payout committed
 * meanwhile by the lock's holder has its line at its own, later now(); that line must count.
 */
export async function availableNow(tx: Database, vendorId: number): Promise<number> {
  const [row] = await tx
    .select({ available: sql<number>`coalesce(sum(${vendorEarnings.net}), 0)::int` })
    .from(vendorEarnings)
    .where(and(eq(vendorEarnings.vendor_id, vendorId), sql`${vendorEarnings.available_at} <= clock_timestamp()`));
  return Number(row!.available);
}

/**
 * Locks the vendor's payout account row (made empty if it has none) until the transaction ends. Whatever takes
 * money from a balance (a payout, a debit for a return refunded after payout) holds this lock, so two of them
 * never both see the same money, on any instance.
 */
export async function lockVendorBalance(tx: Database, vendorId: number): Promise<typeof payoutAccounts.$inferSelect> {
  await tx.insert(payoutAccounts).values({ vendor_id: vendorId }).onConflictDoNothing();
  const [account] = await tx.select().from(payoutAccounts).where(eq(payoutAccounts.vendor_id, vendorId)).for('update');
  return account!;
}
