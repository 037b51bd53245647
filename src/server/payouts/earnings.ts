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
 * - The store's own parts (no vendor) earn nobody anything; a cancelled part is never delivered, so earns nothing.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { orderItems, orderParts, products, refunds, returnLines, returns, vendorEarnings } from '../db/schema';
import { commissionOfLines, returnedCommission, shareByLargestRemainder } from '../../lib/commission';
import { rateOfProduct, rateTable, type RateTable } from './commission';
import { lockVendorBalance } from './balances';
import { availableFrom } from './payout-settings';

type EarningRow = typeof vendorEarnings.$inferInsert;

/** Writes the sale lines of the parts just delivered (inside the delivery's transaction; parts without a vendor skipped). */
export async function recordSaleEarnings(tx: Database, partIds: readonly number[]): Promise<void> {
  if (partIds.length === 0) return;
  const parts = await tx
    .select({ id: orderParts.id, order_id: orderParts.order_id, vendor_id: orderParts.vendor_id, delivered_at: orderParts.delivered_at })
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
    const availableAt = availableFrom(part.delivered_at ?? new Date());
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
