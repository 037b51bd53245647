/**
 * A return's steps after it is asked, taken by the part's vendor or an administrator: accepted (awaiting the
 * items) or refused with a note; received, which gives the stock back and makes what was paid for the items
 * a refund in the payment ledger; refunded. Every step runs under the order's lock and reads the return
 * again, so concurrent clicks move it once and give its stock back once.
 *
 * Money only moves forward and nobody is paid twice: a refund through a gateway that pays back by itself
 * (Stripe) is paid after the commit and the return becomes refunded on its own; otherwise the vendor or an
 * administrator pays the buyer (cash, mobile money) and records it, which marks the return's refunds paid
 * back. Recording by hand is refused while a gateway is still paying the same money back.
 *
 * Writes the returns table for the returns module (returns.ts), and the order's timeline entries about returns.
 */
import { eq } from 'drizzle-orm';
import { getDb, type Database } from '../db/client';
import type { Change } from '../cache/purge';
import { orderEvents, orderItems, orderParts, orders, payments, returnLines, returns } from '../db/schema';
import { orderEventRow } from '../orders/order-timeline';
import { Conflict, Forbidden, NotFound } from '../errors';
import type { SessionUser } from '../accounts/sessions';
import { isAdmin, sellerRefused } from '../accounts/roles';
import { releaseStock } from '../catalog/products';
import { recordReturnEarnings } from '../payouts/earnings';
import { productFiguresChange } from '../catalog/catalogue-changes';
import { allFollowUps, noFollowUps, refundsOfReturns, settleOrder, settleRefund, withOrderLocked, type FollowUps } from '../payments/ledger';
import { paysBackItself, runFollowUps } from '../payments/payments';
import { announce } from '../events/event-bus';
import type { ReturnStepNews } from '../events/store-events';
import type { ReturnChange, ReturnMove } from './return-input';
import { senderNames } from '../orders/order-parts';
import { returnById, type ReturnRow, type ReturnView } from './returns';
import { GATEWAY_LABELS, type PaymentGatewayName } from '../../lib/order-rules';
import { canMoveReturn, REFUND_METHOD_LABELS, RETURN_STATUS_WORDS, type RefundMethod, type ReturnStatus } from '../../lib/return-rules';
import { STORE } from '../../lib/store';
import { DEFAULT_LANGUAGE } from '../../lib/i18n/languages';
import { message, type Message } from '../../lib/messages/message';

/** Who is answering a return, and the order it belongs to (whose lock every step takes). */
export type ReturnChangeScope = { actor: SessionUser; returnId: number; orderId: number };

/**
 * Checks who may answer a return before anything they sent is read: an administrator any return, an
 * approved, active vendor those on its own parts; buyers (the one who asked too) and other vendors are refused.
 */
export async function returnChangeScope(actor: SessionUser, returnId: number): Promise<ReturnChangeScope> {
  const refusal = sellerRefused(actor);
  if (refusal) throw new Forbidden(message('return', 'updateRefused', refusal));
  const db = await getDb();
  const [found] = await db
    .select({ order_id: returns.order_id, vendor_id: orderParts.vendor_id })
    .from(returns)
    .innerJoin(orderParts, eq(orderParts.id, returns.part_id))
    .where(eq(returns.id, returnId));
  if (!found) throw new NotFound(message('return', 'notFound'));
  if (!isAdmin(actor) && found.vendor_id !== actor.id) throw new Forbidden(message('return', 'updateRefused', message('return', 'notTheirs')));
  return { actor, returnId, orderId: found.order_id };
}

/** What a step did: the step taken (null when the return was already there) and the ledger's work for after the commit. */
type Moved = { step: ReturnMove | null; followUps: FollowUps };

const refused = (reason: Message) => new Conflict(message('return', 'updateRefused', reason));

/** Writes the step in the order's timeline and announces it (the buyer is texted and mailed), inside the step's transaction. */
async function recordStep(tx: Database, back: ReturnRow, step: ReturnStepNews, origin: string) {
  const [order] = await tx
    .select({ customer_name: orders.customer_name, customer_phone: orders.customer_phone, language: orders.language })
    .from(orders)
    .where(eq(orders.id, back.order_id));
  const parts = await tx.select().from(orderParts).where(eq(orderParts.id, back.part_id));
  const vendorName = parts[0] ? (await senderNames(tx, parts))(parts[0]) : STORE.name;
  await tx.insert(orderEvents).values(orderEventRow(back.order_id, { kind: 'return_step', values: { status: step.status, return_id: back.id } }));
  await announce(tx, 'return.step', {
    returnId: back.id,
    phone: order?.customer_phone ?? '',
    back: { orderId: back.order_id, customerName: order?.customer_name ?? '', amount: back.amount, vendorName, language: order?.language ?? DEFAULT_LANGUAGE },
    step,
    origin,
  });
}

/** The items come back: their stock is available again and the caches that show it are dropped. */
async function restock(tx: Database, back: ReturnRow, changed: (change: Change) => void) {
  const lines = await tx
    .select({ product_id: orderItems.product_id, quantity: returnLines.quantity })
    .from(returnLines)
    .innerJoin(orderItems, eq(orderItems.id, returnLines.order_item_id))
    .where(eq(returnLines.return_id, back.id));
  for (const line of lines) await releaseStock(tx, line.product_id, line.quantity);
  changed(
    await productFiguresChange(
      tx,
      lines.map((line) => line.product_id),
    ),
  );
}

/**
 * A vendor or administrator paid the buyer back by hand: the return's refunds in the ledger are marked paid
 * back with how. Refused while a gateway that pays back by itself still has the money to pay (the buyer would
 * be paid twice), and when nothing was paid for the order (only cash collected on delivery is paid outside
 * the store's record). Refunds already paid back by a gateway mean the money went back to the card.
 */
async function payBackByHand(tx: Database, back: ReturnRow, change: ReturnChange, actor: SessionUser): Promise<{ method: RefundMethod; followUps: FollowUps }> {
  const owed = await refundsOfReturns(tx, [back.id]);
  const open = owed.filter((refund) => refund.status !== 'refunded');
  const throughGateway = open.find((refund) => refund.status === 'refunding' || (refund.status === 'due' && paysBackItself(refund.gateway)));
  if (throughGateway)
    throw refused(message('return', 'paidByGateway', GATEWAY_LABELS[throughGateway.gateway as PaymentGatewayName]?.title ?? throughGateway.gateway));
  if (owed.length === 0) {
    const paidWith = await tx.select({ status: payments.status }).from(payments).where(eq(payments.order_id, back.order_id));
    const anythingPaid = paidWith.some((payment) => ['COMPLETED', 'REFUNDED', 'PAY_ON_DELIVERY'].includes(payment.status));
    if (!anythingPaid) throw refused(message('return', 'nothingPaid'));
  }
  if (owed.length > 0 && open.length === 0) return { method: 'gateway', followUps: noFollowUps() };
  const method = change.refund_method!;
  const by = `${isAdmin(actor) ? 'administrator' : 'vendor'} ${actor.id}`;
  const note = `${REFUND_METHOD_LABELS[method]}${change.note ? `: ${change.note}` : ''}`;
  const settled: FollowUps[] = [];
  for (const refund of open) settled.push(await settleRefund(tx, refund, { status: 'refunded', note, by }));
  return { method, followUps: allFollowUps(...settled) };
}

/** Takes one step under the order's lock, from the return as it now stands. */
async function moveReturn(tx: Database, scope: ReturnChangeScope, change: ReturnChange, changed: (change: Change) => void, origin: string): Promise<Moved> {
  const [back] = await tx.select().from(returns).where(eq(returns.id, scope.returnId));
  if (!back) throw new NotFound(message('return', 'notFound'));
  const from = back.status as ReturnStatus;
  const to = change.status;
  if (from === to) return { step: null, followUps: noFollowUps() };
  if (!canMoveReturn(from, to)) throw refused(message('return', 'cannotMove', RETURN_STATUS_WORDS[from], RETURN_STATUS_WORDS[to]));

  let followUps = noFollowUps();
  let method: RefundMethod | '' = back.refund_method as RefundMethod | '';
  if (to === 'received') await restock(tx, back, changed);
  if (to === 'refunded') ({ method, followUps } = await payBackByHand(tx, back, change, scope.actor));
  await tx.update(returns).set({ status: to, note: change.note, refund_method: method, updated_at: new Date() }).where(eq(returns.id, back.id));
  if (to === 'refunded') await recordReturnEarnings(tx, back.id);
  // Received: the ledger now owes back what was paid for the items, as a refund naming this return.
  if (to === 'received') followUps = await settleOrder(tx, back.order_id);
  const step: ReturnStepNews =
    to === 'refused' ? { status: to, note: change.note } : to === 'refunded' ? { status: to, method: method as RefundMethod } : { status: to };
  await recordStep(tx, back, step, origin);
  return { step: to, followUps };
}

/**
 * Once a gateway has paid back every refund of a received return, the return is refunded, to the card: under
 * the order's lock, so it happens once. Nothing happens when the return is not (or no longer) waiting for that.
 */
async function refundedThroughGateway(scope: ReturnChangeScope, origin: string): Promise<void> {
  await withOrderLocked(scope.orderId, async (tx) => {
    const [back] = await tx.select().from(returns).where(eq(returns.id, scope.returnId));
    if (!back || back.status !== 'received') return;
    const owed = await refundsOfReturns(tx, [back.id]);
    if (owed.length === 0 || owed.some((refund) => refund.status !== 'refunded')) return;
    await tx.update(returns).set({ status: 'refunded', refund_method: 'gateway', updated_at: new Date() }).where(eq(returns.id, back.id));
    await recordReturnEarnings(tx, back.id);
    await recordStep(tx, back, { status: 'refunded', method: 'gateway' }, origin);
  });
}

/**
 * Moves a return one step and tells the buyer: the step under the order's lock, then what the ledger asked
 * for (a refund through Stripe), then, when that paid the whole return back, its refunded step; each step
 * taken is texted and mailed to the buyer once it has committed. Asking for the step a return is already at
 * changes nothing.
 */
export async function changeReturn(scope: ReturnChangeScope, change: ReturnChange, origin: string): Promise<ReturnView> {
  const moved = await withOrderLocked(scope.orderId, (tx, changed) => moveReturn(tx, scope, change, changed, origin));
  if (!moved) throw new NotFound(message('return', 'notFound'));
  await runFollowUps(moved.followUps);
  if (moved.step === 'received') await refundedThroughGateway(scope, origin);
  return returnById(scope.returnId);
}
