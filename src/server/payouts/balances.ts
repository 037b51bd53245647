/**
 * A vendor's balance, read from its earnings ledger (vendor_earnings; written by earnings.ts, payout-runs.ts and
 * settlements.ts): pending is the net not yet available (held through the return window, or until the buyer
 * confirms a delivery), available the net due now (a debit makes it negative), frozen what waits on a disputed
 * delivery, paid out what payouts took and did not give back, commission the store's share of what was delivered
 * and kept, and owed what the vendor owes the store.
 *
 * Debits count at once and credits only when available: cash a vendor's rider collected is the vendor's as soon as
 * it is in hand, so what the vendor holds for the store is taken off what may be paid to it, and off what it owes
 * only once its sale's credit is due too. So a vendor that holds more than it has earned is never paid, and owes
 * the store the difference.
 */
import { eq, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client';
import { payoutAccounts, vendorEarnings } from '../db/schema';
import { FROZEN_UNTIL } from './payout-settings';

export type VendorBalance = {
  pending: number;
  available: number;
  frozen: number;
  paid_out: number;
  commission: number;
  /** What the vendor owes the store (≥ 0): the cash it holds beyond what it has earned. */
  owed: number;
  currency: 'UGX';
};

const frozen = sql`${vendorEarnings.available_at} >= ${FROZEN_UNTIL.toISOString()}::timestamptz`;

/**
 * The ledger's sums at the moment `now` (an SQL time): available, pending and frozen nets, and what may be paid
 * (available, less any pending or frozen debit) and what is owed (available less any pending debit, when below zero).
 */
function sums(now: SQL) {
  const available = sql`coalesce(sum(${vendorEarnings.net}) FILTER (WHERE ${vendorEarnings.available_at} <= ${now}), 0)`;
  const pending = sql`coalesce(sum(${vendorEarnings.net}) FILTER (WHERE ${vendorEarnings.available_at} > ${now} AND NOT ${frozen}), 0)`;
  const held = sql`coalesce(sum(${vendorEarnings.net}) FILTER (WHERE ${frozen}), 0)`;
  return {
    available: sql<number>`(${available})::int`,
    pending: sql<number>`(${pending})::int`,
    frozen: sql<number>`(${held})::int`,
    payable: sql<number>`(${available} + least(${pending}, 0) + least(${held}, 0))::int`,
    owed: sql<number>`greatest(-(${available} + least(${pending}, 0)), 0)::int`,
  };
}

export async function vendorBalance(db: Database, vendorId: number): Promise<VendorBalance> {
  const { available, pending, frozen: held, owed } = sums(sql`now()`);
  const [row] = await db
    .select({
      pending,
      available,
      frozen: held,
      owed,
      paid_out: sql<number>`coalesce(-sum(${vendorEarnings.net}) FILTER (WHERE ${vendorEarnings.kind} IN ('payout', 'payout_returned')), 0)::int`,
      commission: sql<number>`coalesce(sum(${vendorEarnings.commission}), 0)::int`,
    })
    .from(vendorEarnings)
    .where(eq(vendorEarnings.vendor_id, vendorId));
  return {
    pending: Number(row!.pending),
    available: Number(row!.available),
    frozen: Number(row!.frozen),
    paid_out: Number(row!.paid_out),
    commission: Number(row!.commission),
    owed: Number(row!.owed),
    currency: 'UGX',
  };
}

/** Per vendor, what a payout may take now (for a query grouped by vendor_id): see `payableNow`. */
export const payableSum = () => sums(sql`now()`).payable;

/** Per vendor, what it owes now (for a query grouped by vendor_id). */
export const owedSum = () => sums(sql`now()`).owed;

/**
 * What may be paid to the vendor at this moment: call it under lockVendorBalance. Compared with the clock, not
 * now(): now() is when this transaction began, possibly before it waited for the lock, and a payout committed
 * meanwhile by the lock's holder has its line at its own, later now(); that line must count.
 */
export async function payableNow(tx: Database, vendorId: number): Promise<number> {
  const [row] = await tx
    .select({ payable: sums(sql`clock_timestamp()`).payable })
    .from(vendorEarnings)
    .where(eq(vendorEarnings.vendor_id, vendorId));
  return Number(row!.payable);
}

/** What the vendor owes the store at this moment (under lockVendorBalance, like payableNow). */
export async function owedNow(tx: Database, vendorId: number): Promise<number> {
  const [row] = await tx
    .select({ owed: sums(sql`clock_timestamp()`).owed })
    .from(vendorEarnings)
    .where(eq(vendorEarnings.vendor_id, vendorId));
  return Number(row!.owed);
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
