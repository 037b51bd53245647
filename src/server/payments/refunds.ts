/**
 * Refunds for administrators: money the store owes back (a second payment for an order already paid, the
 * paid part of cancelled lines, items returned) and payments the gateway reversed. Refunds through a gateway that can pay
 * back (Stripe) happen by themselves; the rest (Pesapal, mobile money, a manual transfer, or a gateway
 * that refused) wait here until an administrator pays them back and says so.
 */
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { getDb, type Database } from '../db/client';
import { orders, paymentEvents, payments, refunds } from '../db/schema';
import { Conflict, NotFound } from '../errors';
import { REFUND_CLAIM_SECONDS, settleRefund, withOrderLocked, type Refund } from './ledger';
import { GATEWAY_LABELS, type PaymentGatewayName } from '../../lib/order-rules';
import { runFollowUps } from './payments';
import { message, type Message } from '../../lib/messages/message';

export type RefundRow = Refund & { gateway: string; customer_name: string; customer_phone: string };
export type ReversalRow = { order_id: number; payment_id: number; gateway: string; amount: number; created_at: Date; customer_name: string };

const LISTED = 100;

/** Refunds still to pay back (due, or refused by the gateway), then the latest paid back. */
export async function listRefunds(): Promise<{ open: RefundRow[]; done: RefundRow[] }> {
  await resumeStaleRefunds();
  const db = await getDb();
  const rows = await db
    .select({ refund: refunds, gateway: payments.gateway, customer_name: orders.customer_name, customer_phone: orders.customer_phone })
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.payment_id))
    .innerJoin(orders, eq(orders.id, refunds.order_id))
    .orderBy(desc(refunds.id))
    .limit(LISTED);
  const all = rows.map(({ refund, ...rest }) => ({ ...refund, ...rest }));
  return { open: all.filter((refund) => refund.status !== 'refunded'), done: all.filter((refund) => refund.status === 'refunded') };
}

/** Payments a gateway took back after they were paid, newest first. */
export async function listReversals(): Promise<ReversalRow[]> {
  const db = await getDb();
  return db
    .select({
      order_id: payments.order_id,
      payment_id: payments.id,
      gateway: payments.gateway,
      amount: payments.amount,
      created_at: paymentEvents.created_at,
      customer_name: orders.customer_name,
    })
    .from(paymentEvents)
    .innerJoin(payments, eq(payments.id, paymentEvents.payment_id))
    .innerJoin(orders, eq(orders.id, paymentEvents.order_id))
    .where(and(eq(paymentEvents.status_after, 'REVERSED'), eq(paymentEvents.outcome, 'applied')))
    .orderBy(desc(paymentEvents.id))
    .limit(LISTED);
}

/**
 * Refunds whose gateway claim expired (the instance asking the gateway stopped before it recorded the answer):
 * asked about again, or marked failed for the administrator when asking again could pay twice (ledger.ts,
 * claimRefund). Run when the administrator looks at refunds or records one, so none stays claimed for ever.
 */
export async function resumeStaleRefunds(): Promise<void> {
  const db = await getDb();
  const stale = await db
    .select()
    .from(refunds)
    .where(and(eq(refunds.status, 'refunding'), sql`${refunds.updated_at} < now() - ${REFUND_CLAIM_SECONDS}::integer * interval '1 second'`))
    .orderBy(asc(refunds.id))
    .limit(LISTED);
  if (stale.length > 0) await runFollowUps({ close: [], refunds: stale });
}

/**
 * An administrator paid a refund back outside the store (mobile money, bank) and records it with a note. Refused
 * while its gateway is paying it back (the buyer would be paid twice): decided under the order's lock, where the
 * gateway's claim and answer are recorded too.
 */
export async function markRefunded(refundId: number, note: string, adminId: number): Promise<Refund> {
  const db = await getDb();
  const [refund] = await db.select().from(refunds).where(eq(refunds.id, refundId));
  if (!refund) throw new NotFound(message('payment', 'refundNotFound'));
  // A return's refund says how it went back (cash, mobile money) and moves the return along: it is recorded on the return.
  if (refund.return_id !== null) throw new Conflict(message('return', 'recordOnReturn'));
  if (refund.status === 'refunding') await resumeStaleRefunds();
  const followUps = await withOrderLocked(refund.order_id, async (tx) => {
    const [current] = await tx.select().from(refunds).where(eq(refunds.id, refundId)).for('update');
    if (current!.status === 'refunded') throw new Conflict(message('payment', 'alreadyPaidBack'));
    if (current!.status === 'refunding') throw new Conflict(await beingPaidBack(tx, current!));
    return settleRefund(tx, current!, { status: 'refunded', note: note || 'Paid back by hand', by: `administrator ${adminId}` });
  });
  if (followUps) await runFollowUps(followUps);
  const [saved] = await db.select().from(refunds).where(eq(refunds.id, refundId));
  return saved!;
}

async function beingPaidBack(tx: Database, refund: Refund): Promise<Message> {
  const [payment] = await tx.select({ gateway: payments.gateway }).from(payments).where(eq(payments.id, refund.payment_id));
  const name = GATEWAY_LABELS[payment?.gateway as PaymentGatewayName]?.title ?? payment?.gateway ?? 'its gateway';
  return message('payment', 'beingPaidBack', name);
}

/** Everything the store knows of an order's payments, for an administrator: attempts, every piece of news, refunds. */
export async function paymentHistory(orderId: number) {
  const db = await getDb();
  const [order] = await db.select({ id: orders.id, payment_status: orders.payment_status }).from(orders).where(eq(orders.id, orderId));
  if (!order) throw new NotFound(message('order', 'notFound'));
  const [attempts, events, owed] = await Promise.all([
    db.select().from(payments).where(eq(payments.order_id, orderId)).orderBy(asc(payments.id)),
    db.select().from(paymentEvents).where(eq(paymentEvents.order_id, orderId)).orderBy(asc(paymentEvents.id)),
    db.select().from(refunds).where(eq(refunds.order_id, orderId)).orderBy(asc(refunds.id)),
  ]);
  return { order_id: orderId, payment_status: order.payment_status, attempts, events, refunds: owed };
}
