/**
 * An order's parts: its lines grouped by the vendor who sends them, each moving on its own (pending →
 * processing → shipped → delivered, or cancelled before it ships), changed only by that vendor or an
 * administrator. The order's status and timeline follow its parts; a cancelled part gives its stock back and
 * the payment ledger, under the same lock, records what was paid for it as a refund.
 *
 * A part that ships gets a handover code, texted to the buyer and shown on the buyer's order page alone; the
 * vendor marks the part delivered with it (wrong codes are counted, and lock the code at HANDOVER_CODE_TRIES). A
 * part marked delivered without it waits for the buyer: "I received it" confirms it, "I did not receive it" opens
 * a dispute that freezes its earnings until an administrator rules (delivered, or not: then the part is cancelled,
 * its earnings undone and what was paid for it refunded). A cash-on-delivery part delivered records the cash its
 * rider took, on the payment and in the vendor's ledger.
 *
 * This module owns the order_parts table. It also moves the order's status and writes its timeline entries
 * about parts (the orders module reads them).
 */
import { randomInt } from 'node:crypto';
import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { getDb, type Database } from '../db/client';
import type { Change } from '../cache/purge';
import { orderEvents, orderItems, orderParts, orders } from '../db/schema';
import { orderEventRow } from './order-timeline';
import type { OrderEventEntry } from '../../lib/order-events';
import { Conflict, Forbidden, Invalid, NotFound } from '../errors';
import {
  canBuyerCancel,
  canMoveOrder,
  mayPrepare,
  type CancelReason,
  orderStatusOfParts,
  PREPARABLE_PAYMENT_STATUSES,
  type OrderStatus,
  type PaymentStatus,
} from '../../lib/order-rules';
import { releaseStock } from '../catalog/products';
import { freezePartEarnings, recordCashCollected, recordSaleEarnings, releasePartEarnings, reversePartEarnings } from '../payouts/earnings';
import { disputeClosesAt } from '../payouts/payout-settings';
import { HANDOVER_CODE_TRIES, handoverCodeOf } from '../../lib/cash-on-delivery';
import { productFiguresChange } from '../catalog/catalogue-changes';
import { vendorNames } from '../catalog/vendors';
import { latestPayment, recordPaymentNews, runFollowUps } from '../payments/payments';
import { collectCashOnDelivery, noFollowUps, settleOrder, uncollectCash, withOrderLocked, type FollowUps } from '../payments/ledger';
import type { SessionUser } from '../accounts/sessions';
import { isAdmin, sellerRefused } from '../accounts/roles';
import { message, type Message } from '../../lib/messages/message';
import { announce } from '../events/event-bus';
import { STORE } from '../../lib/store';

export type OrderPartRow = typeof orderParts.$inferSelect;
/**
 * A part as the API shows it: who sends it and how far it has come, whether its delivery is confirmed, and
 * whether its handover code is locked. Its handover code is not in it: only the buyer's view adds it.
 */
export type OrderPart = Omit<OrderPartRow, 'handover_code' | 'handover_failures'> & {
  vendor_name: string;
  delivery_confirmed: boolean;
  handover_locked: boolean;
};

/**
 * A part delivered counts as received when the rider was given its code, the buyer said so or an administrator
 * ruled it, or when the buyer's days to dispute it passed in silence.
 */
export function deliveryConfirmed(part: Pick<OrderPartRow, 'status' | 'confirmed_by' | 'dispute' | 'delivered_at'>, now = new Date()): boolean {
  if (part.status !== 'delivered') return false;
  if (part.confirmed_by !== '') return true;
  return part.dispute === '' && part.delivered_at !== null && disputeClosesAt(part.delivered_at) <= now;
}

/** The part as everyone but its buyer may see it: without its handover code. */
export function partView({ handover_code: _code, handover_failures: _failures, ...row }: OrderPartRow, vendorName: string): OrderPart {
  return { ...row, vendor_name: vendorName, delivery_confirmed: deliveryConfirmed(row), handover_locked: row.handover_locked_at !== null };
}

/** The handover codes of an order's parts on their way, for its buyer's eyes only (part id → code). */
export async function handoverCodesOf(orderId: number): Promise<Map<number, string>> {
  const db = await getDb();
  const rows = await db
    .select({ id: orderParts.id, code: orderParts.handover_code })
    .from(orderParts)
    .where(and(eq(orderParts.order_id, orderId), eq(orderParts.status, 'shipped')));
  return new Map(rows.filter((row) => row.code !== '').map((row) => [row.id, row.code]));
}

/** A new handover code: four digits, any of the 10,000 alike. */
const newHandoverCode = () => String(randomInt(0, 10_000)).padStart(4, '0');

/** The longest tracking note a vendor may give when a part ships. */
export const TRACKING_NOTE_MAX = 200;

/** Reads the shop names of the parts' vendors: a part's sender, the store's own name for its own products. */
export async function senderNames(db: Database, parts: readonly Pick<OrderPartRow, 'vendor_id'>[]): Promise<(part: Pick<OrderPartRow, 'vendor_id'>) => string> {
  const names = await vendorNames(
    db,
    parts.flatMap((part) => (part.vendor_id === null ? [] : [part.vendor_id])),
  );
  return (part) => (part.vendor_id === null ? STORE.name : (names.get(part.vendor_id) ?? STORE.name));
}

/** The parts of these orders, oldest first, each with its vendor's shop name. */
export async function partsOfOrders(orderIds: readonly number[]): Promise<OrderPart[]> {
  if (orderIds.length === 0) return [];
  const db = await getDb();
  const where = inArray(orderParts.order_id, [...orderIds]);
  return namedParts(db, await db.select().from(orderParts).where(where).orderBy(asc(orderParts.id)));
}

/** Parts as the API shows them, each with its vendor's shop name (the store's own name for its own products). */
async function namedParts(db: Database, rows: readonly OrderPartRow[]): Promise<OrderPart[]> {
  const nameOf = await senderNames(db, rows);
  return rows.map((row) => partView(row, nameOf(row)));
}

/** The parts a vendor sends (every part for an administrator), for lists and counts. */
export function partsSentBy(seller: SessionUser) {
  return isAdmin(seller) ? undefined : eq(orderParts.vendor_id, seller.id);
}

/**
 * A part someone can work on: not one still waiting for its order's payment (an order paid before delivery is
 * prepared only once paid; cash on delivery at once). For queries that join the part's order.
 */
export const notAwaitingPayment = sql`NOT (${orderParts.status} = 'pending' AND ${orders.payment_status} NOT IN (${sql.join(
  PREPARABLE_PAYMENT_STATUSES.map((status) => sql`${status}`),
  sql`, `,
)}))`;

/** A part its vendor was shown: not one waiting for payment, nor one cancelled before its order was ever paid. */
const shownToVendor = sql`NOT (${orderParts.status} IN ('pending', 'cancelled') AND ${orders.payment_status} NOT IN (${sql.join(
  [...PREPARABLE_PAYMENT_STATUSES, 'REFUNDED'].map((status) => sql`${status}`),
  sql`, `,
)}))`;

/** The parts a vendor sees on the dashboard: its own that it was shown (every part for an administrator, who may cancel an unpaid one). */
export function partsListedFor(seller: SessionUser) {
  return isAdmin(seller) ? undefined : and(eq(orderParts.vendor_id, seller.id), shownToVendor);
}

export type PartCounts = { to_prepare: number; new_today: number; items_to_prepare: number; shipped: number; delivered: number; cancelled: number };

/**
 * What a vendor has to do, counted by part: to prepare (placed or being prepared, and how many of those came
 * in today, Kampala time; parts still waiting for their order's payment are not counted), on the way,
 * delivered, cancelled.
 */
export async function partCounts(seller: SessionUser): Promise<PartCounts> {
  const db = await getDb();
  const toPrepare = sql`${orderParts.status} IN ('pending', 'processing') AND ${notAwaitingPayment}`;
  const today = sql`(${orderParts.created_at} AT TIME ZONE 'Africa/Kampala')::date = (now() AT TIME ZONE 'Africa/Kampala')::date`;
  const [parts] = await db
    .select({
      to_prepare: sql<number>`count(*) FILTER (WHERE ${toPrepare})::int`,
      new_today: sql<number>`count(*) FILTER (WHERE ${toPrepare} AND ${today})::int`,
      shipped: sql<number>`count(*) FILTER (WHERE ${orderParts.status} = 'shipped')::int`,
      delivered: sql<number>`count(*) FILTER (WHERE ${orderParts.status} = 'delivered')::int`,
      cancelled: sql<number>`count(*) FILTER (WHERE ${orderParts.status} = 'cancelled')::int`,
    })
    .from(orderParts)
    .innerJoin(orders, eq(orders.id, orderParts.order_id))
    .where(partsListedFor(seller));
  const [items] = await db
    .select({ n: sql<number>`coalesce(sum(${orderItems.quantity}), 0)::int` })
    .from(orderItems)
    .innerJoin(orderParts, eq(orderParts.id, orderItems.part_id))
    .innerJoin(orders, eq(orders.id, orderParts.order_id))
    .where(and(partsSentBy(seller), toPrepare));
  return {
    to_prepare: parts?.to_prepare ?? 0,
    new_today: parts?.new_today ?? 0,
    items_to_prepare: items?.n ?? 0,
    shipped: parts?.shipped ?? 0,
    delivered: parts?.delivered ?? 0,
    cancelled: parts?.cancelled ?? 0,
  };
}

/** Who is changing an order and which of its parts they may move: all of them (null) for an administrator. */
export type PartChangeScope = { actor: SessionUser; orderId: number; partIds: number[] | null };

/** The text of a refused status change: the spec's failure, then why. */
const statusFailed = (reason: Message) => message('api', 'because', message('order', 'statusFailed'), reason);

/**
 * Checks who may change an order before anything they sent is read: an administrator acts on every part, an
 * approved, active vendor only on its own parts (all of them, or the one named); anyone else is refused.
 */
export async function partChangeScope(actor: SessionUser, orderId: number, partId?: number): Promise<PartChangeScope> {
  const refusal = sellerRefused(actor);
  if (refusal) throw new Forbidden(statusFailed(refusal));
  const db = await getDb();
  const [order] = await db.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId)).limit(1);
  if (!order) throw new NotFound(message('order', 'notFound'));
  const parts = await db
    .select({ id: orderParts.id, vendor_id: orderParts.vendor_id })
    .from(orderParts)
    .where(and(eq(orderParts.order_id, orderId), partId === undefined ? undefined : eq(orderParts.id, partId)));
  if (partId !== undefined && parts.length === 0) throw new NotFound(message('order', 'partNotFound'));
  if (isAdmin(actor)) return { actor, orderId, partIds: partId === undefined ? null : [partId] };
  const own = parts.filter((part) => part.vendor_id === actor.id);
  if (own.length === 0) throw new Forbidden(statusFailed(message('order', 'notTheirs')));
  return { actor, orderId, partIds: own.map((part) => part.id) };
}

export type PartChange = { status?: OrderStatus; tracking_note?: string; payment_status?: 'COMPLETED'; handover_code?: string };

/**
 * Moves the parts in scope along (pending → processing → shipped → delivered, or cancelled before shipping).
 * Under the order's lock: each part is read again, so two clicks move it once and give its stock back once;
 * the order's status follows its parts, the buyer is texted, and the ledger settles what is owed (a paid part
 * cancelled becomes a refund). An administrator may also confirm a manual transfer (payment_status).
 */
export async function changeParts(scope: PartChangeScope, change: PartChange): Promise<{ status: OrderStatus; payment_status: string }> {
  const { orderId } = scope;
  if (change.payment_status) {
    if (scope.partIds) throw new Forbidden(statusFailed(message('order', 'storeConfirmsPayment')));
    const payment = await latestPayment(orderId);
    if (!payment || payment.gateway !== 'manual') throw new Conflict(statusFailed(message('order', 'manualOnly')));
    await recordPaymentNews(payment.id, { reported: 'COMPLETED', source: 'administrator', details: { confirmed_by: scope.actor.id } });
  }
  if (change.status) {
    const to = change.status;
    const byCode = to === 'delivered' && change.handover_code !== undefined ? await checkHandoverCode(scope, change.handover_code) : null;
    const followUps = await withOrderLocked(orderId, (tx, changed) => moveParts(tx, scope, to, change.tracking_note ?? '', changed, undefined, byCode));
    if (followUps) await runFollowUps(followUps);
  }
  const db = await getDb();
  const [after] = await db.select({ status: orders.status, payment_status: orders.payment_status }).from(orders).where(eq(orders.id, orderId));
  return { status: after!.status as OrderStatus, payment_status: after!.payment_status };
}

/**
 * The buyer cancels their own order while none of it has left: every live part is cancelled under the order's
 * lock (a vendor moving a part or a payment landing at the same moment goes wholly before or after), so its stock
 * comes back once; the ledger closes the open payment and records what was paid as a refund. An order already
 * cancelled is left as it is. Someone else's order is 'Order not found'.
 */
export async function cancelOrderByBuyer(buyer: SessionUser, orderId: number): Promise<void> {
  const followUps = await withOrderLocked(orderId, async (tx, changed): Promise<FollowUps> => {
    const [order] = await tx.select({ user_id: orders.user_id, status: orders.status }).from(orders).where(eq(orders.id, orderId));
    if (order!.user_id !== buyer.id) throw new NotFound(message('order', 'notFound'));
    if (order!.status === 'cancelled') return noFollowUps();
    return cancelLiveParts(tx, orderId, changed);
  });
  if (!followUps) throw new NotFound(message('order', 'notFound'));
  await runFollowUps(followUps);
}

/**
 * The store cancels an order nobody paid for in time (orders/unpaid-orders.ts) the way a buyer does: under the
 * order's lock, and only when `stillDue` says so there, so instances racing for it, a payment landing or the
 * buyer cancelling go wholly before or after and the stock comes back once. The timeline, the order and the
 * buyer's text say why. True when this call cancelled it.
 */
export async function cancelUnpaidOrder(orderId: number, stillDue: (tx: Database) => Promise<boolean>): Promise<boolean> {
  let cancelled = false;
  const followUps = await withOrderLocked(orderId, async (tx, changed): Promise<FollowUps> => {
    if (!(await stillDue(tx))) return noFollowUps();
    cancelled = true;
    return cancelLiveParts(tx, orderId, changed, 'unpaid');
  });
  if (followUps) await runFollowUps(followUps);
  return cancelled;
}

/** Cancels every live part of an order none of which has left, inside its lock; the ledger closes its open payment and refunds what was paid. */
async function cancelLiveParts(tx: Database, orderId: number, changed: (change: Change) => void, reason?: CancelReason): Promise<FollowUps> {
  const parts = await tx.select({ id: orderParts.id, status: orderParts.status }).from(orderParts).where(eq(orderParts.order_id, orderId));
  if (!canBuyerCancel(parts.map((part) => part.status as OrderStatus))) throw new Conflict(message('order', 'cannotCancel'));
  const live = parts.filter((part) => part.status !== 'cancelled').map((part) => part.id);
  return moveParts(tx, { orderId, partIds: live }, 'cancelled', '', changed, reason);
}

/**
 * Checks the handover code given for the one part in scope, in a transaction of its own that holds the part's row,
 * so a wrong code is counted even though the change is refused, and guesses at once are counted one by one. The
 * part's id when the code is right.
 */
async function checkHandoverCode(scope: PartChangeScope, typed: string): Promise<number> {
  const code = handoverCodeOf(typed);
  if (code === null) throw new Invalid(message('order', 'handoverCodeFormat'));
  const db = await getDb();
  const candidates =
    scope.partIds ?? (await db.select({ id: orderParts.id }).from(orderParts).where(eq(orderParts.order_id, scope.orderId))).map((part) => part.id);
  if (candidates.length !== 1) throw new Invalid(message('order', 'handoverCodeOnePart'));
  const partId = candidates[0]!;
  const wrong = await db.transaction(async (tx) => {
    const [part] = await tx.select().from(orderParts).where(eq(orderParts.id, partId)).for('update');
    if (!part) throw new NotFound(message('order', 'partNotFound'));
    if (part.handover_locked_at) return { locked: true, left: 0 };
    if (part.handover_code !== '' && part.handover_code === code) return null;
    const failures = part.handover_failures + 1;
    await tx
      .update(orderParts)
      .set({ handover_failures: failures, ...(failures >= HANDOVER_CODE_TRIES ? { handover_locked_at: new Date() } : {}) })
      .where(eq(orderParts.id, partId));
    return { locked: failures >= HANDOVER_CODE_TRIES, left: HANDOVER_CODE_TRIES - failures };
  });
  if (wrong?.locked) throw new Conflict(statusFailed(message('order', 'handoverLocked')));
  if (wrong) throw new Invalid(statusFailed(message('order', 'wrongHandoverCode', wrong.left)));
  return partId;
}

async function moveParts(
  tx: Database,
  scope: Omit<PartChangeScope, 'actor'>,
  to: OrderStatus,
  trackingNote: string,
  changed: (change: Change) => void,
  reason?: CancelReason,
  handedOverWithCode: number | null = null,
) {
  const { orderId } = scope;
  const parts = await tx.select().from(orderParts).where(eq(orderParts.order_id, orderId)).orderBy(asc(orderParts.id));
  const inScope = parts.filter((part) => scope.partIds === null || scope.partIds.includes(part.id));
  const moving = inScope.filter((part) => part.status !== to);
  if (moving.length === 0) return noFollowUps();
  const nameOf = await senderNames(tx, parts);
  const stuck = moving.find((part) => !canMoveOrder(part.status as OrderStatus, to));
  if (stuck) {
    const now = stuck.status as OrderStatus;
    throw new Conflict(
      statusFailed(
        parts.length > 1
          ? message('order', 'partCannotBecome', nameOf(stuck), message('orderStatus', now), to)
          : message('order', 'orderCannotBecome', now, to),
      ),
    );
  }
  // Read under the lock: a payment landing at the same moment is either in or not yet, never half.
  const [payment] = await tx.select({ status: orders.payment_status }).from(orders).where(eq(orders.id, orderId));
  if (to !== 'cancelled' && moving.some((part) => part.status === 'pending') && !mayPrepare(payment!.status as PaymentStatus)) {
    throw new Conflict(statusFailed(message('order', 'notPaidYet')));
  }

  const now = new Date();
  const codes = new Map(to === 'shipped' ? moving.map((part) => [part.id, newHandoverCode()]) : []);
  for (const part of moving) {
    const byCode = part.id === handedOverWithCode;
    await tx
      .update(orderParts)
      .set({
        status: to,
        updated_at: now,
        ...(to === 'delivered' ? { delivered_at: now, ...(byCode ? { confirmed_by: 'code', confirmed_at: now } : {}) } : {}),
        ...(to === 'shipped' ? { handover_code: codes.get(part.id)!, ...(trackingNote ? { tracking_note: trackingNote } : {}) } : {}),
      })
      .where(eq(orderParts.id, part.id));
  }
  const movedIds = new Set(moving.map((part) => part.id));
  const unconfirmed = to === 'delivered' && moving.some((part) => part.id !== handedOverWithCode);
  if (to === 'delivered') {
    await recordSaleEarnings(tx, [...movedIds]);
    await recordCashCollected(tx, orderId, await collectCashOnDelivery(tx, orderId));
  }
  const lines = await tx
    .select({ product_id: orderItems.product_id, quantity: orderItems.quantity, product_name: orderItems.product_name, part_id: orderItems.part_id })
    .from(orderItems)
    .where(eq(orderItems.order_id, orderId))
    .orderBy(asc(orderItems.id));
  if (to === 'cancelled') {
    const released = lines.filter((line) => movedIds.has(line.part_id));
    for (const line of released) await releaseStock(tx, line.product_id, line.quantity);
    changed(
      await productFiguresChange(
        tx,
        released.map((line) => line.product_id),
      ),
    );
  }

  const [order] = await tx
    .select({
      id: orders.id,
      status: orders.status,
      customer_name: orders.customer_name,
      customer_phone: orders.customer_phone,
      total: orders.total,
      payment_status: orders.payment_status,
      language: orders.language,
    })
    .from(orders)
    .where(eq(orders.id, orderId));
  const statusesAfter = parts.map((part) => (movedIds.has(part.id) ? to : (part.status as OrderStatus)));
  const orderStatus = orderStatusOfParts(statusesAfter);
  const wholeOrder = orderStatus === to && statusesAfter.filter((status) => status !== 'cancelled').every((status) => status === to);
  if (orderStatus !== order!.status)
    await tx
      .update(orders)
      .set({ status: orderStatus, updated_at: now, ...(reason ? { cancel_reason: reason } : {}) })
      .where(eq(orders.id, orderId));
  if (wholeOrder) {
    if (orderStatus !== order!.status) {
      const event: OrderEventEntry = reason ? { kind: 'store_cancelled', values: { reason } } : { kind: 'order', values: { status: to } };
      await tx.insert(orderEvents).values(orderEventRow(orderId, event));
      const handover = moving.map((part) => ({ vendorName: nameOf(part), code: codes.get(part.id) ?? '' })).filter((entry) => entry.code !== '');
      await announce(tx, 'order.status_changed', { status: to, order: order!, reason, codes: handover, unconfirmed });
    }
  } else {
    for (const part of moving) {
      const items = lines.filter((line) => line.part_id === part.id).map((line) => line.product_name);
      // One vendor's part moved: the timeline names who sends it and what is in it.
      await tx.insert(orderEvents).values(orderEventRow(orderId, { kind: 'part', values: { status: to, vendor: nameOf(part), items } }));
      await announce(tx, 'part.status_changed', {
        status: to,
        order: order!,
        vendorName: nameOf(part),
        code: codes.get(part.id),
        unconfirmed: to === 'delivered' && part.id !== handedOverWithCode,
      });
    }
  }
  return settleOrder(tx, orderId);
}

/** Whether the buyer may still say a part never came: delivered without its code, undisputed, within its days. */
export function mayDispute(part: Pick<OrderPartRow, 'status' | 'confirmed_by' | 'dispute' | 'delivered_at'>, now = new Date()): boolean {
  return (
    part.status === 'delivered' && part.confirmed_by === '' && part.dispute === '' && part.delivered_at !== null && now < disputeClosesAt(part.delivered_at)
  );
}

/** The buyer's own part of their own order, read under the order's lock; anyone else's is 'Order not found'. */
async function buyersPart(tx: Database, buyer: SessionUser, orderId: number, partId: number): Promise<OrderPartRow> {
  const [row] = await tx
    .select({ part: orderParts, buyer: orders.user_id })
    .from(orderParts)
    .innerJoin(orders, eq(orders.id, orderParts.order_id))
    .where(and(eq(orderParts.id, partId), eq(orderParts.order_id, orderId)));
  if (!row || row.buyer !== buyer.id) throw new NotFound(message('order', 'notFound'));
  return row.part;
}

/**
 * The buyer says a part marked delivered without its code arrived (also while they had said it did not and no
 * ruling came yet): it is confirmed, and its earnings are due when the return window ends.
 */
export async function confirmPartReceived(buyer: SessionUser, orderId: number, partId: number): Promise<void> {
  const done = await withOrderLocked(orderId, async (tx) => {
    const part = await buyersPart(tx, buyer, orderId, partId);
    if (part.status !== 'delivered' || !part.delivered_at) throw new Conflict(message('order', 'notDeliveredYet'));
    if (part.confirmed_by !== '' || (part.dispute !== '' && part.dispute !== 'open')) throw new Conflict(message('order', 'alreadyConfirmed'));
    const now = new Date();
    await tx
      .update(orderParts)
      .set({ confirmed_by: 'buyer', confirmed_at: now, dispute: '', disputed_at: null, updated_at: now })
      .where(eq(orderParts.id, partId));
    await releasePartEarnings(tx, partId, part.delivered_at);
  });
  if (done === null) throw new NotFound(message('order', 'notFound'));
}

/**
 * The buyer says a part marked delivered without its code never came, within DELIVERY_CONFIRM_DAYS: the part is
 * disputed for an administrator, its earnings (and the cash its rider is said to hold) are frozen, and its vendor
 * is texted.
 */
export async function reportPartNotReceived(buyer: SessionUser, orderId: number, partId: number, origin: string): Promise<void> {
  const done = await withOrderLocked(orderId, async (tx) => {
    const part = await buyersPart(tx, buyer, orderId, partId);
    if (part.status !== 'delivered' || !part.delivered_at) throw new Conflict(message('order', 'notDeliveredYet'));
    if (part.dispute === 'open') throw new Conflict(message('order', 'alreadyDisputed'));
    if (part.confirmed_by !== '' || part.dispute !== '') throw new Conflict(message('order', 'alreadyConfirmed'));
    if (!mayDispute(part)) throw new Conflict(message('order', 'disputeClosed'));
    const now = new Date();
    await tx.update(orderParts).set({ dispute: 'open', disputed_at: now, updated_at: now }).where(eq(orderParts.id, partId));
    await freezePartEarnings(tx, partId);
    await announce(tx, 'part.disputed', { orderId, vendorId: part.vendor_id, origin });
  });
  if (done === null) throw new NotFound(message('order', 'notFound'));
}

/** A disputed part, as administrators list them: the order, who sends it, what it is worth, since when. */
export type DisputedPart = {
  order_id: number;
  part_id: number;
  vendor_id: number | null;
  vendor_name: string;
  amount: number;
  disputed_at: string;
  customer_name: string;
};

/** Every part whose buyer says it never came and that no administrator ruled on yet, oldest first. */
export async function openDisputes(): Promise<DisputedPart[]> {
  const db = await getDb();
  const rows = await db
    .select({ part: orderParts, customer_name: orders.customer_name, amount: sql<number>`coalesce(sum(${orderItems.subtotal}), 0)::int` })
    .from(orderParts)
    .innerJoin(orders, eq(orders.id, orderParts.order_id))
    .leftJoin(orderItems, eq(orderItems.part_id, orderParts.id))
    .where(eq(orderParts.dispute, 'open'))
    .groupBy(orderParts.id, orders.customer_name)
    .orderBy(asc(orderParts.disputed_at));
  const nameOf = await senderNames(
    db,
    rows.map((row) => row.part),
  );
  return rows.map(({ part, customer_name, amount }) => ({
    order_id: part.order_id,
    part_id: part.id,
    vendor_id: part.vendor_id,
    vendor_name: nameOf(part),
    amount: Number(amount),
    disputed_at: (part.disputed_at ?? part.updated_at).toISOString(),
    customer_name,
  }));
}

/**
 * An administrator rules on a disputed part. Delivered: it is confirmed and its earnings are due when the return
 * window ends. Not delivered: the part is cancelled (its stock is not back: it left the shop), its earnings and
 * cash lines are reversed, its cash is no longer counted as collected, and what was paid for it online is refunded
 * through the ledger, once.
 */
export async function resolveDispute(admin: SessionUser, orderId: number, partId: number, ruling: 'delivered' | 'not_delivered'): Promise<void> {
  if (!isAdmin(admin)) throw new Forbidden(message('role', 'adminOnly'));
  const followUps = await withOrderLocked(orderId, async (tx): Promise<FollowUps> => {
    const [part] = await tx
      .select()
      .from(orderParts)
      .where(and(eq(orderParts.id, partId), eq(orderParts.order_id, orderId)));
    if (!part) throw new NotFound(message('order', 'partNotFound'));
    if (part.dispute !== 'open') throw new Conflict(message('order', 'noOpenDispute'));
    const now = new Date();
    if (ruling === 'delivered') {
      await tx
        .update(orderParts)
        .set({ dispute: 'delivered', confirmed_by: 'administrator', confirmed_at: now, updated_at: now })
        .where(eq(orderParts.id, partId));
      await releasePartEarnings(tx, partId, part.delivered_at ?? now);
      return noFollowUps();
    }
    await tx.update(orderParts).set({ dispute: 'not_delivered', status: 'cancelled', updated_at: now }).where(eq(orderParts.id, partId));
    await reversePartEarnings(tx, partId);
    await uncollectCash(tx, orderId, partId);
    const parts = await tx.select({ status: orderParts.status }).from(orderParts).where(eq(orderParts.order_id, orderId));
    const orderStatus = orderStatusOfParts(parts.map((row) => row.status as OrderStatus));
    await tx.update(orders).set({ status: orderStatus, updated_at: now }).where(eq(orders.id, orderId));
    const items = await tx.select({ name: orderItems.product_name }).from(orderItems).where(eq(orderItems.part_id, partId));
    const nameOf = await senderNames(tx, [part]);
    await tx.insert(orderEvents).values(
      orderEventRow(orderId, {
        kind: 'part',
        values: { status: 'cancelled', vendor: nameOf(part), items: items.map((item) => item.name) },
      }),
    );
    return settleOrder(tx, orderId);
  });
  if (followUps === null) throw new NotFound(message('order', 'notFound'));
  await runFollowUps(followUps);
}

/** An administrator looked at a part whose handover code was locked by wrong tries: the code works again. */
export async function unlockHandoverCode(admin: SessionUser, orderId: number, partId: number): Promise<void> {
  if (!isAdmin(admin)) throw new Forbidden(message('role', 'adminOnly'));
  const db = await getDb();
  const unlocked = await db
    .update(orderParts)
    .set({ handover_failures: 0, handover_locked_at: null, updated_at: new Date() })
    .where(and(eq(orderParts.id, partId), eq(orderParts.order_id, orderId)))
    .returning({ id: orderParts.id });
  if (unlocked.length === 0) throw new NotFound(message('order', 'partNotFound'));
}

/** A part whose handover code wrong tries locked, as administrators list them. */
export type LockedHandover = { order_id: number; part_id: number; vendor_name: string; customer_name: string; locked_at: string };

/** Every part on its way whose handover code is locked by wrong tries, oldest lock first. */
export async function lockedHandoverCodes(): Promise<LockedHandover[]> {
  const db = await getDb();
  const rows = await db
    .select({ part: orderParts, customer_name: orders.customer_name })
    .from(orderParts)
    .innerJoin(orders, eq(orders.id, orderParts.order_id))
    .where(and(isNotNull(orderParts.handover_locked_at), eq(orderParts.status, 'shipped')))
    .orderBy(asc(orderParts.handover_locked_at));
  const nameOf = await senderNames(
    db,
    rows.map((row) => row.part),
  );
  return rows.map(({ part, customer_name }) => ({
    order_id: part.order_id,
    part_id: part.id,
    vendor_name: nameOf(part),
    customer_name,
    locked_at: part.handover_locked_at!.toISOString(),
  }));
}
