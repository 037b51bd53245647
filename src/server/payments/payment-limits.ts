/**
 * Limits on asking people to pay, so nobody can flood a stranger's phone with requests to pay (a victim who
 * approves one pays for someone else's order), hold many orders' stock waiting for payments, or make the store
 * call a network again and again by sending it callbacks. Counted in the database (rate_limits, and the orders
 * themselves under a lock per account), so every instance of the store shares them.
 */
import { and, count, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client';
import { orders } from '../db/schema';
import { TooManyAttempts } from '../errors';
import { enforceLimits, giveBackHit, hitsSoFarSql, takeHit, type Limit } from '../rate-limit';
import { AWAITING_ONLINE_PAYMENT, ONLINE_GATEWAYS, type PaymentGatewayName } from '../../lib/order-rules';
import { message } from '../../lib/messages/message';

const MINUTE = 60_000;

export const PAYMENT_LIMITS = {
  // Requests to pay sent to one number, from any account or order.
  promptsPerPayerNumber: { limit: 3, windowMs: 10 * MINUTE },
  // Orders of one account waiting to be paid online at once (each holds its stock until paid or its hold ends).
  unpaidOnlineOrdersPerAccount: 2,
  // Orders of one account to pay on delivery that no vendor has started preparing yet (each holds its stock, and texts).
  waitingCashOrdersPerAccount: 5,
  // Status calls to a network about one payment made for its callbacks (real or forged) and the reconciler.
  statusCallsPerPayment: { limit: 1, windowMs: 5_000 },
} satisfies Record<string, Limit | number>;

/** The wait suggested to an account with too many orders waiting: a request to pay has expired by then. */
const UNPAID_RETRY_AFTER_SECONDS = 10 * 60;

/** Arbitrary: the first half of the advisory lock taken on an account while its unpaid orders are counted. */
const UNPAID_ORDERS_LOCK = 37_005;

const promptKey = (msisdn: string) => `payment-prompt:number:${msisdn}`;

/**
 * Counts a request to pay about to be sent to `msisdn` (256 and nine digits); refuses with 429 and the wait when the
 * number has had its share in the window.
 */
export async function takePromptFor(msisdn: string): Promise<void> {
  const limit = PAYMENT_LIMITS.promptsPerPayerNumber;
  try {
    await enforceLimits([{ key: promptKey(msisdn), limit, what: message('limit', 'paymentRequestsToNumber') }]);
  } catch (error) {
    if (!(error instanceof TooManyAttempts)) throw error;
    const seconds = error.retryAfterSeconds ?? limit.windowMs / 1000;
    throw new TooManyAttempts(message('mobileMoney', 'tooManyPrompts', limit.limit, limit.windowMs / MINUTE, Math.ceil(seconds / 60)), seconds);
  }
}

/**
 * How many requests to pay were sent to `msisdn` (256 and nine digits) in the current window, as an expression: the
 * texts' budget counts them in the query that counts the number's texts.
 */
export function promptsSentToSql(msisdn: string): SQL {
  return hitsSoFarSql(promptKey(msisdn), PAYMENT_LIMITS.promptsPerPayerNumber);
}

/** Gives back the request counted for `msisdn` when none was sent after all (the order or attempt was refused). */
export function giveBackPromptFor(msisdn: string): Promise<void> {
  return giveBackHit(promptKey(msisdn));
}

/**
 * Inside the transaction placing an order paid online or on delivery: refuses (429) when the account already has as
 * many orders of the kind waiting as it may. An order to pay on delivery waits until a vendor starts preparing it
 * (an unpaid online order is never prepared): without a limit one account could hold stock, and have the store text
 * a number, with orders it places and cancels again and again. Cash on delivery, how most shoppers pay, may have
 * more waiting than online payments, whose requests to pay a shopper answers at once. The account is locked for the
 * rest of the transaction (an advisory lock), so orders placed at once are counted one after the other.
 */
export async function refuseTooManyUnpaid(tx: Database, userId: number, gateway: PaymentGatewayName): Promise<void> {
  const online = ONLINE_GATEWAYS.includes(gateway);
  if (!online && gateway !== 'cash_on_delivery') return;
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${UNPAID_ORDERS_LOCK}::integer, ${userId}::integer)`);
  const waitingOnline = and(inArray(orders.payment_gateway, [...ONLINE_GATEWAYS]), inArray(orders.payment_status, [...AWAITING_ONLINE_PAYMENT]));
  const waitingCash = and(eq(orders.payment_status, 'PAY_ON_DELIVERY'), eq(orders.status, 'pending'));
  const [row] = await tx
    .select({ waiting: count() })
    .from(orders)
    .where(and(eq(orders.user_id, userId), ne(orders.status, 'cancelled'), online ? waitingOnline : waitingCash));
  const most = online ? PAYMENT_LIMITS.unpaidOnlineOrdersPerAccount : PAYMENT_LIMITS.waitingCashOrdersPerAccount;
  if ((row?.waiting ?? 0) >= most)
    throw new TooManyAttempts(message('api', 'because', message('order', 'failed'), message('order', 'tooManyUnpaid', most)), UNPAID_RETRY_AFTER_SECONDS);
}

/**
 * Whether a callback or the reconciler may ask the network about this payment now: at most one such call per
 * payment in each short window, however many callbacks arrive and however many instances hear them. One skipped is
 * not lost: the call just made answered it, and the reconciler asks again on its next round.
 */
export function mayAskNetworkNow(id: number, about: 'payment' | 'settlement' = 'payment'): Promise<boolean> {
  return takeHit(`payment-status-call:${about}:${id}`, PAYMENT_LIMITS.statusCallsPerPayment);
}
