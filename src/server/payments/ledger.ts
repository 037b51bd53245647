/**
 * The payment ledger: every change to an order's payments happens here, in one transaction that first locks
 * the order's row, so news about one order is applied one piece at a time on every database and instance
 * (PGlite's single connection hides the races that PostgreSQL's pool would otherwise let through).
 *
 * Under that lock an attempt moves only along the steps `nextPaymentStatus` allows (money only moves
 * forward), every piece of news is written to payment_events with what it did, the order's payment status is
 * worked out again from all its attempts, attempts still open on an order that is paid or cancelled are
 * closed, and money paid beyond what the order still owes becomes a refund. Cash collected on delivery is kept
 * on the order's cash-on-delivery attempt part by part (`details.collected`: each part, its amount, who took it),
 * and the attempt is COMPLETED, for what was collected, once no part is left to deliver. What needs a gateway (closing a
 * payment page, paying money back) is returned as follow-ups and done after the commit, never while the
 * lock is held.
 *
 * This module owns payments, payment_events and refunds. It also keeps the order's payment side: the order's
 * payment_status, its timeline entries about payments, and it reads the order's lines, parts and returns for
 * what is still owed (items returned and received are no longer owed: what was paid for them is refunded).
 */
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import { getDb, type Database } from '../db/client';
import { transactionWithPurge, type Change } from '../cache/purge';
import { orderEvents, orderItems, orderParts, orders, paymentEvents, payments, refunds, returns } from '../db/schema';
import { orderEventRow } from '../orders/order-timeline';
import { nextPaymentStatus, orderPaymentStatus, refundOwed, type PaymentStatus } from '../../lib/order-rules';
import { RETURNED_STATUSES } from '../../lib/return-rules';
import type { RefundReason } from './gateway';
import type { MoneyRefund } from '../../lib/order-money';
import { announce } from '../events/event-bus';
import { collections, type Collection } from '../../lib/cash-on-delivery';

export type Payment = typeof payments.$inferSelect;
export type Refund = typeof refunds.$inferSelect;

/** News about one attempt: what its gateway (or the store, or an administrator) says it is now. */
export type PaymentNews = {
  reported: PaymentStatus;
  /** Who says so: 'stripe webhook', 'pesapal status', 'store', 'administrator' ... */
  source: string;
  /** The gateway's id for the message, such as a Stripe event id. */
  externalId?: string;
  details?: Record<string, unknown>;
  /** Set when the news is not to be believed (a payment for another amount): recorded, changes nothing. */
  ignoredBecause?: string;
};

/** Work for after the commit: payment pages to close at their gateways, refunds to pay back through them. */
export type FollowUps = { close: Payment[]; refunds: Refund[] };

export const noFollowUps = (): FollowUps => ({ close: [], refunds: [] });

/**
 * Runs `work` in a transaction holding the order's row lock; null when there is no such order. What it
 * reports with `changed` (stock given back) is dropped from the caches once it commits, and what it announces
 * (the order paid, shipped, cancelled ...) is heard then (cache/purge.ts).
 */
export async function withOrderLocked<T>(orderId: number, work: (tx: Database, changed: (change: Change) => void) => Promise<T>): Promise<T | null> {
  const db = await getDb();
  return transactionWithPurge(db, async (tx, changed) => {
    const [locked] = await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId)).for('update');
    return locked ? work(tx, changed) : null;
  });
}

/** The order's attempts, oldest first. */
export function attemptsOf(tx: Database, orderId: number): Promise<Payment[]> {
  return tx.select().from(payments).where(eq(payments.order_id, orderId)).orderBy(asc(payments.id));
}

/** Attempts as the order's payment rules read them. */
export const outlines = (attempts: readonly Payment[]) => attempts.map((attempt) => ({ status: attempt.status as PaymentStatus, gateway: attempt.gateway }));

/** Writes one piece of news to the attempt's history, whatever it did. */
async function logNews(tx: Database, payment: Payment, news: PaymentNews, after: PaymentStatus, outcome: string) {
  await tx.insert(paymentEvents).values({
    payment_id: payment.id,
    order_id: payment.order_id,
    source: news.source,
    external_id: news.externalId ?? '',
    reported: news.reported,
    status_before: payment.status,
    status_after: after,
    outcome,
    details: news.details ?? {},
  });
}

/**
 * Applies news to one attempt inside a transaction that holds the order's lock. Returns the attempt as it
 * now stands and whether it moved.
 */
export async function applyNews(tx: Database, paymentId: number, news: PaymentNews): Promise<{ payment: Payment; moved: boolean }> {
  const [payment] = await tx.select().from(payments).where(eq(payments.id, paymentId));
  if (!payment) throw new Error(`payment ${paymentId} not found`);
  const current = payment.status as PaymentStatus;
  const next = news.ignoredBecause ? current : nextPaymentStatus(current, news.reported);
  if (next === current) {
    const why = news.ignoredBecause ?? (news.reported === current ? `already ${current}` : `${current} cannot become ${news.reported}`);
    await logNews(tx, payment, news, current, `ignored: ${why}`);
    return { payment, moved: false };
  }
  const alreadyPaid = next === 'COMPLETED' && (await attemptsOf(tx, payment.order_id)).some((other) => other.id !== payment.id && other.status === 'COMPLETED');
  const [saved] = await tx
    .update(payments)
    .set({ status: next, details: { ...payment.details, ...news.details }, updated_at: new Date() })
    .where(eq(payments.id, payment.id))
    .returning();
  await logNews(tx, payment, news, next, alreadyPaid ? 'overpayment' : 'applied');
  return { payment: saved!, moved: true };
}

/**
 * Brings the order's payment side up to date after any change to its attempts or lines, inside the
 * order's lock: its payment status (and a timeline entry when it changes), attempts left open on an order
 * that is paid or cancelled closed, and a refund for money paid beyond what the order still owes.
 */
export async function settleOrder(tx: Database, orderId: number): Promise<FollowUps> {
  const [order] = await tx
    .select({
      id: orders.id,
      status: orders.status,
      payment_status: orders.payment_status,
      total: orders.total,
      delivery_fee: orders.delivery_fee,
      customer_name: orders.customer_name,
      customer_phone: orders.customer_phone,
      language: orders.language,
    })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (!order) return noFollowUps();
  await completeCashOnDelivery(tx, orderId);
  let attempts = await attemptsOf(tx, orderId);

  const followUps = noFollowUps();
  const paid = orderPaymentStatus(outlines(attempts)) === 'COMPLETED';
  if (paid || order.status === 'cancelled') {
    const open = attempts.filter((attempt) => attempt.status === 'PENDING_PAYMENT' || (order.status === 'cancelled' && attempt.status === 'PAY_ON_DELIVERY'));
    for (const attempt of open) {
      const reason = paid ? 'the order is paid' : 'the order is cancelled';
      await applyNews(tx, attempt.id, { reported: 'CANCELLED', source: 'store', details: { closed_because: reason } });
      if (attempt.gateway_reference) followUps.close.push(attempt);
    }
    if (open.length > 0) attempts = await attemptsOf(tx, orderId);
  }

  const status = orderPaymentStatus(outlines(attempts));
  if (status !== order.payment_status) {
    await tx.update(orders).set({ payment_status: status, updated_at: new Date() }).where(eq(orders.id, orderId));
    await tx.insert(orderEvents).values(orderEventRow(orderId, { kind: 'payment', values: { status } }));
    if (status === 'COMPLETED') await announce(tx, 'payment.completed', { order, collectedAtDoor: attempts.at(-1)?.gateway === 'cash_on_delivery' });
    // Switched to cash from an online way to pay, and never on delivery before: the order may now be prepared.
    const switchedToCash = status === 'PAY_ON_DELIVERY' && attempts.slice(0, -1).every((attempt) => attempt.gateway !== 'cash_on_delivery');
    if (switchedToCash && attempts.length > 1) await announce(tx, 'payment.on_delivery', { order });
  }

  followUps.refunds = await recordRefundsOwed(tx, orderId, order, attempts);
  return followUps;
}

/** A part's cash as the attempt keeps it: who took it (the vendor's rider, or the store) and, if ruled never delivered, that it was undone. */
export type CashCollected = Collection & { by: 'vendor' | 'store'; reversed?: boolean };

/** The open cash-on-delivery attempt of the order (the latest, still PAY_ON_DELIVERY), or null. */
async function cashAttempt(tx: Database, orderId: number): Promise<Payment | null> {
  const latest = (await attemptsOf(tx, orderId)).at(-1);
  return latest?.gateway === 'cash_on_delivery' && (latest.status === 'PAY_ON_DELIVERY' || latest.status === 'COMPLETED') ? latest : null;
}

const collectedOn = (attempt: Payment): CashCollected[] => (Array.isArray(attempt.details.collected) ? (attempt.details.collected as CashCollected[]) : []);

/**
 * Records on the order's cash-on-delivery attempt the cash of its parts delivered and not yet recorded (inside the
 * order's lock, after the parts moved): what the rider took at each door, the delivery fee at the first. Returns the
 * new collections, for the vendors' ledger; none when the order is not paid on delivery.
 */
export async function collectCashOnDelivery(tx: Database, orderId: number): Promise<Collection[]> {
  const attempt = await cashAttempt(tx, orderId);
  if (!attempt || attempt.status !== 'PAY_ON_DELIVERY') return [];
  const [order] = await tx.select({ delivery_fee: orders.delivery_fee }).from(orders).where(eq(orders.id, orderId));
  const delivered = await tx
    .select({ id: orderParts.id, vendor_id: orderParts.vendor_id, delivered_at: orderParts.delivered_at })
    .from(orderParts)
    .where(and(eq(orderParts.order_id, orderId), eq(orderParts.status, 'delivered')));
  const lines = await tx.select({ part_id: orderItems.part_id, subtotal: orderItems.subtotal }).from(orderItems).where(eq(orderItems.order_id, orderId));
  const subtotalOf = (partId: number) => lines.filter((line) => line.part_id === partId).reduce((sum, line) => sum + line.subtotal, 0);
  const known = collectedOn(attempt);
  const fresh = collections(
    delivered.map((part) => ({ ...part, delivered_at: part.delivered_at ?? new Date(), subtotal: subtotalOf(part.id) })),
    order!.delivery_fee,
  ).filter((collection) => !known.some((entry) => entry.part_id === collection.part_id));
  if (fresh.length === 0) return [];
  const recorded: CashCollected[] = fresh.map((collection) => ({ ...collection, by: collection.vendor_id === null ? 'store' : 'vendor' }));
  await tx
    .update(payments)
    .set({ details: { ...attempt.details, collected: [...known, ...recorded] }, updated_at: new Date() })
    .where(eq(payments.id, attempt.id));
  return fresh;
}

/**
 * A part an administrator ruled never delivered: its cash was never taken, so the attempt no longer counts it (and
 * a completed attempt is for that much less).
 */
export async function uncollectCash(tx: Database, orderId: number, partId: number): Promise<void> {
  const attempt = await cashAttempt(tx, orderId);
  if (!attempt) return;
  const known = collectedOn(attempt);
  const undone = known.find((entry) => entry.part_id === partId && !entry.reversed);
  if (!undone) return;
  await tx
    .update(payments)
    .set({
      amount: attempt.status === 'COMPLETED' ? attempt.amount - undone.amount : attempt.amount,
      details: { ...attempt.details, collected: known.map((entry) => (entry === undone ? { ...entry, reversed: true } : entry)) },
      updated_at: new Date(),
    })
    .where(eq(payments.id, attempt.id));
}

/**
 * The order is paid once the cash of every part not cancelled is collected: its cash-on-delivery attempt becomes
 * COMPLETED for the cash collected. Returns its buyer already got back by hand before that, with no refund on
 * record (nothing had been paid on record then), are recorded as refunded on it, so they are not owed twice.
 */
export async function completeCashOnDelivery(tx: Database, orderId: number): Promise<void> {
  const attempt = await cashAttempt(tx, orderId);
  if (!attempt || attempt.status !== 'PAY_ON_DELIVERY') return;
  const parts = await tx.select({ status: orderParts.status }).from(orderParts).where(eq(orderParts.order_id, orderId));
  const live = parts.filter((part) => part.status !== 'cancelled');
  if (live.length === 0 || live.some((part) => part.status !== 'delivered')) return;
  const collected = collectedOn(attempt).filter((entry) => !entry.reversed);
  const amount = collected.reduce((sum, entry) => sum + entry.amount, 0);
  if (amount <= 0) return;
  await tx.update(payments).set({ amount }).where(eq(payments.id, attempt.id));
  await applyNews(tx, attempt.id, {
    reported: 'COMPLETED',
    source: 'cash on delivery',
    details: { collected_amount: amount, collected_by: [...new Set(collected.map((entry) => entry.by))] },
  });
  const refundedReturns = await tx
    .select({ id: returns.id, amount: returns.amount })
    .from(returns)
    .where(and(eq(returns.order_id, orderId), eq(returns.status, 'refunded')));
  const covered = new Set(
    (await tx.select({ return_id: refunds.return_id }).from(refunds).where(eq(refunds.order_id, orderId))).map((refund) => refund.return_id),
  );
  const paidBackByHand = refundedReturns.filter((back) => !covered.has(back.id));
  if (paidBackByHand.length > 0)
    await tx.insert(refunds).values(
      paidBackByHand.map((back) => ({
        order_id: orderId,
        payment_id: attempt.id,
        amount: back.amount,
        reason: 'returned',
        return_id: back.id,
        status: 'refunded',
        note: 'paid back by hand before all the cash was collected',
      })),
    );
}

/** Returns of the order whose items came back (received or refunded), oldest first, with their value. */
function returnedOf(tx: Database, orderId: number): Promise<{ id: number; amount: number }[]> {
  return tx
    .select({ id: returns.id, amount: returns.amount })
    .from(returns)
    .where(and(eq(returns.order_id, orderId), inArray(returns.status, [...RETURNED_STATUSES])))
    .orderBy(asc(returns.id));
}

/**
 * Money the order still owes for: the lines of its parts not cancelled, less what came back in returns, and
 * delivery while any part is live (items returned were still delivered).
 */
async function amountOwed(tx: Database, orderId: number, deliveryFee: number, returned: readonly { amount: number }[]): Promise<number> {
  const [row] = await tx
    .select({ live: sql<number>`coalesce(sum(${orderItems.subtotal}), 0)::int`, lines: sql<number>`count(*)::int` })
    .from(orderItems)
    .innerJoin(orderParts, eq(orderParts.id, orderItems.part_id))
    .where(and(eq(orderItems.order_id, orderId), ne(orderParts.status, 'cancelled')));
  const returnedValue = returned.reduce((sum, back) => sum + back.amount, 0);
  return (row?.live ?? 0) - returnedValue + ((row?.lines ?? 0) > 0 ? deliveryFee : 0);
}

/** What a new refund is for: a return's items (what of their value no refund covers yet), then anything else. */
type RefundCause = { reason: RefundReason; returnId: number | null; amount: number };

/**
 * Records a refund for money paid beyond what the order owes (a second payment, paid lines that were
 * cancelled, items returned), taken from the most recent paid attempts first. Refunds already recorded,
 * whatever became of them, count as owed back already, so settling again never records one twice. What is
 * owed is first put down to returns whose items came back and that no refund covers yet (`return_id` names
 * the return, so it follows its refund), whenever the order is settled: also when it is paid after the items came back.
 */
async function recordRefundsOwed(tx: Database, orderId: number, order: { total: number; delivery_fee: number }, attempts: Payment[]): Promise<Refund[]> {
  const paidAttempts = attempts.filter((attempt) => attempt.status === 'COMPLETED' || attempt.status === 'REFUNDED');
  if (paidAttempts.length === 0) return [];
  const recorded = await tx.select().from(refunds).where(eq(refunds.order_id, orderId));
  const returned = await returnedOf(tx, orderId);
  const paid = paidAttempts.reduce((sum, attempt) => sum + attempt.amount, 0);
  const refunded = recorded.reduce((sum, refund) => sum + refund.amount, 0);
  // Switched to cash on delivery and not yet collected: the rider collects what the order costs, so money an
  // earlier online attempt still took is all owed back.
  const riderCollects = attempts.at(-1)?.gateway === 'cash_on_delivery' && attempts.at(-1)?.status === 'PAY_ON_DELIVERY';
  const owed = riderCollects ? 0 : await amountOwed(tx, orderId, order.delivery_fee, returned);
  let owing = refundOwed({ paid, owed, refunded });
  if (owing === 0) return [];

  const causes: RefundCause[] = returned.map((back) => ({
    reason: 'returned',
    returnId: back.id,
    amount: back.amount - recorded.filter((refund) => refund.return_id === back.id).reduce((sum, refund) => sum + refund.amount, 0),
  }));
  causes.push({ reason: riderCollects || paid - refunded > order.total ? 'overpayment' : 'cancelled', returnId: null, amount: Number.POSITIVE_INFINITY });
  const created: Refund[] = [];
  // Most recent first, but cash the rider collected is the last to be paid back: online money owed back goes back online.
  const refundOrder = [...paidAttempts].reverse().sort((a, b) => Number(a.gateway === 'cash_on_delivery') - Number(b.gateway === 'cash_on_delivery'));
  for (const attempt of refundOrder) {
    if (attempt.status !== 'COMPLETED') continue;
    let left = attempt.amount - recorded.filter((refund) => refund.payment_id === attempt.id).reduce((sum, refund) => sum + refund.amount, 0);
    for (const cause of causes) {
      const amount = Math.min(owing, left, cause.amount);
      if (amount <= 0) continue;
      const [refund] = await tx
        .insert(refunds)
        .values({ order_id: orderId, payment_id: attempt.id, amount, reason: cause.reason, return_id: cause.returnId })
        .returning();
      await tx.insert(orderEvents).values(orderEventRow(orderId, { kind: 'refund_due', values: { amount } }));
      created.push(refund!);
      owing -= amount;
      left -= amount;
      cause.amount -= amount;
    }
    if (owing === 0) break;
  }
  return created;
}

/**
 * Records what became of a refund, inside the order's lock. When an attempt's money has all been paid back
 * it becomes REFUNDED, and the order's payment status follows.
 */
export async function settleRefund(
  tx: Database,
  refund: Refund,
  outcome: { status: 'refunded' | 'failed'; gatewayReference?: string; note: string; by: string },
): Promise<FollowUps> {
  const [current] = await tx.select().from(refunds).where(eq(refunds.id, refund.id));
  if (!current || current.status === 'refunded') return noFollowUps();
  await tx
    .update(refunds)
    .set({ status: outcome.status, gateway_reference: outcome.gatewayReference ?? current.gateway_reference, note: outcome.note, updated_at: new Date() })
    .where(eq(refunds.id, refund.id));
  if (outcome.status !== 'refunded') return noFollowUps();
  await tx.insert(orderEvents).values(orderEventRow(refund.order_id, { kind: 'refunded', values: { amount: refund.amount } }));
  const [payment] = await tx.select().from(payments).where(eq(payments.id, refund.payment_id));
  const paidBack = await tx
    .select({ total: sql<number>`coalesce(sum(${refunds.amount}), 0)::int` })
    .from(refunds)
    .where(and(eq(refunds.payment_id, refund.payment_id), eq(refunds.status, 'refunded')));
  if (payment && (paidBack[0]?.total ?? 0) >= payment.amount) {
    await applyNews(tx, payment.id, { reported: 'REFUNDED', source: outcome.by, details: { refund_id: refund.id } });
  }
  return settleOrder(tx, refund.order_id);
}

/**
 * How long a claim on a refund lasts while its gateway is asked to pay it back (the status `refunding`): far
 * longer than any call to a gateway may take, so a claim older than this was left by an instance that stopped.
 */
export const REFUND_CLAIM_SECONDS = 120;

/**
 * A gateway's key for a refund is honoured for a day (Stripe keeps idempotency keys 24 hours): past this, a
 * claim that expired cannot be asked about again safely.
 */
const REFUND_KEY_KEPT_SECONDS = 23 * 60 * 60;

/**
 * Claims a refund for paying back through its gateway, inside the order's lock: only a refund still due, or one
 * whose claim has expired (`stale`), is claimed. While it is claimed nothing else pays it back (an administrator's
 * "paid by hand" is refused), and the gateway's answer is recorded against it under the same lock. `askAgain`
 * says a stale claim is young enough for the gateway to still know its key.
 */
export async function claimRefund(tx: Database, refundId: number): Promise<{ refund: Refund; stale: boolean; askAgain: boolean } | null> {
  const [current] = await tx
    .select({
      refund: refunds,
      expired: sql<boolean>`${refunds.updated_at} < now() - ${REFUND_CLAIM_SECONDS}::integer * interval '1 second'`,
      keyKept: sql<boolean>`${refunds.updated_at} >= now() - ${REFUND_KEY_KEPT_SECONDS}::integer * interval '1 second'`,
    })
    .from(refunds)
    .where(eq(refunds.id, refundId))
    .for('update');
  if (!current) return null;
  const stale = current.refund.status === 'refunding' && current.expired;
  if (current.refund.status !== 'due' && !stale) return null;
  const [claimed] = await tx
    .update(refunds)
    .set({ status: 'refunding', updated_at: sql`now()` })
    .where(eq(refunds.id, refundId))
    .returning();
  return { refund: claimed!, stale, askAgain: !stale || current.keyKept };
}

/** The refunds recorded for returns' items, oldest first, each with the gateway its money goes back through. */
export async function refundsOfReturns(db: Database, returnIds: readonly number[]): Promise<(Refund & { gateway: string })[]> {
  if (returnIds.length === 0) return [];
  const rows = await db
    .select({ refund: refunds, gateway: payments.gateway })
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.payment_id))
    .where(inArray(refunds.return_id, [...returnIds]))
    .orderBy(asc(refunds.id));
  return rows.map(({ refund, gateway }) => ({ ...refund, gateway }));
}

/** Follow-ups of several settlements, to run together after the commit. */
export function allFollowUps(...all: FollowUps[]): FollowUps {
  return { close: all.flatMap((one) => one.close), refunds: all.flatMap((one) => one.refunds) };
}

/** Attempts of an order that are waiting for money, for a new attempt to replace. */
export async function openAttempts(orderId: number): Promise<Payment[]> {
  const db = await getDb();
  return db
    .select()
    .from(payments)
    .where(and(eq(payments.order_id, orderId), inArray(payments.status, ['PENDING_PAYMENT'])))
    .orderBy(asc(payments.id));
}

/**
 * Payment pages the store no longer wants but could not close yet are marked on their attempt
 * (`details.page_to_close`: since when), and closed by the page closer (page-closer.ts): a page whose close
 * failed, or a page the gateway may have made for an attempt whose start got no answer (no reference yet).
 */
export async function markPageToClose(paymentId: number, since = new Date()): Promise<void> {
  const db = await getDb();
  await db
    .update(payments)
    .set({ details: sql`${payments.details} || jsonb_build_object('page_to_close', ${since.toISOString()}::text)` })
    .where(and(eq(payments.id, paymentId), sql`${payments.details}->>'page_to_close' IS NULL`));
}

/** Keeps the page found for an attempt whose start got no answer as its reference (one it has already stays). */
export async function recordFoundPage(paymentId: number, gatewayReference: string): Promise<void> {
  const db = await getDb();
  await db
    .update(payments)
    .set({ gateway_reference: gatewayReference, updated_at: new Date() })
    .where(and(eq(payments.id, paymentId), eq(payments.gateway_reference, '')));
}

/** The attempt's page is closed (or no longer needs closing). */
export async function unmarkPageToClose(paymentId: number): Promise<void> {
  const db = await getDb();
  await db
    .update(payments)
    .set({ details: sql`${payments.details} - 'page_to_close'` })
    .where(eq(payments.id, paymentId));
}

/** Attempts marked with a page to close, oldest first, at most `limit`. */
export async function attemptsWithPagesToClose(limit: number): Promise<Payment[]> {
  const db = await getDb();
  return db
    .select()
    .from(payments)
    .where(sql`${payments.details}->>'page_to_close' IS NOT NULL`)
    .orderBy(asc(payments.id))
    .limit(limit);
}

export type MoneyMovements = { paid: number; refunds: MoneyRefund[]; cash_on_delivery: boolean };

/**
 * For each of the orders: what came in (attempts paid, refunds not taken off), every refund with the gateway it
 * goes back through, and whether its latest way to pay is cash on delivery.
 */
export async function moneyMovementsOf(orderIds: readonly number[]): Promise<Map<number, MoneyMovements>> {
  const movements = new Map<number, MoneyMovements>(orderIds.map((id) => [id, { paid: 0, refunds: [], cash_on_delivery: false }]));
  if (orderIds.length === 0) return movements;
  const db = await getDb();
  const [attempts, owed] = await Promise.all([
    db
      .select({ order_id: payments.order_id, status: payments.status, gateway: payments.gateway, amount: payments.amount })
      .from(payments)
      .where(inArray(payments.order_id, [...orderIds]))
      .orderBy(asc(payments.id)),
    db
      .select({
        order_id: refunds.order_id,
        amount: refunds.amount,
        status: refunds.status,
        gateway: payments.gateway,
        reason: refunds.reason,
        created_at: refunds.created_at,
        updated_at: refunds.updated_at,
      })
      .from(refunds)
      .innerJoin(payments, eq(payments.id, refunds.payment_id))
      .where(inArray(refunds.order_id, [...orderIds]))
      .orderBy(asc(refunds.id)),
  ]);
  for (const attempt of attempts) {
    const order = movements.get(attempt.order_id)!;
    if (attempt.status === 'COMPLETED' || attempt.status === 'REFUNDED') order.paid += attempt.amount;
    order.cash_on_delivery = attempt.gateway === 'cash_on_delivery';
  }
  for (const { order_id, ...refund } of owed) movements.get(order_id)!.refunds.push(refund);
  return movements;
}
