/**
 * Payments: which gateways the store offers, and each attempt's life with its gateway — starting it, asking
 * how it went, replacing it with a new attempt, and the gateways' notifications. Every change of status
 * goes through the ledger (ledger.ts), which applies it under the order's lock; what needs the gateway
 * afterwards (closing a payment page, paying money back) runs here, after the commit.
 */
import { randomBytes } from 'node:crypto';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { getDb, type Database } from '../db/client';
import { orders, payments } from '../db/schema';
import { Conflict, Unavailable } from '../errors';
import {
  canPayOnline,
  canSwitchToCash,
  PAYMENT_GATEWAYS,
  orderPaymentStatus,
  type OrderStatus,
  type PaymentGatewayName,
  type PaymentStatus,
} from '../../lib/order-rules';
import { createAirtelMoneyGateway } from './gateways/airtel-money';
import {
  failureDetails,
  PAYMENT_PAGE_MS,
  PaymentGatewayError,
  PaymentStillOpen,
  type CheckedPayment,
  type PaymentGateway,
  type PaymentRequest,
  type RefundReason,
} from './gateway';
import { awaitingApproval } from '../../lib/mobile-money';
import { approvalWindowMs } from './approval-window';
import {
  applyNews,
  attemptsOf,
  claimRefund,
  markPageToClose,
  openAttempts,
  outlines,
  recordFoundPage,
  settleOrder,
  settleRefund,
  unmarkPageToClose,
  withOrderLocked,
  type FollowUps,
  type Payment,
  type PaymentNews,
} from './ledger';
import { cashOnDelivery, manualTransfer } from './gateways/offline';
import { createMtnMomoGateway } from './gateways/mtn-momo';
import { createPesapalGateway, type PesapalNotification } from './gateways/pesapal';
import { createStripeGateway, fromStripeAmount, type StripeEvent } from './gateways/stripe';
import { log } from '../log';
import { message } from '../../lib/messages/message';

export type { Payment };

let gateways: Record<PaymentGatewayName, PaymentGateway> | undefined;

/** The gateways, set up from the environment on first use. */
export function gatewayNamed(name: PaymentGatewayName): PaymentGateway {
  gateways ??= {
    pesapal: createPesapalGateway(),
    stripe: createStripeGateway(),
    mtn_momo: createMtnMomoGateway(),
    airtel_money: createAirtelMoneyGateway(),
    manual: manualTransfer,
    cash_on_delivery: cashOnDelivery,
  };
  return gateways[name];
}

/** The ways to pay offered at checkout: online gateways only when their keys are set. */
export function availableGateways(): PaymentGatewayName[] {
  return PAYMENT_GATEWAYS.filter((name) => gatewayNamed(name).isConfigured());
}

/** Whether the store asks this gateway itself to pay money back (Stripe, Airtel Money); the others are paid back by hand. */
export function paysBackItself(name: string): boolean {
  return (PAYMENT_GATEWAYS as readonly string[]).includes(name) && gatewayNamed(name as PaymentGatewayName).refund !== undefined;
}

/** Where each gateway tells the store about a payment (Pesapal's IPN, the networks' callbacks). */
const NOTIFICATION_PATHS: Partial<Record<PaymentGatewayName, string>> = {
  pesapal: '/api/payments/pesapal/ipn',
  mtn_momo: '/api/payments/mtn-momo/callback',
  airtel_money: '/api/payments/airtel-money/callback',
};

/** The path a gateway's notifications about a request come to (a vendor's settlement's too); Pesapal's for a gateway that sends none. */
export function notificationPath(gateway: PaymentGatewayName): string {
  return NOTIFICATION_PATHS[gateway] ?? NOTIFICATION_PATHS.pesapal!;
}

/** Unique per attempt, letters, digits and dashes, well under Pesapal's 50 characters. */
function merchantReference(orderId: number): string {
  return `DK-${orderId}-${randomBytes(5).toString('hex')}`;
}

/**
 * Writes a new payment attempt (inside the caller's transaction) with the status it starts with; a mobile
 * money attempt keeps the number its request goes to.
 */
export async function createPayment(db: Database, order: { id: number; total: number }, gateway: PaymentGatewayName, payerPhone?: string): Promise<Payment> {
  const [payment] = await db
    .insert(payments)
    .values({
      order_id: order.id,
      gateway,
      status: gateway === 'cash_on_delivery' ? 'PAY_ON_DELIVERY' : 'PENDING_PAYMENT',
      amount: order.total,
      merchant_reference: merchantReference(order.id),
      details: payerPhone ? { payer_phone: payerPhone } : {},
    })
    .returning();
  return payment!;
}

export async function latestPayment(orderId: number): Promise<Payment | null> {
  const db = await getDb();
  const [payment] = await db.select().from(payments).where(eq(payments.order_id, orderId)).orderBy(desc(payments.id)).limit(1);
  return payment ?? null;
}

/**
 * How each paid order's payment is confirmed, for the orders' `payment_confirmation`: the gateway's
 * confirmation code when it gave one (Pesapal), else the attempt's own reference. Orders not paid are left out.
 */
export async function paymentConfirmations(orderIds: number[]): Promise<Map<number, string>> {
  if (orderIds.length === 0) return new Map();
  const db = await getDb();
  const paid = await db
    .select({ order_id: payments.order_id, merchant_reference: payments.merchant_reference, details: payments.details })
    .from(payments)
    .where(and(inArray(payments.order_id, orderIds), eq(payments.status, 'COMPLETED')))
    .orderBy(asc(payments.id));
  const confirmations = new Map<number, string>();
  for (const { order_id, merchant_reference, details } of paid) {
    const code = details.confirmation_code;
    if (!confirmations.has(order_id)) confirmations.set(order_id, typeof code === 'string' && code ? code : merchant_reference);
  }
  return confirmations;
}

export async function findPaymentByReference(gateway: PaymentGatewayName, gatewayReference: string): Promise<Payment | null> {
  if (!gatewayReference) return null;
  const db = await getDb();
  const [payment] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.gateway, gateway), eq(payments.gateway_reference, gatewayReference)))
    .limit(1);
  return payment ?? null;
}

/**
 * Applies news about an attempt under the order's lock, then does what that asks of the gateways. Safe to
 * call with the same news again: the second time it is recorded and changes nothing.
 */
export async function recordPaymentNews(paymentId: number, news: PaymentNews): Promise<Payment> {
  const db = await getDb();
  const [found] = await db.select({ order_id: payments.order_id }).from(payments).where(eq(payments.id, paymentId));
  if (!found) throw new Error(`payment ${paymentId} not found`);
  const outcome = await withOrderLocked(found.order_id, async (tx) => {
    const { payment } = await applyNews(tx, paymentId, news);
    return { payment, followUps: await settleOrder(tx, payment.order_id) };
  });
  await runFollowUps(outcome!.followUps);
  return outcome!.payment;
}

/**
 * What the ledger asked for after a commit: close payment pages still open at their gateways (one that turns
 * out to have been paid is recorded as paid: its money is refunded) and pay back refunds through gateways that
 * can. A gateway that cannot be reached leaves the refund due, listed for an administrator; nothing is lost.
 */
export async function runFollowUps(followUps: FollowUps): Promise<void> {
  for (const attempt of followUps.close) {
    const gateway = gatewayNamed(attempt.gateway as PaymentGatewayName);
    if (!gateway.cancel) continue;
    try {
      if ((await gateway.cancel(attempt.gateway_reference)) === 'paid') await recordFoundPaid(attempt);
    } catch (error) {
      log.error({ err: error }, `[payments] could not close payment ${attempt.id} at ${attempt.gateway}`);
      // The page would stay open, payable, with the attempt closed in the books: the page closer asks again.
      if (error instanceof PaymentGatewayError && !(error instanceof PaymentStillOpen)) await markPageToClose(attempt.id);
    }
  }
  for (const owed of followUps.refunds) {
    const [payment] = await (await getDb()).select().from(payments).where(eq(payments.id, owed.payment_id));
    const gateway = payment && gatewayNamed(payment.gateway as PaymentGatewayName);
    if (!payment || !gateway?.refund) continue;
    const claim = await withOrderLocked(owed.order_id, (tx) => claimRefund(tx, owed.id));
    // Paid back by hand meanwhile, already paid back, or being paid back by another instance right now.
    if (!claim) continue;
    const by = `${payment.gateway} refund`;
    let outcome: Parameters<typeof settleRefund>[2];
    if (claim.stale && !(gateway.refundsOncePerId && claim.askAgain)) {
      // Asking again could pay twice: the administrator checks with the gateway, then pays back by hand if needed.
      outcome = {
        status: 'failed',
        note: `No answer from ${payment.gateway} was recorded for this refund: check whether it was paid before paying it back by hand.`,
        by,
      };
    } else {
      try {
        const made = await gateway.refund(
          { gatewayReference: payment.gateway_reference, details: payment.details },
          { id: owed.id, amount: owed.amount, reason: owed.reason as RefundReason },
        );
        outcome = { status: 'refunded', gatewayReference: made.reference, note: `Paid back through ${payment.gateway}`, by };
      } catch (error) {
        if (!(error instanceof PaymentGatewayError)) throw error;
        outcome = { status: 'failed', note: error.message, by };
      }
    }
    const more = await withOrderLocked(owed.order_id, (tx) => settleRefund(tx, claim.refund, outcome));
    if (more) await runFollowUps(more);
  }
}

/** How far before an attempt was written its gateway's clock may say its page was made. */
const CLOCK_SLACK_MS = 5 * 60_000;

/** How long after a start got no answer the page it may have made is looked for: a call still under way by then has failed. */
const LOST_PAGE_SEARCH_MS = 10 * 60_000;

/**
 * Closes the page of an attempt marked with one to close (ledger.ts, markPageToClose): its close failed, or its
 * start got no answer, so the page (if the gateway made one) is first found by the attempt's merchant reference and
 * kept as its reference. A page found paid is recorded as paid (the ledger refunds what the order does not owe).
 * A gateway out of reach leaves the mark for the next round, until the page has expired on its own. Returns the
 * attempt as it then stands.
 */
export async function closeLoosePage(paymentId: number): Promise<Payment> {
  const db = await getDb();
  const [attempt] = await db.select().from(payments).where(eq(payments.id, paymentId));
  if (!attempt) throw new Error(`payment ${paymentId} not found`);
  const since = Date.parse(String(attempt.details.page_to_close));
  const gateway = gatewayNamed(attempt.gateway as PaymentGatewayName);
  // An attempt that is still the order's (its start is under way) keeps its page; one paid has nothing left to close.
  const closable = attempt.status === 'CANCELLED' || attempt.status === 'FAILED';
  if (Number.isNaN(since) || !closable || !gateway.cancel || (!attempt.gateway_reference && !gateway.findOpenPage)) {
    await unmarkPageToClose(attempt.id);
    return attempt;
  }
  let reference = attempt.gateway_reference;
  try {
    if (!reference) {
      reference = (await gateway.findOpenPage!(attempt.merchant_reference, new Date(attempt.created_at.getTime() - CLOCK_SLACK_MS))) ?? '';
      if (!reference) {
        if (Date.now() - since > LOST_PAGE_SEARCH_MS) await unmarkPageToClose(attempt.id);
        return attempt;
      }
      await recordFoundPage(attempt.id, reference);
      log.warn(`[payments] payment ${attempt.id}: ${attempt.gateway} made page ${reference} although its answer never came; closing it`);
    }
    const closed = await gateway.cancel(reference);
    await unmarkPageToClose(attempt.id);
    if (closed === 'paid') await recordFoundPaid({ ...attempt, gateway_reference: reference });
  } catch (error) {
    if (!(error instanceof PaymentGatewayError)) throw error;
    // A request on a phone cannot be closed: its late approval is recorded and refunded (mobile-money-news.ts).
    if (error instanceof PaymentStillOpen) {
      await unmarkPageToClose(attempt.id);
      return attempt;
    }
    log.warn({ err: error }, `[payments] payment ${attempt.id}: its page at ${attempt.gateway} is not closed yet; asking again later`);
    // By then the gateway has closed the page itself (expires_at).
    if (Date.now() - since > PAYMENT_PAGE_MS + CLOCK_SLACK_MS) await unmarkPageToClose(attempt.id);
  }
  const [now] = await db.select().from(payments).where(eq(payments.id, paymentId));
  return now!;
}

/**
 * Records an attempt its gateway said was paid when the store closed it, with what the gateway says of it (its own
 * ids: Stripe's payment intent, Airtel's transaction id, which paying it back needs), checked like any status
 * answer. Should the gateway not answer now, the payment is recorded on the closing's word alone.
 */
async function recordFoundPaid(attempt: Payment): Promise<void> {
  const foundPaid = { found_paid_when_closing: true };
  try {
    const checked = await gatewayNamed(attempt.gateway as PaymentGatewayName).check(attempt.gateway_reference);
    if (checked.status === 'COMPLETED') {
      await recordChecked(attempt, checked, foundPaid);
      return;
    }
  } catch (error) {
    if (!(error instanceof PaymentGatewayError)) throw error;
  }
  await recordPaymentNews(attempt.id, { reported: 'COMPLETED', source: `${attempt.gateway} status`, details: foundPaid });
}

/**
 * Asks the payment's gateway to take it: stores the gateway's reference, where the buyer pays and where they
 * come back to (`details.return_url`, so a client asking for another return address gets a new page). A gateway
 * that refuses marks the attempt FAILED with its reason, so the buyer can try again. An attempt replaced or
 * closed while its gateway was being asked keeps no payment page: the page is closed at the gateway at once.
 */
export async function startPayment(payment: Payment, request: Omit<PaymentRequest, 'merchantReference' | 'amount' | 'orderId'>): Promise<Payment> {
  const gateway = gatewayNamed(payment.gateway as PaymentGatewayName);
  let started;
  try {
    started = await gateway.start({ ...request, orderId: payment.order_id, merchantReference: payment.merchant_reference, amount: payment.amount });
  } catch (error) {
    if (!(error instanceof PaymentGatewayError)) throw error;
    const reference = error.details.gateway_reference;
    if (!error.details.maybe_sent || typeof reference !== 'string') {
      const failed = await recordPaymentNews(payment.id, { reported: 'FAILED', source: 'store', details: failureDetails(error.said) });
      if (!error.details.maybe_sent || !gateway.findOpenPage) return failed;
      // The gateway may have made a page whose reference never reached the store: it is looked for and closed now,
      // and, if the gateway cannot tell yet, by the page closer.
      await markPageToClose(payment.id);
      return closeLoosePage(payment.id);
    }
    // The request may have reached the gateway: it stays waiting under its reference, and asking about it settles it.
    started = { status: payment.status as PaymentStatus, gatewayReference: reference, redirectUrl: '', details: { maybe_sent: true } };
  }
  // Cash on delivery answers at once with nothing to keep (no reference, no page, no details): the attempt stays as
  // written, without a locked write of the order that would only add where the buyer comes back to.
  if (!started.gatewayReference && !started.redirectUrl && Object.keys(started.details).length === 0) return payment;
  const saved = await withOrderLocked(payment.order_id, async (tx) => {
    const [current] = await tx.select().from(payments).where(eq(payments.id, payment.id));
    const stillWanted = current!.status === payment.status;
    const [updated] = await tx
      .update(payments)
      .set({
        gateway_reference: started.gatewayReference,
        redirect_url: stillWanted ? started.redirectUrl : '',
        details: { ...current!.details, ...started.details, return_url: request.callbackUrl },
        updated_at: new Date(),
      })
      .where(eq(payments.id, payment.id))
      .returning();
    return { payment: updated!, stillWanted };
  });
  if (!saved!.stillWanted && saved!.payment.gateway_reference) await runFollowUps({ close: [saved!.payment], refunds: [] });
  return saved!.payment;
}

/**
 * Asks the gateway for a payment's status and records it; an offline payment is returned as it is. "Still
 * waiting" is not written down (it never moves an attempt, and payment pages ask every few seconds).
 */
export async function refreshPayment(payment: Payment): Promise<Payment> {
  if (!payment.gateway_reference || payment.gateway === 'manual' || payment.gateway === 'cash_on_delivery') return payment;
  const checked = await gatewayNamed(payment.gateway as PaymentGatewayName).check(payment.gateway_reference);
  if (checked.status === 'PENDING_PAYMENT') return payment;
  return recordChecked(payment, checked);
}

/** Records a gateway's status answer about an attempt; "paid" only for the currency and amount it asked for. */
function recordChecked(payment: Payment, checked: CheckedPayment, extra: Record<string, unknown> = {}): Promise<Payment> {
  return recordPaymentNews(payment.id, {
    reported: checked.status,
    source: `${payment.gateway} status`,
    details: { ...checked.details, ...extra },
    ignoredBecause: checked.status === 'COMPLETED' ? notPaidAsAsked(payment, checked.details) : undefined,
  });
}

/**
 * Why a "paid" answer is not the payment asked for, or undefined when it is. A gateway whose answers name a
 * currency (MTN, Pesapal, Stripe) must name the one asked (UGX, or what the attempt recorded when it started:
 * MTN's sandbox takes EUR); an answer naming none is not believed. An amount given must be the one asked.
 */
export function notPaidAsAsked(payment: Pick<Payment, 'amount' | 'details'>, answer: Record<string, unknown>): string | undefined {
  if ('currency' in answer) {
    const asked = String(payment.details.currency ?? 'UGX').toUpperCase();
    const answered = typeof answer.currency === 'string' ? answer.currency.trim().toUpperCase() : '';
    if (!answered) return `the answer names no currency; ${asked} was asked`;
    if (answered !== asked) return `paid in ${answered}, not the ${asked} asked`;
  }
  const paid = Number(answer.amount_ugx ?? answer.amount ?? answer.network_amount);
  if (Number.isFinite(paid) && paid > 0 && paid !== payment.amount) return `paid ${paid}, not the ${payment.amount} asked`;
  return undefined;
}

export const ALREADY_PAID = message('payment', 'alreadyPaid');

/**
 * Closes an earlier attempt at its gateway before a new one opens; a gateway out of reach stops the new
 * attempt (it could double-charge). A mobile money request still waiting on the phone counts as closed only
 * once its approval window has passed: a late approval is then recorded and refunded, never lost.
 */
async function closeOrRefuse(gateway: PaymentGateway, attempt: Payment): Promise<'cancelled' | 'paid'> {
  try {
    return await gateway.cancel!(attempt.gateway_reference);
  } catch (error) {
    if (error instanceof PaymentStillOpen) {
      if (awaitingApproval(attempt, Date.now(), approvalWindowMs())) throw new Conflict(message('mobileMoney', 'stillOpen'));
      return 'cancelled';
    }
    if (error instanceof PaymentGatewayError) throw new Unavailable(message('payment', 'earlierStillOpen', error.said));
    throw error;
  }
}

/**
 * Before an order stops waiting for an attempt whose page its gateway cannot close (Pesapal), asks the gateway
 * how it stands and records the answer: true when it was paid, so the buyer is not asked to pay the rider as
 * well. A gateway out of reach stops the change, as a page that cannot be closed does (closeOrRefuse).
 */
async function paidMeanwhile(gateway: PaymentGateway, attempt: Payment): Promise<boolean> {
  let checked: CheckedPayment;
  try {
    checked = await gateway.check(attempt.gateway_reference);
  } catch (error) {
    if (error instanceof PaymentGatewayError) throw new Unavailable(message('payment', 'earlierStillOpen', error.said));
    throw error;
  }
  if (checked.status === 'PENDING_PAYMENT') return false;
  return (await recordChecked(attempt, checked)).status === 'COMPLETED';
}

/**
 * A new online attempt for an order whose last one failed, was cancelled or is still waiting. The attempts
 * still open are closed at their gateways first, so an earlier payment page cannot take money once a new one
 * exists (one found paid meanwhile pays the order, and no new attempt is made). Gateways that cannot close a
 * page (Pesapal) have their attempt cancelled in the store; money that still arrives there is recorded and,
 * if the order was paid twice, refunded. Before a switch to cash on delivery such a gateway is asked first
 * (paidMeanwhile), as the others are by closing: an attempt already paid refuses the switch. A mobile money request still waiting for approval blocks a new one
 * (one open request per order); a retry may move the order to the other mobile money network (`payerPhone`
 * is then the new number). With `cash_on_delivery` the buyer gives up paying online: the open attempts are
 * closed the same way and the rider collects; money an old attempt still takes is refunded (ledger.ts).
 */
export async function startNewAttempt(order: { id: number; total: number }, gatewayName: PaymentGatewayName, payerPhone?: string): Promise<Payment> {
  const toCash = gatewayName === 'cash_on_delivery';
  for (let round = 0; round < 3; round++) {
    const open = await openAttempts(order.id);
    const closed = new Set<number>();
    for (const attempt of open) {
      const gateway = gatewayNamed(attempt.gateway as PaymentGatewayName);
      if (!attempt.gateway_reference) continue;
      if (!gateway.cancel) {
        if (toCash && (await paidMeanwhile(gateway, attempt))) throw new Conflict(ALREADY_PAID);
        continue;
      }
      if ((await closeOrRefuse(gateway, attempt)) === 'paid') {
        await recordFoundPaid(attempt);
        throw new Conflict(ALREADY_PAID);
      }
      closed.add(attempt.id);
    }
    const created = await withOrderLocked(order.id, async (tx) => {
      const attempts = await attemptsOf(tx, order.id);
      const [current] = await tx.select({ status: orders.status, payment_gateway: orders.payment_gateway }).from(orders).where(eq(orders.id, order.id));
      const status = orderPaymentStatus(outlines(attempts));
      if (status === 'COMPLETED') throw new Conflict(ALREADY_PAID);
      // Two windows switching to cash on delivery at once: the second finds it done.
      if (toCash && current!.payment_gateway === 'cash_on_delivery' && status === 'PAY_ON_DELIVERY') return attempts.at(-1)!;
      if (toCash && !canSwitchToCash(current!.payment_gateway as PaymentGatewayName, status, current!.status as OrderStatus))
        throw new Conflict(message('order', 'cannotPayOnDelivery'));
      if (!toCash && !canPayOnline(gatewayName, status, current!.status as OrderStatus)) throw new Conflict(message('payment', 'nothingToPayOnline'));
      const stillOpen = attempts.filter((attempt) => attempt.status === 'PENDING_PAYMENT');
      // Another window opened an attempt meanwhile, or got its payment page since this one looked: close that
      // page at its gateway too before going on. (An attempt with no page yet is cancelled below; the window
      // starting it then finds it unwanted and closes its page: startPayment.)
      if (stillOpen.some((attempt) => !open.some((seen) => seen.id === attempt.id))) return null;
      if (stillOpen.some((attempt) => attempt.gateway_reference && gatewayNamed(attempt.gateway as PaymentGatewayName).cancel && !closed.has(attempt.id)))
        return null;
      if (stillOpen.some((attempt) => awaitingApproval(attempt, Date.now(), approvalWindowMs()))) throw new Conflict(message('mobileMoney', 'stillOpen'));
      const closedBecause = toCash ? 'the buyer chose to pay on delivery' : 'a new attempt replaced it';
      for (const attempt of stillOpen) await applyNews(tx, attempt.id, { reported: 'CANCELLED', source: 'store', details: { closed_because: closedBecause } });
      if (current!.payment_gateway !== gatewayName)
        await tx.update(orders).set({ payment_gateway: gatewayName, updated_at: new Date() }).where(eq(orders.id, order.id));
      const payment = await createPayment(tx, order, gatewayName, payerPhone);
      await settleOrder(tx, order.id);
      return payment;
    });
    if (created) return created;
  }
  throw new Conflict(message('payment', 'startedElsewhere'));
}

/**
 * A Pesapal IPN: a nudge, not a result. The attempt is found by its tracking id and merchant reference,
 * and Pesapal itself is asked for the status. Answers whether it was handled (false asks for a resend).
 */
export async function handlePesapalNotification(notification: PesapalNotification): Promise<boolean> {
  const payment = await findPaymentByReference('pesapal', notification.trackingId);
  if (!payment || payment.merchant_reference !== notification.merchantReference) return false;
  try {
    await refreshPayment(payment);
    return true;
  } catch (error) {
    if (error instanceof PaymentGatewayError) return false;
    throw error;
  }
}

const STRIPE_OUTCOMES: Record<string, (session: Record<string, unknown>) => PaymentStatus | null> = {
  'checkout.session.completed': (session) => (session.payment_status === 'paid' || session.payment_status === 'no_payment_required' ? 'COMPLETED' : null),
  'checkout.session.async_payment_succeeded': () => 'COMPLETED',
  'checkout.session.async_payment_failed': () => 'FAILED',
  'checkout.session.expired': () => 'CANCELLED',
};

/**
 * A verified Stripe event. Paid is believed only for the amount and currency this attempt asked for;
 * anything else is recorded on the attempt and changes nothing.
 */
export async function handleStripeEvent(event: StripeEvent): Promise<void> {
  const outcome = STRIPE_OUTCOMES[event.type];
  const session = event.data.object;
  if (!outcome || typeof session.id !== 'string') return;
  const payment = await findPaymentByReference('stripe', session.id);
  if (!payment) return;
  const status = outcome(session);
  if (!status) return;
  const paidAsAsked = session.currency === 'ugx' && typeof session.amount_total === 'number' && fromStripeAmount(session.amount_total) === payment.amount;
  await recordPaymentNews(payment.id, {
    reported: status,
    source: 'stripe webhook',
    externalId: event.id,
    details: { stripe_event: event.id, payment_intent: session.payment_intent ?? null },
    ignoredBecause:
      status === 'COMPLETED' && !paidAsAsked ? `paid ${String(session.amount_total)} ${String(session.currency)}, not the amount asked` : undefined,
  });
}
