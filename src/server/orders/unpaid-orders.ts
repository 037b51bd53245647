/**
 * Orders paid online that nobody pays give their items back. An order waits for its money UNPAID_ORDER_MINUTES
 * (30 by default) from when it was placed, in all: a payment page still open then (a Stripe page lives 31 minutes,
 * a Pesapal page never expires) does not keep it longer, nor do new attempts; only a request still waiting on
 * the buyer's phone keeps it to the end of its approval window (`itemsHeldUntil`). Then the store closes the
 * attempts still open at their gateways (one found paid pays the order, which is kept) and cancels the order the
 * way a buyer does (orders/order-parts.ts): the stock comes back once, the buyer is texted why, and money that
 * still lands on it later is refunded by the ledger.
 *
 * Every instance looks every few seconds; each order is cancelled under its row lock after checking again that
 * it is still due, so instances racing for one cancel it once. Cash on delivery and transfers confirmed by hand
 * are never cancelled here (see `itemsHeldUntil`).
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import { getDb, type Database } from '../db/client';
import { orders } from '../db/schema';
import { itemsHeldUntil, type HoldingAttempt, type PaymentGatewayName, type PaymentStatus } from '../../lib/order-rules';
import { isMobileMoneyGateway } from '../../lib/mobile-money';
import { approvalWindowMs } from '../payments/approval-window';
import { PaymentGatewayError, PaymentStillOpen } from '../payments/gateway';
import { attemptsOf, openAttempts, type Payment } from '../payments/ledger';
import { gatewayNamed, recordPaymentNews, refreshPayment } from '../payments/payments';
import { cancelUnpaidOrder } from './order-parts';
import { repeatEvery } from '../periodic';
import { log } from '../log';
import { config } from '../config';

/** Orders looked at in one round; the next round takes the rest. */
const ROUND_BATCH = 50;

/** How long an unpaid order keeps its items from when it was placed: UNPAID_ORDER_MINUTES (fractions allowed, for tests). */
export function unpaidHoldMs(): number {
  return config.UNPAID_ORDER_MINUTES * 60_000;
}

const holding = (attempts: readonly Payment[]): HoldingAttempt[] =>
  attempts.map((attempt) => ({
    gateway: attempt.gateway,
    status: attempt.status as PaymentStatus,
    approval_ends_at: isMobileMoneyGateway(attempt.gateway) ? new Date(attempt.created_at.getTime() + approvalWindowMs()) : null,
  }));

/** Until when an order still waiting for online money keeps its items (null when it is not waiting: see `itemsHeldUntil`). */
export function heldUntil(order: { status: string; created_at: Date }, attempts: readonly Payment[]): Date | null {
  return order.status === 'pending' ? itemsHeldUntil(order.created_at, holding(attempts), unpaidHoldMs()) : null;
}

/** Whether the order is due to be cancelled now, read inside its lock. */
async function isDue(tx: Database, orderId: number, now: number): Promise<boolean> {
  const [order] = await tx.select({ status: orders.status, created_at: orders.created_at }).from(orders).where(eq(orders.id, orderId));
  const until = order && heldUntil(order, await attemptsOf(tx, orderId));
  return Boolean(until && until.getTime() <= now);
}

/**
 * Closes the order's attempts still open at their gateways before it is cancelled. False when one turned out
 * paid (the order is kept) or a gateway could not be reached (asked again next round). A phone request past its
 * approval window that the network still calls pending is left to the ledger: a late approval is refunded.
 */
async function closeOpenAttempts(orderId: number): Promise<boolean> {
  for (const attempt of await openAttempts(orderId)) {
    const gateway = gatewayNamed(attempt.gateway as PaymentGatewayName);
    if (!attempt.gateway_reference || !gateway.isConfigured()) continue;
    try {
      // A page that cannot be closed (Pesapal) is only asked: a failure it reports now would restart the hold.
      const paid = gateway.cancel
        ? (await gateway.cancel(attempt.gateway_reference)) === 'paid'
        : (await gateway.check(attempt.gateway_reference)).status === 'COMPLETED';
      if (!paid) continue;
      if (gateway.cancel) {
        await recordPaymentNews(attempt.id, { reported: 'COMPLETED', source: `${attempt.gateway} status`, details: { found_paid_when_closing: true } });
      } else {
        await refreshPayment(attempt);
      }
      return false;
    } catch (error) {
      if (error instanceof PaymentStillOpen) continue;
      if (error instanceof PaymentGatewayError) return false;
      throw error;
    }
  }
  return true;
}

/** One round: cancels every order paid online whose items were held long enough. Returns the ids it cancelled. */
export async function cancelUnpaidOrders(now = Date.now()): Promise<number[]> {
  const db = await getDb();
  const waiting = await db
    .select({ id: orders.id, status: orders.status, created_at: orders.created_at })
    .from(orders)
    .where(
      and(
        eq(orders.status, 'pending'),
        inArray(orders.payment_status, ['PENDING_PAYMENT', 'FAILED', 'CANCELLED', 'REVERSED']),
        inArray(orders.payment_gateway, ['stripe', 'pesapal', 'mtn_momo', 'airtel_money']),
      ),
    )
    .orderBy(asc(orders.id));
  const cancelled: number[] = [];
  for (const order of waiting) {
    if (cancelled.length >= ROUND_BATCH) break;
    const until = heldUntil(order, await attemptsOf(db, order.id));
    if (!until || until.getTime() > now) continue;
    if (!(await closeOpenAttempts(order.id))) continue;
    if (await cancelUnpaidOrder(order.id, (tx) => isDue(tx, order.id, now))) {
      cancelled.push(order.id);
      log.info(`[orders] order ${order.id} cancelled: not paid by ${until.toISOString()}; its items are back on sale`);
    }
  }
  return cancelled;
}

/**
 * Runs a round now and then every few seconds (a quarter of the hold, at most a minute), one round at a time;
 * returns how to stop it.
 */
export function startUnpaidOrderCanceller(): () => void {
  return repeatEvery(
    Math.min(60_000, Math.max(1_000, unpaidHoldMs() / 4)),
    () => cancelUnpaidOrders(),
    (error) => log.error({ err: error }, '[orders] cancelling unpaid orders failed'),
  );
}
