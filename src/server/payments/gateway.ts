/**
 * One interface for every way to pay (spec section 3: pesapal, stripe, manual, cash_on_delivery). The
 * payments service (payments.ts) owns the payments table and calls a gateway only through this; each
 * online gateway reads its base URL and keys from the environment, so tests point it at a local fake
 * server that speaks the same protocol.
 */
import type { RefundReason } from '../../lib/order-money';
import type { PaymentGatewayName, PaymentStatus } from '../../lib/order-rules';
import { isMessage, type Message } from '../../lib/messages/message';
import { sayMessage } from '../../lib/messages/say-message';

export type { PaymentStatus };
export type GatewayName = PaymentGatewayName;

export type { RefundReason };

/**
 * How long a payment page stays open: Stripe's shortest Checkout Session (30 minutes) and a minute for the clocks
 * to differ. It does not lengthen an unpaid order's hold, which counts from the order's placing and closes a page
 * still open when it ends (orders/unpaid-orders.ts).
 */
export const PAYMENT_PAGE_MS = 31 * 60_000;

/** What a gateway needs to take a payment for one order. Amounts are whole UGX. */
export type PaymentRequest = {
  orderId: number;
  /** Unique for every payment attempt (Pesapal: at most 50 characters, letters, digits and dashes). */
  merchantReference: string;
  amount: number;
  /** At most 100 characters. */
  description: string;
  customer: { firstName: string; lastName: string; email: string; phone: string };
  /** The number a mobile money request to pay goes to, as 256 and nine digits (mtn_momo, airtel_money only). */
  payerPhone?: string;
  lines: { name: string; unitPrice: number; quantity: number }[];
  /** Absolute URL the buyer's browser comes back to: /payment/callback/{orderId}. */
  callbackUrl: string;
  /** Absolute URL for a buyer who gives up on the gateway's page: /payment/{orderId}. */
  cancelUrl: string;
  /** Absolute URL of our notification endpoint for this gateway (Pesapal's IPN, a network's callback). */
  notificationUrl: string;
};

/** A payment the gateway has accepted to take: where to send the buyer and its own reference. */
export type StartedPayment = {
  status: PaymentStatus;
  /** The gateway's id for this payment (Pesapal order_tracking_id, Stripe session id); '' for offline ones. */
  gatewayReference: string;
  /** Where the buyer pays; '' when nothing is paid online. */
  redirectUrl: string;
  details: Record<string, unknown>;
};

/** The gateway's own word on a payment. */
export type CheckedPayment = { status: PaymentStatus; details: Record<string, unknown> };

export interface PaymentGateway {
  readonly name: GatewayName;
  /** False when its keys are not set: the gateway is then hidden from checkout. */
  isConfigured(): boolean;
  start(request: PaymentRequest): Promise<StartedPayment>;
  /**
   * Gateways whose reference the store chooses (the mobile money networks): the reference an attempt has at
   * the gateway even when the store stopped before it could record the gateway's reply.
   */
  referenceFor?(merchantReference: string): string;
  /** Asks the gateway for the status of a payment it started (never trusts a caller's word for it). */
  check(gatewayReference: string): Promise<CheckedPayment>;
  /**
   * Closes a payment that was not paid, so that it can no longer be paid; 'paid' when it was paid before it
   * could be closed. Gateways without a way to close a payment leave this out: such an attempt is cancelled
   * in the store only, and money that still arrives on it is recorded and refunded.
   */
  cancel?(gatewayReference: string): Promise<'cancelled' | 'paid'>;
  /**
   * Gateways whose reference is only learnt from their answer to `start` (Stripe): the reference of a payment page
   * still open that was made for `merchantReference` since `since`, or null. When a start's answer never came
   * (`maybe_sent`), the page it may have made is found this way and closed, so it cannot stay open unknown to the books.
   */
  findOpenPage?(merchantReference: string, since: Date): Promise<string | null>;
  /**
   * True when asking again to pay back the same refund (same id) can never pay it twice (Stripe's idempotency
   * keys): a refund whose answer was lost with a stopped instance is then asked about again, not left to a person.
   */
  readonly refundsOncePerId?: boolean;
  /** Pays money back on a completed payment; gateways that cannot leave this out (refunded by hand). */
  refund?(
    payment: { gatewayReference: string; details: Record<string, unknown> },
    refund: { id: number; amount: number; reason: RefundReason },
  ): Promise<{ reference: string }>;
}

/** A gateway refused or failed a call; `said` is safe to show to the buyer, in their language, and `message` is its English. */
export class PaymentGatewayError extends Error {
  constructor(
    readonly said: Message,
    readonly details: Record<string, unknown> = {},
  ) {
    super(sayMessage(said, 'en'));
    this.name = 'PaymentGatewayError';
  }
}

/**
 * A failed payment's reason as its details keep it: `error`, its English, which the API has always sent, and
 * `error_message`, the message a reply says in the reader's language (src/server/http/order-labels.ts).
 */
export function failureDetails(said: Message): { error: string; error_message: Message } {
  return { error: sayMessage(said, 'en'), error_message: said };
}

/**
 * The message a payment's details keep for its failure, when it still says what `error` says: payments failed
 * before the message was kept have only the English, and null is answered for them.
 */
export function failureMessageOf(details: Record<string, unknown>): Message | null {
  const { error, error_message: said } = details;
  if (typeof error !== 'string' || error === '' || !isMessage(said)) return null;
  try {
    return sayMessage(said, 'en') === error ? said : null;
  } catch {
    return null;
  }
}

/**
 * An earlier payment cannot be closed because it may still be paid: a request to pay still waiting for the
 * buyer's approval on the phone. A new attempt must wait, or the buyer could approve both and pay twice.
 */
export class PaymentStillOpen extends PaymentGatewayError {
  constructor(said: Message, details: Record<string, unknown> = {}) {
    super(said, details);
    this.name = 'PaymentStillOpen';
  }
}
