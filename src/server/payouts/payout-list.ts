/** Reading payouts (payout-runs.ts and payout-news.ts write them): a vendor its own, an administrator all. */
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import { getDb } from '../db/client';
import { payouts } from '../db/schema';
import { vendorNames } from '../catalog/vendors';
import type { SessionUser } from '../accounts/sessions';
import { isAdmin } from '../accounts/roles';
import { Forbidden } from '../errors';
import { paginate, pageWindow, type Pagination } from '../../lib/pagination';
import { PAYOUT_STATUSES, type PayoutReply, type PayoutStatus } from '../../lib/payout-replies';
import { message } from '../../lib/messages/message';

export { PAYOUT_STATUSES };
export type PayoutView = PayoutReply<Date>;

/** The caller, who must be a vendor (its own payouts) or an administrator: buyers are refused. */
export function requirePayoutViewer(caller: SessionUser): SessionUser {
  if (!isAdmin(caller) && caller.user_type !== 'Vendor') throw new Forbidden(message('role', 'sellersOnly'));
  return caller;
}

export type PayoutListOptions = { status?: PayoutStatus; vendorId?: number; page: number; perPage: number; url: URL };

/** The payouts the viewer may see, newest first: a vendor's own (whatever `vendorId` says), anyone's for an administrator. */
export async function listPayouts(viewer: SessionUser, options: PayoutListOptions): Promise<Pagination<PayoutView>> {
  const db = await getDb();
  const vendorId = isAdmin(viewer) ? options.vendorId : viewer.id;
  const conditions: (SQL | undefined)[] = [
    vendorId ? eq(payouts.vendor_id, vendorId) : undefined,
    options.status ? eq(payouts.status, options.status) : undefined,
  ];
  const where = and(...conditions);
  const { offset, limit } = pageWindow(options.page, options.perPage);
  const [rows, [total]] = await Promise.all([
    db.select().from(payouts).where(where).orderBy(desc(payouts.created_at), desc(payouts.id)).limit(limit).offset(offset),
    db.select({ n: count() }).from(payouts).where(where),
  ]);
  const names = await vendorNames(
    db,
    rows.map((row) => row.vendor_id),
  );
  return paginate(
    rows.map((row) => viewPayout(row, names.get(row.vendor_id) ?? '')),
    { page: options.page, perPage: options.perPage, total: total?.n ?? 0, url: options.url },
  );
}

export function viewPayout(row: typeof payouts.$inferSelect, vendorName: string): PayoutView {
  return {
    id: row.id,
    vendor_id: row.vendor_id,
    vendor_name: vendorName,
    amount: row.amount,
    method: row.method,
    status: row.status,
    reference: row.reference,
    failure_reason: row.failure_reason,
    created_at: row.created_at,
    completed_at: row.completed_at,
  };
}
