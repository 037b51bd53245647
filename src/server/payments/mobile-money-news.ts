/**
 * What the mobile money networks tell the store, and what it asks them when they stay quiet. A callback is
 * only a hint: MTN sends it once and never again, Airtel's may be forged, so each one makes the store ask the
 * network for the request's status, and the ledger records only that answer. The reconciler asks about every
 * request still waiting, after restarts too, so a payment whose callback never came is not lost; it also
 * keeps asking, for a while, about requests the store closed (a new request replaced them) in case the buyer
 * approved one late: that money is then recorded and refunded, never counted twice. Vendors' settlements still
 * waiting are asked about in the same rounds.
 */
import { and, asc, count, eq, gt, inArray, or } from 'drizzle-orm';
import { getDb } from '../db/client';
import { payments } from '../db/schema';
import { MOBILE_MONEY_GATEWAYS, type MobileMoneyGateway } from '../../lib/mobile-money';
import { approvalWindowMs } from './approval-window';
import { PaymentGatewayError } from './gateway';
import { gatewayNamed, refreshPayment, type Payment } from './payments';
import { readMtnMomoCallback } from './gateways/mtn-momo';
import { readAirtelMoneyCallback } from './gateways/airtel-money';
import { repeatEvery } from '../periodic';
import { mayAskNetworkNow, PAYMENT_LIMITS } from './payment-limits';
import { handleSettlementCallback, reconcileSettlements } from '../payouts/settlements';
import { log } from '../log';

/** How long a request still waiting is asked about: the networks give up long before, so this is a backstop. */
const WATCH_WAITING_MS = 24 * 60 * 60_000;
/** How long after it was sent a request the store closed may still be approved late, and is asked about. */
const watchClosedMs = () => approvalWindowMs() * 2;
/** A request younger than this whose reply is not recorded may still be on its way to the network. */
const START_GRACE_MS = 30_000;
const RECONCILE_EVERY_MS = 15_000;

/** The merchant reference a network's callback names: MTN's `externalId`, Airtel's `transaction.id`. */
export function callbackReference(gateway: MobileMoneyGateway, body: Record<string, unknown>): string | null {
  const reference = gateway === 'mtn_momo' ? readMtnMomoCallback(body)?.merchantReference : readAirtelMoneyCallback(body)?.transactionId;
  return reference && reference.length <= 100 ? reference : null;
}

/** Asks the network about one attempt and records its answer; a network out of reach is asked again later. */
async function askNetwork(payment: Payment): Promise<Payment> {
  try {
    return await refreshPayment(payment);
  } catch (error) {
    if (error instanceof PaymentGatewayError) return payment;
    throw error;
  }
}

/**
 * A network's callback about the attempt with this merchant reference: the network is asked for the status, at
 * most once per payment in a few seconds however many callbacks come (payment-limits.ts). A reference that is no
 * payment's may be a vendor's settlement (payouts/settlements.ts). False when no such request of this network exists.
 */
export async function handleMobileMoneyCallback(gateway: MobileMoneyGateway, merchantReference: string): Promise<boolean> {
  const db = await getDb();
  const [payment] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.gateway, gateway), eq(payments.merchant_reference, merchantReference)))
    .limit(1);
  if (!payment) return handleSettlementCallback(gateway, merchantReference);
  if (!payment.gateway_reference) return false;
  await askOnceInWindow(payment.id);
  return true;
}

/** Payments this instance will ask about once the current window of their status calls ends. */
const askingLater = new Set<number>();

/**
 * Asks the network about a payment now, unless it was asked in the last few seconds (on any instance): then once
 * more when that window ends, so a real callback arriving after forged ones is still heard, however many came.
 */
async function askOnceInWindow(paymentId: number): Promise<void> {
  if (await mayAskNetworkNow(paymentId)) {
    const [payment] = await (await getDb()).select().from(payments).where(eq(payments.id, paymentId));
    if (payment) await askNetwork(payment);
    return;
  }
  if (askingLater.has(paymentId)) return;
  askingLater.add(paymentId);
  setTimeout(() => {
    askingLater.delete(paymentId);
    askOnceInWindow(paymentId).catch((error: unknown) => log.error({ err: error }, `[payments] asking about payment ${paymentId} after its callbacks failed`));
  }, PAYMENT_LIMITS.statusCallsPerPayment.windowMs).unref();
}

/**
 * Asks the networks about every request that may still be paid: those waiting, and those the store closed
 * recently. A request whose reply the store never recorded (it stopped mid-payment) is found by the
 * reference it chose for it. Returns how many were asked and how many moved.
 */
export async function reconcileMobileMoney(now = Date.now()): Promise<{ asked: number; moved: number }> {
  const db = await getDb();
  const due = await db
    .select()
    .from(payments)
    .where(
      and(
        inArray(payments.gateway, [...MOBILE_MONEY_GATEWAYS]),
        or(
          and(eq(payments.status, 'PENDING_PAYMENT'), gt(payments.created_at, new Date(now - WATCH_WAITING_MS))),
          and(eq(payments.status, 'CANCELLED'), gt(payments.created_at, new Date(now - watchClosedMs()))),
        ),
      ),
    )
    .orderBy(asc(payments.id));
  let asked = 0;
  let moved = 0;
  for (let payment of due) {
    const gateway = gatewayNamed(payment.gateway as MobileMoneyGateway);
    if (!gateway.isConfigured()) continue;
    if (!payment.gateway_reference) {
      if (!gateway.referenceFor || payment.created_at.getTime() > now - START_GRACE_MS) continue;
      const [recorded] = await db
        .update(payments)
        .set({ gateway_reference: gateway.referenceFor(payment.merchant_reference), updated_at: new Date() })
        .where(and(eq(payments.id, payment.id), eq(payments.gateway_reference, '')))
        .returning();
      if (!recorded) continue;
      payment = recorded;
    }
    // A callback had the network asked about it a moment ago: its answer is recorded already.
    if (!(await mayAskNetworkNow(payment.id))) continue;
    asked++;
    const after = await askNetwork(payment);
    if (after.status !== payment.status) {
      moved++;
      log.info(`[payments] ${payment.gateway} request for order ${payment.order_id}: ${payment.status} → ${after.status} (reconciled)`);
    }
  }
  const settled = await reconcileSettlements(now);
  return { asked: asked + settled.asked, moved: moved + settled.moved };
}

/** The payment requests still waiting for the buyer or the network (PENDING_PAYMENT), by gateway. */
export async function paymentsWaiting(): Promise<{ gateway: string; waiting: number }[]> {
  const db = await getDb();
  return db.select({ gateway: payments.gateway, waiting: count() }).from(payments).where(eq(payments.status, 'PENDING_PAYMENT')).groupBy(payments.gateway);
}

/**
 * Runs the reconciler now and every RECONCILE_EVERY_MS, one round at a time, when a network is configured;
 * returns how to stop it.
 */
export function startMobileMoneyReconciler(): () => void {
  if (!MOBILE_MONEY_GATEWAYS.some((name) => gatewayNamed(name).isConfigured())) return () => {};
  return repeatEvery(
    RECONCILE_EVERY_MS,
    () => reconcileMobileMoney(),
    (error) => log.error({ err: error }, '[payments] reconciling mobile money failed'),
  );
}
