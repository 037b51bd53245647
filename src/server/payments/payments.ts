/**
 * Payments: this module owns the payments table. An order has one payment per attempt (a retry after a
 * failure is a new attempt with a new merchant reference); the order shows its latest attempt's status.
 * A status changes only on the gateway's own word (its status call or a signed notification), and
 * never backwards from COMPLETED, so replayed or forged messages change nothing.
 */
import { randomBytes } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { getDb, type Database } from '../db/client';
import { orderEvents, orders, payments } from '../db/schema';
import { nextPaymentStatus, PAYMENT_STATUS_LABELS, type PaymentGatewayName, type PaymentStatus } from '../../lib/orders';
import { PaymentGatewayError, type PaymentGateway, type PaymentRequest } from './gateway';
import { cashOnDelivery, manualTransfer } from './offline';
import { createPesapalGateway, type PesapalNotification } from './pesapal';
import { createStripeGateway, fromStripeAmount, type StripeEvent } from './stripe';

export type Payment = typeof payments.$inferSelect;

let gateways: Record<PaymentGatewayName, PaymentGateway> | undefined;

/** The gateways, set up from the environment on first use. */
export function gatewayNamed(name: PaymentGatewayName): PaymentGateway {
  gateways ??= { pesapal: createPesapalGateway(), stripe: createStripeGateway(), manual: manualTransfer, cash_on_delivery: cashOnDelivery };
  return gateways[name];
}

/** The ways to pay offered at checkout: online gateways only when their keys are set. */
export function availableGateways(): PaymentGatewayName[] {
  return (['pesapal', 'stripe', 'manual', 'cash_on_delivery'] as const).filter((name) => gatewayNamed(name).isConfigured());
}

/** Unique per attempt, letters, digits and dashes, well under Pesapal's 50 characters. */
function merchantReference(orderId: number): string {
  return `DK-${orderId}-${randomBytes(5).toString('hex')}`;
}

/** Writes a new payment attempt (inside the caller's transaction) with the status it starts with. */
export async function createPayment(db: Database, order: { id: number; total: number }, gateway: PaymentGatewayName): Promise<Payment> {
  const [payment] = await db
    .insert(payments)
    .values({
      order_id: order.id,
      gateway,
      status: gateway === 'cash_on_delivery' ? 'PAY_ON_DELIVERY' : 'PENDING_PAYMENT',
      amount: order.total,
      merchant_reference: merchantReference(order.id),
    })
    .returning();
  return payment!;
}

export async function latestPayment(orderId: number): Promise<Payment | null> {
  const db = await getDb();
  const [payment] = await db.select().from(payments).where(eq(payments.order_id, orderId)).orderBy(desc(payments.id)).limit(1);
  return payment ?? null;
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
 * Asks the payment's gateway to take it: stores the gateway's reference and where the buyer pays. A
 * gateway that refuses marks the attempt FAILED with its reason, so the buyer can try again.
 */
export async function startPayment(payment: Payment, request: Omit<PaymentRequest, 'merchantReference' | 'amount' | 'orderId'>): Promise<Payment> {
  const gateway = gatewayNamed(payment.gateway as PaymentGatewayName);
  try {
    const started = await gateway.start({ ...request, orderId: payment.order_id, merchantReference: payment.merchant_reference, amount: payment.amount });
    return await savePayment(payment, {
      status: started.status,
      gateway_reference: started.gatewayReference,
      redirect_url: started.redirectUrl,
      details: { ...payment.details, ...started.details },
    });
  } catch (error) {
    if (!(error instanceof PaymentGatewayError)) throw error;
    return savePayment(payment, { status: 'FAILED', details: { ...payment.details, error: error.message } });
  }
}

/** Asks the gateway for a payment's status and records it; an offline payment is returned as it is. */
export async function refreshPayment(payment: Payment): Promise<Payment> {
  if (!payment.gateway_reference || payment.gateway === 'manual' || payment.gateway === 'cash_on_delivery') return payment;
  const checked = await gatewayNamed(payment.gateway as PaymentGatewayName).check(payment.gateway_reference);
  return recordPaymentStatus(payment.id, checked.status, checked.details);
}

/**
 * Records what the gateway (or the store, for a manual transfer) says of a payment. Idempotent: the
 * same news twice changes nothing the second time; COMPLETED is never undone.
 */
export async function recordPaymentStatus(paymentId: number, reported: PaymentStatus, details: Record<string, unknown> = {}): Promise<Payment> {
  const db = await getDb();
  const [payment] = await db.select().from(payments).where(eq(payments.id, paymentId)).limit(1);
  if (!payment) throw new Error(`payment ${paymentId} not found`);
  const status = nextPaymentStatus(payment.status as PaymentStatus, reported);
  if (status === payment.status) return payment;
  return savePayment(payment, { status, details: { ...payment.details, ...details } });
}

/** Updates an attempt, and its order when it is the order's latest, noting the change on the order's timeline. */
async function savePayment(payment: Payment, change: Partial<Pick<Payment, 'status' | 'gateway_reference' | 'redirect_url' | 'details'>>): Promise<Payment> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [saved] = await tx
      .update(payments)
      .set({ ...change, updated_at: new Date() })
      .where(eq(payments.id, payment.id))
      .returning();
    const [latest] = await tx.select({ id: payments.id }).from(payments).where(eq(payments.order_id, payment.order_id)).orderBy(desc(payments.id)).limit(1);
    // The order shows its latest attempt, except that money arriving on an older attempt always counts.
    if (change.status && change.status !== payment.status && (latest?.id === payment.id || change.status === 'COMPLETED')) {
      await tx.update(orders).set({ payment_status: change.status, updated_at: new Date() }).where(eq(orders.id, payment.order_id));
      await tx.insert(orderEvents).values({ order_id: payment.order_id, status: `payment:${change.status}`, note: PAYMENT_STATUS_LABELS[change.status as PaymentStatus] });
    }
    return saved!;
  });
}

/** A new attempt for an order whose last one failed, was cancelled or is still waiting. */
export async function newAttempt(order: { id: number; total: number }, gateway: PaymentGatewayName): Promise<Payment> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    await tx
      .update(payments)
      .set({ status: 'CANCELLED', updated_at: new Date() })
      .where(and(eq(payments.order_id, order.id), eq(payments.status, 'PENDING_PAYMENT')));
    const payment = await createPayment(tx, order, gateway);
    await tx.update(orders).set({ payment_status: payment.status, updated_at: new Date() }).where(eq(orders.id, order.id));
    return payment;
  });
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
 * anything else is noted on the attempt and changes nothing.
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
  if (status === 'COMPLETED' && !paidAsAsked) {
    console.error(`[payments] Stripe event ${event.id} for payment ${payment.id} does not match its amount; not marked paid`);
    return;
  }
  await recordPaymentStatus(payment.id, status, { stripe_event: event.id });
}
