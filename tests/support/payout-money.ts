/**
 * Money for payout tests and the payout benchmark, written straight into a store's database (the earnings
 * ledger's sale lines are the ledger's to write when parts are delivered; here they stand in for deliveries
 * already past the return window): available sale lines for vendors, their payout methods, their language.
 * On PGlite the store must be stopped while `onDatabase` holds its folder.
 */
import { eq, inArray } from 'drizzle-orm';
import { openDatabase, type Database } from '../../src/server/db/client';
import { payoutAccounts, users, vendorEarnings } from '../../src/server/db/schema';

/** Opens the database (a PostgreSQL URL or a PGlite data folder), runs `work` on it and closes it. */
export async function onDatabase<T>(where: { url?: string; dataDir?: string }, work: (db: Database) => Promise<T>): Promise<T> {
  const handle = await openDatabase(where);
  try {
    return await work(handle.db);
  } finally {
    await handle.close();
  }
}

/** Sale lines for `vendorId`, one per net amount, available since an hour ago (commission 10%, rounded down). */
export async function giveAvailableEarnings(db: Database, vendorId: number, nets: readonly number[]): Promise<void> {
  const availableAt = new Date(Date.now() - 60 * 60_000);
  const rows = nets.map((net) => {
    const gross = Math.round((net * 10) / 9);
    return { vendor_id: vendorId, kind: 'sale' as const, quantity: 1, gross, commission: gross - net, net, basis_points: 1000, available_at: availableAt };
  });
  for (let start = 0; start < rows.length; start += 1000) await db.insert(vendorEarnings).values(rows.slice(start, start + 1000));
}

/**
 * Cash-on-delivery sales for `vendorId`, one per gross amount, available since an hour ago: each a sale line
 * (commission 10%, rounded down) and the cash_collected line of what the vendor's rider took at the door.
 */
export async function giveCashOnDeliverySales(db: Database, vendorId: number, grosses: readonly number[]): Promise<void> {
  const availableAt = new Date(Date.now() - 60 * 60_000);
  const rows = grosses.flatMap((gross) => {
    const commission = Math.floor(gross / 10);
    return [
      { vendor_id: vendorId, kind: 'sale' as const, quantity: 1, gross, commission, net: gross - commission, basis_points: 1000, available_at: availableAt },
      { vendor_id: vendorId, kind: 'cash_collected' as const, gross: -gross, commission: 0, net: -gross, available_at: availableAt },
    ];
  });
  for (let start = 0; start < rows.length; start += 1000) await db.insert(vendorEarnings).values(rows.slice(start, start + 1000));
}

export type PayoutMethod =
  { method: 'mtn_momo' | 'airtel_money'; phone: string } | { method: 'bank'; account_name: string; account_number: string; bank: string };

/** Sets the vendors' payout method, as a vendor saving its method would. */
export async function setPayoutMethod(db: Database, vendorIds: readonly number[], method: PayoutMethod): Promise<void> {
  if (vendorIds.length === 0) return;
  await db
    .insert(payoutAccounts)
    .values(vendorIds.map((vendor_id) => ({ vendor_id, ...method })))
    .onConflictDoUpdate({ target: payoutAccounts.vendor_id, set: method });
}

/** The language the vendors are texted in. */
export async function setLanguage(db: Database, vendorIds: readonly number[], language: 'en' | 'lg' | 'sw'): Promise<void> {
  await db
    .update(users)
    .set({ language })
    .where(inArray(users.id, [...vendorIds]));
}

/** The vendor's shop phone, which its texts go to. */
export async function setShopPhone(db: Database, vendorId: number, phone: string): Promise<void> {
  await db.update(users).set({ business_phone_number: phone }).where(eq(users.id, vendorId));
}
