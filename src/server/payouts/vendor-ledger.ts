/**
 * A vendor's earnings ledger as vendors and administrators read it: the balance, the lines page by page, and a
 * statement for a range of days. Reads vendor_earnings (written by earnings.ts and payout-runs.ts) and the
 * hold on payout_accounts; writes nothing. A vendor only ever reads its own; an administrator names the vendor.
 */
import { and, asc, count, desc, eq, gte, lt, sql } from 'drizzle-orm';
import { getDb } from '../db/client';
import { orderItems, orderParts, payoutAccounts, users, vendorEarnings } from '../db/schema';
import { Forbidden, Invalid, NotFound } from '../errors';
import type { SessionUser } from '../accounts/sessions';
import { isAdmin, sellerRefused } from '../accounts/roles';
import { vendorBalance } from './balances';
import { codCreditLimit, FROZEN_UNTIL, payoutHoldDays, payoutMinimum } from './payout-settings';
import { statementMoments } from './statement-range';
import { nextPayoutDay } from './payout-reconcile';
import { basisPointsToPercent } from '../../lib/commission';
import type { LedgerBalance, LedgerLine } from '../../lib/payout-replies';
import { csvText, type CsvValue } from '../../lib/csv';
import { kampalaDay } from '../../lib/dates';
import { paginate, pageWindow, type Pagination } from '../../lib/pagination';
import { message } from '../../lib/messages/message';
import { fieldRefusal } from '../input-refusals';

const VENDOR_ID = /^[1-9]\d{0,9}$/;

/**
 * Whose ledger the caller reads: a vendor its own (naming another vendor is refused), an administrator the
 * vendor it names with `vendor_id`; buyers are refused.
 */
export async function ledgerOwner(caller: SessionUser, vendorId: string | null): Promise<number> {
  const refusal = sellerRefused(caller);
  if (refusal) throw new Forbidden(refusal);
  const named = vendorId?.trim() ?? '';
  if (named !== '' && !VENDOR_ID.test(named)) throw new Invalid(fieldRefusal('vendor_id', message('field', 'vendorId')));
  if (!isAdmin(caller)) {
    if (named !== '' && Number(named) !== caller.id) throw new Forbidden(message('role', 'adminOnly'));
    return caller.id;
  }
  if (named === '') throw new Invalid(fieldRefusal('vendor_id', message('field', 'vendorToRead')));
  const db = await getDb();
  const [vendor] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, Number(named)), eq(users.user_type, 'Vendor')));
  if (!vendor) throw new NotFound(message('vendor', 'notFound'));
  return vendor.id;
}

/** The vendor's balance, the hold on its payouts if any, and how payouts work (their minimum, the days a sale is held, the next payout day). */
export async function ledgerBalance(vendorId: number): Promise<LedgerBalance> {
  const db = await getDb();
  const balance = await vendorBalance(db, vendorId);
  const [account] = await db
    .select({ reason: payoutAccounts.hold_reason, since: payoutAccounts.held_at, method: payoutAccounts.method })
    .from(payoutAccounts)
    .where(eq(payoutAccounts.vendor_id, vendorId));
  const hold = account && account.reason !== '' ? { reason: account.reason, since: (account.since ?? new Date()).toISOString() } : null;
  return {
    ...balance,
    hold,
    minimum: payoutMinimum(),
    hold_days: payoutHoldDays(),
    cod_credit_limit: codCreditLimit(),
    next_payout_day: nextPayoutDay(),
    has_payout_method: Boolean(account?.method),
  };
}

const lineColumns = {
  id: vendorEarnings.id,
  kind: vendorEarnings.kind,
  order_id: vendorEarnings.order_id,
  part_id: vendorEarnings.part_id,
  order_item_id: vendorEarnings.order_item_id,
  return_id: vendorEarnings.return_id,
  payout_id: vendorEarnings.payout_id,
  settlement_id: vendorEarnings.settlement_id,
  product_name: sql<string>`coalesce(${orderItems.product_name}, '')`,
  quantity: vendorEarnings.quantity,
  gross: vendorEarnings.gross,
  commission: vendorEarnings.commission,
  net: vendorEarnings.net,
  basis_points: vendorEarnings.basis_points,
  available_at: vendorEarnings.available_at,
  created_at: vendorEarnings.created_at,
};

type LineRow = { basis_points: number | null; available_at: Date; created_at: Date } & Omit<
  LedgerLine,
  'rate_percent' | 'status' | 'available_at' | 'created_at'
>;

function lineView({ basis_points, ...row }: LineRow, now: Date): LedgerLine {
  return {
    ...row,
    rate_percent: basis_points === null ? null : basisPointsToPercent(basis_points),
    status: row.available_at >= FROZEN_UNTIL ? 'frozen' : row.available_at > now ? 'pending' : 'available',
    available_at: row.available_at.toISOString(),
    created_at: row.created_at.toISOString(),
  };
}

/** The vendor's ledger lines, newest first, with the spec's pagination object. */
export async function ledgerLines(vendorId: number, options: { page: number; perPage: number; url: URL }): Promise<Pagination<LedgerLine>> {
  const db = await getDb();
  const { offset, limit } = pageWindow(options.page, options.perPage);
  const mine = eq(vendorEarnings.vendor_id, vendorId);
  const rows = await db
    .select(lineColumns)
    .from(vendorEarnings)
    .leftJoin(orderItems, eq(orderItems.id, vendorEarnings.order_item_id))
    .where(mine)
    .orderBy(desc(vendorEarnings.created_at), desc(vendorEarnings.id))
    .limit(limit)
    .offset(offset);
  const [total] = await db.select({ n: count() }).from(vendorEarnings).where(mine);
  const now = new Date();
  return paginate(
    rows.map((row) => lineView(row, now)),
    { page: options.page, perPage: options.perPage, total: total?.n ?? 0, url: options.url },
  );
}

const STATEMENT_HEADER = [
  'date',
  'kind',
  'order_id',
  'part_id',
  'order_item_id',
  'return_id',
  'payout_id',
  'settlement_id',
  'product',
  'quantity',
  'gross',
  'commission',
  'net',
  'rate_percent',
  'available_at',
  'balance',
];

/**
 * When a line happened for the business: a sale and the cash its rider collected on the day the part was
 * delivered (lines written later, such as those added for deliveries made before cash was booked, keep that day),
 * everything else when it was written (a payout when it was sent, a settlement when the network confirmed it).
 */
const businessMoment =
  sql<Date>`coalesce(case when ${vendorEarnings.kind} in ('sale', 'cash_collected') then ${orderParts.delivered_at} end, ${vendorEarnings.created_at})`.mapWith(
    vendorEarnings.created_at,
  );

/**
 * The vendor's statement for the Kampala days `from` to `to` (both YYYY-MM-DD, both included), by business day:
 * the balance before the first day, each line of the range oldest first with the balance after it, the balance
 * after the last day. Days are Kampala days, written YYYY-MM-DD. Balances count every line, pending ones too.
 */
export async function ledgerStatement(vendorId: number, from: string, to: string): Promise<{ filename: string; text: string }> {
  const db = await getDb();
  const { start, end } = statementMoments({ from, to });
  const mine = eq(vendorEarnings.vendor_id, vendorId);
  const [opening] = await db
    .select({ net: sql<number>`coalesce(sum(${vendorEarnings.net}), 0)::int` })
    .from(vendorEarnings)
    .leftJoin(orderParts, eq(orderParts.id, vendorEarnings.part_id))
    .where(and(mine, lt(businessMoment, start)));
  const rows = await db
    .select({ ...lineColumns, happened_at: businessMoment })
    .from(vendorEarnings)
    .leftJoin(orderItems, eq(orderItems.id, vendorEarnings.order_item_id))
    .leftJoin(orderParts, eq(orderParts.id, vendorEarnings.part_id))
    .where(and(mine, gte(businessMoment, start), lt(businessMoment, end)))
    .orderBy(asc(businessMoment), asc(vendorEarnings.id));
  let balance = Number(opening?.net ?? 0);
  const table: CsvValue[][] = [STATEMENT_HEADER, [from, 'opening balance', ...Array<CsvValue>(13).fill(null), balance]];
  const now = new Date();
  for (const { happened_at, ...row } of rows) {
    const line = lineView(row, now);
    balance += line.net;
    table.push([
      kampalaDay(happened_at.toISOString()),
      line.kind,
      line.order_id,
      line.part_id,
      line.order_item_id,
      line.return_id,
      line.payout_id,
      line.settlement_id,
      line.product_name,
      line.quantity,
      line.gross,
      line.commission,
      line.net,
      line.rate_percent,
      line.status === 'frozen' ? 'frozen' : kampalaDay(line.available_at),
      balance,
    ]);
  }
  table.push([to, 'closing balance', ...Array<CsvValue>(13).fill(null), balance]);
  return { filename: `statement-${vendorId}-${from}-to-${to}.csv`, text: csvText(table) };
}
