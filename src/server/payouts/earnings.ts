/**
 * What vendors earn from what they sell. This module writes the vendor_earnings rows of kind sale and return
 * (payout-runs.ts writes those of payouts), and reads the ledger for balances, lists and statements.
 *
 * - A part delivered: each of its lines earns its price (order_items.subtotal; delivery stays with the store)
 *   less the commission of the rate it was placed under (the rate at delivery for lines placed before rates
 *   existed), pending until PAYOUT_HOLD_DAYS after delivery. Written in the delivery's transaction, once per
 *   line (a unique index), however often delivered is set.
 * - A return refunded: its lines give back what the buyer was actually refunded for them and their share of the
 *   commission (no commission on returned items), under the vendor's balance lock; while the sale is still held
 *   the return cancels that share at the same moment, later it is a debit at once.
 * - A cash-on-delivery part delivered: the vendor's rider collected its price (the delivery fee too, at the order's
 *   first door), written as a cash_collected line beside the sales, at their moment: the vendor's balance moves by
 *   minus the commission. Under the vendor's balance lock, as every debit.
 * - A part delivered without its handover code: its lines wait for the buyer (DELIVERY_CONFIRM_DAYS) as well as
 *   the return window; the buyer confirming brings them back to the window's end, a dispute freezes them, and an
 *   administrator's ruling releases them or reverses them (delivery-confirmation in orders/order-parts.ts).
 * - The store's own parts (no vendor) earn nobody anything; a cancelled part is never delivered, so earns nothing.
 */
import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { orderItems, orderParts, products, refunds, returnLines, returns, vendorEarnings } from '../db/schema';
import { commissionOfLines, returnedCommission, shareByLargestRemainder } from '../../lib/commission';
import { rateOfProduct, rateTable, type RateTable } from './commission';
import { lockVendorBalance } from './balances';
import { availableFrom, FROZEN_UNTIL, partEarningsFrom } from './payout-settings';
import type { Collection } from '../../lib/cash-on-delivery';

type EarningRow = typeof vendorEarnings.$inferInsert;

/** Writes the sale lines of the parts just delivered (inside the delivery's transaction; parts without a vendor skipped). */
export async function recordSaleEarnings(tx: Database, partIds: readonly number[]): Promise<void> {
  if (partIds.length === 0) return;
  const parts = await tx
    .select({
      id: orderParts.id,
      order_id: orderParts.order_id,
      vendor_id: orderParts.vendor_id,
      delivered_at: orderParts.delivered_at,
      confirmed_by: orderParts.confirmed_by,
    })
    .from(orderParts)
    .where(and(inArray(orderParts.id, [...partIds]), eq(orderParts.status, 'delivered'), sql`${orderParts.vendor_id} IS NOT NULL`));
  if (parts.length === 0) return;
  const lines = await tx
    .select({
      id: orderItems.id,
      part_id: orderItems.part_id,
      quantity: orderItems.quantity,
      subtotal: orderItems.subtotal,
      basis_points: orderItems.commission_basis_points,
      category: products.category,
      sub_category: products.sub_category,
    })
    .from(orderItems)
    .innerJoin(products, eq(products.id, orderItems.product_id))
    .where(
      inArray(
        orderItems.part_id,
        parts.map((part) => part.id),
      ),
    )
    .orderBy(asc(orderItems.id));
  let rates: RateTable | null = null;
  const rows: EarningRow[] = [];
  for (const part of parts) {
    const own = lines.filter((line) => line.part_id === part.id);
    const basisPoints: number[] = [];
    for (const line of own) basisPoints.push(line.basis_points ?? rateOfProduct((rates ??= await rateTable(tx)), line));
    const commissions = commissionOfLines(own.map((line, i) => ({ gross: line.subtotal, basisPoints: basisPoints[i]! })));
    const availableAt = partEarningsFrom(part.delivered_at ?? new Date(), part.confirmed_by !== '');
    own.forEach((line, i) =>
      rows.push({
        vendor_id: part.vendor_id!,
        kind: 'sale',
        order_id: part.order_id,
        part_id: part.id,
        order_item_id: line.id,
        quantity: line.quantity,
        gross: line.subtotal,
        commission: commissions[i]!,
        net: line.subtotal - commissions[i]!,
        basis_points: basisPoints[i]!,
        available_at: availableAt,
      }),
    );
  }
  if (rows.length > 0) await tx.insert(vendorEarnings).values(rows).onConflictDoNothing();
}

/**
 * Writes the return lines of a return just refunded (inside its transaction, under the vendor's balance lock):
 * the refund actually paid for it (the refunds recorded for it; cash paid back outside the store's record when
 * none was: the return's value), shared among its lines by value, and each line's share of its commission.
 * Lines whose sale was never written (delivered before the ledger) take nothing back.
 */
export async function recordReturnEarnings(tx: Database, returnId: number): Promise<void> {
  const [back] = await tx
    .select({ id: returns.id, order_id: returns.order_id, part_id: returns.part_id, amount: returns.amount, vendor_id: orderParts.vendor_id })
    .from(returns)
    .innerJoin(orderParts, eq(orderParts.id, returns.part_id))
    .where(eq(returns.id, returnId));
  if (!back || back.vendor_id === null) return;
  const lines = await tx
    .select({ order_item_id: returnLines.order_item_id, quantity: returnLines.quantity, unit_price: orderItems.unit_price })
    .from(returnLines)
    .innerJoin(orderItems, eq(orderItems.id, returnLines.order_item_id))
    .where(eq(returnLines.return_id, returnId))
    .orderBy(asc(returnLines.id));
  if (lines.length === 0) return;
  await lockVendorBalance(tx, back.vendor_id);

  const itemIds = lines.map((line) => line.order_item_id);
  const earlier = await tx
    .select()
    .from(vendorEarnings)
    .where(and(inArray(vendorEarnings.order_item_id, itemIds), inArray(vendorEarnings.kind, ['sale', 'return'])));
  if (earlier.some((entry) => entry.kind === 'return' && entry.return_id === returnId)) return;
  const saleOf = new Map(earlier.filter((entry) => entry.kind === 'sale').map((entry) => [entry.order_item_id, entry]));
  // Return lines keep the units that came back as a negative quantity.
  const returnedBefore = (itemId: number) =>
    -earlier.filter((entry) => entry.kind === 'return' && entry.order_item_id === itemId).reduce((sum, entry) => sum + entry.quantity, 0);

  const recorded = await tx.select({ amount: refunds.amount, status: refunds.status }).from(refunds).where(eq(refunds.return_id, returnId));
  const paidBack =
    recorded.length > 0 ? recorded.filter((refund) => refund.status === 'refunded').reduce((sum, refund) => sum + refund.amount, 0) : back.amount;
  const grossShares = shareByLargestRemainder(
    paidBack,
    lines.map((line) => line.unit_price * line.quantity),
  );
  const now = new Date();
  const rows: EarningRow[] = [];
  lines.forEach((line, i) => {
    const sale = saleOf.get(line.order_item_id);
    if (!sale) return;
    const gross = -grossShares[i]!;
    const commission = -returnedCommission(sale.commission, sale.quantity, returnedBefore(line.order_item_id), line.quantity);
    rows.push({
      vendor_id: back.vendor_id!,
      kind: 'return',
      order_id: back.order_id,
      part_id: back.part_id,
      order_item_id: line.order_item_id,
      return_id: returnId,
      quantity: -line.quantity,
      gross,
      commission,
      net: gross - commission,
      basis_points: sale.basis_points,
      available_at: sale.available_at > now ? sale.available_at : now,
    });
  });
  if (rows.length > 0) await tx.insert(vendorEarnings).values(rows).onConflictDoNothing();
}

/**
 * Writes the cash_collected lines of cash-on-delivery parts its vendors' riders have just collected (inside the
 * delivery's transaction; the store's own parts are the store's cash and have none), once per part, at the moment
 * the part's sales become available.
 */
export async function recordCashCollected(tx: Database, orderId: number, collected: readonly Collection[]): Promise<void> {
  const byVendors = collected.filter((collection) => collection.vendor_id !== null && collection.amount > 0);
  if (byVendors.length === 0) return;
  const parts = await tx
    .select({ id: orderParts.id, delivered_at: orderParts.delivered_at, confirmed_by: orderParts.confirmed_by })
    .from(orderParts)
    .where(
      inArray(
        orderParts.id,
        byVendors.map((collection) => collection.part_id),
      ),
    );
  for (const vendorId of [...new Set(byVendors.map((collection) => collection.vendor_id!))].sort((a, b) => a - b)) await lockVendorBalance(tx, vendorId);
  const rows: EarningRow[] = byVendors.map((collection) => {
    const part = parts.find((row) => row.id === collection.part_id)!;
    return {
      vendor_id: collection.vendor_id!,
      kind: 'cash_collected',
      order_id: orderId,
      part_id: collection.part_id,
      gross: -collection.amount,
      commission: 0,
      net: -collection.amount,
      available_at: partEarningsFrom(part.delivered_at ?? new Date(), part.confirmed_by !== ''),
    };
  });
  await tx.insert(vendorEarnings).values(rows).onConflictDoNothing();
}

/** A part's lines that wait on its delivery being confirmed: its sales, its cash and any return of it. */
const partLines = (partId: number) => and(eq(vendorEarnings.part_id, partId), inArray(vendorEarnings.kind, ['sale', 'cash_collected', 'return']));

/**
 * The buyer (or an administrator's ruling) confirmed a part arrived: its lines are due when the return window
 * ends, or now if it has, however long they were waiting or frozen for.
 */
export async function releasePartEarnings(tx: Database, partId: number, deliveredAt: Date): Promise<void> {
  const due = new Date(Math.max(availableFrom(deliveredAt).getTime(), Date.now()));
  await tx
    .update(vendorEarnings)
    .set({ available_at: due })
    .where(and(partLines(partId), gt(vendorEarnings.available_at, due)));
}

/** The buyer says a part never came: its lines still pending wait, neither pending nor available, for a ruling. */
export async function freezePartEarnings(tx: Database, partId: number): Promise<void> {
  await tx
    .update(vendorEarnings)
    .set({ available_at: FROZEN_UNTIL })
    .where(and(partLines(partId), sql`${vendorEarnings.available_at} > now()`));
}

/**
 * An administrator ruled a part was not delivered: each of its lines is undone by a reversal line, once, and both
 * count now, so the vendor neither earns its sale nor owes its cash.
 */
export async function reversePartEarnings(tx: Database, partId: number): Promise<void> {
  const lines = await tx.select().from(vendorEarnings).where(partLines(partId)).orderBy(asc(vendorEarnings.id));
  if (lines.length === 0) return;
  for (const vendorId of [...new Set(lines.map((line) => line.vendor_id))].sort((a, b) => a - b)) await lockVendorBalance(tx, vendorId);
  const now = new Date();
  await tx
    .update(vendorEarnings)
    .set({ available_at: now })
    .where(and(partLines(partId), gt(vendorEarnings.available_at, now)));
  await tx
    .insert(vendorEarnings)
    .values(
      lines.map((line) => ({
        vendor_id: line.vendor_id,
        kind: 'reversal' as const,
        order_id: line.order_id,
        part_id: line.part_id,
        order_item_id: line.order_item_id,
        return_id: line.return_id,
        reverses_id: line.id,
        quantity: -line.quantity,
        gross: -line.gross,
        commission: -line.commission,
        net: -line.net,
        basis_points: line.basis_points,
        available_at: now,
      })),
    )
    .onConflictDoNothing();
}
