/**
 * Card payments through Stripe Checkout, spoken over plain HTTP with `fetch` (no SDK), so tests point
 * STRIPE_API_BASE at a local fake that speaks the same protocol.
 *
 * UGX needs care: it counts as zero-decimal, yet the API still takes it as a two-decimal value whose
 * decimals are always 00. UGX 25,000 is sent as 2500000, and an amount not divisible by 100 is refused
 * ("Invalid amount. Currency UGX has become effectively zero-decimal and charged amounts must be evenly
 * divisible by 100."). Every amount crosses the boundary through toStripeAmount / fromStripeAmount.
 * https://docs.stripe.com/currencies#special-cases
 *
 * The buyer's return to success_url proves nothing: an order is paid when check() says so, or when a
 * `checkout.session.completed` event arrives whose signature verifyStripeWebhook accepts.
 */
import { config, type Config } from '../../config';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { formatUGX } from '../../../lib/money';
import { message, type Message } from '../../../lib/messages/message';
import {
  PAYMENT_PAGE_MS,
  PaymentGatewayError,
  type CheckedPayment,
  type PaymentGateway,
  type PaymentRequest,
  type PaymentStatus,
  type StartedPayment,
} from '../gateway';

/**
 * Below this a Checkout Session is refused ("must convert to at least 50 cents"); the exact limit moves
 * with the exchange rate, so the store keeps a round floor above it and refuses early with a clear message.
 */
export const STRIPE_MINIMUM_UGX = 2_000;

/** How long a call to Stripe may take before the buyer is told to try again. */
const REQUEST_TIMEOUT_MS = 20_000;

/**
 * How long one page of the open sessions may take: the list is read right after a start that got no answer, while
 * the buyer waits, and the page closer asks again later if Stripe is slow.
 */
const LIST_TIMEOUT_MS = 5_000;

const STRIPE = 'Stripe';

/** How many pages of a hundred open sessions findOpenPage reads before giving up for this round. */
const OPEN_PAGE_LIST_PAGES = 10;

/** The fields of a Checkout Session the store reads. */
export type StripeCheckoutSession = {
  id: string;
  object: 'checkout.session';
  url: string | null;
  amount_total: number | null;
  currency: string | null;
  status: 'open' | 'complete' | 'expired' | null;
  payment_status: 'paid' | 'unpaid' | 'no_payment_required';
  client_reference_id: string | null;
  metadata: Record<string, string> | null;
  customer_email?: string | null;
  payment_intent?: string | null;
  success_url?: string | null;
  cancel_url?: string | null;
  expires_at?: number;
  created?: number;
};

/** A webhook event, typed only as far as the store reads it. */
export type StripeEvent = {
  id: string;
  type: string;
  created?: number;
  data: { object: Record<string, unknown> };
};

type StripeErrorBody = { error?: { type?: string; code?: string; message?: string; param?: string } };

/** Whole UGX to the amount Stripe expects: UGX × 100. */
export function toStripeAmount(ugx: number): number {
  if (!Number.isSafeInteger(ugx) || ugx < 0) throw new RangeError(`A UGX amount must be a whole, non-negative number of shillings, not ${ugx}`);
  return ugx * 100;
}

/** A UGX amount as Stripe gives it (always a multiple of 100) back to UGX: ÷ 100. */
export function fromStripeAmount(amount: number): number {
  if (!Number.isSafeInteger(amount)) throw new RangeError(`A Stripe amount is a whole number, not ${amount}`);
  return amount / 100;
}

type StripeSettings = Pick<Config, 'STRIPE_API_BASE' | 'STRIPE_SECRET_KEY' | 'STRIPE_WEBHOOK_SECRET'>;

export function createStripeGateway(settings: StripeSettings = config): PaymentGateway {
  const base = settings.STRIPE_API_BASE;
  const secretKey = settings.STRIPE_SECRET_KEY ?? '';

  async function call<Reply = StripeCheckoutSession>(
    action: Message,
    path: string,
    init: { method: 'GET' | 'POST'; form?: URLSearchParams; idempotencyKey?: string; timeoutMs?: number },
  ): Promise<Reply> {
    const headers: Record<string, string> = { Authorization: `Bearer ${secretKey}`, Accept: 'application/json' };
    if (init.form) headers['Content-Type'] = 'application/x-www-form-urlencoded';
    if (init.idempotencyKey) headers['Idempotency-Key'] = init.idempotencyKey;

    let response: Response;
    let text: string;
    try {
      response = await fetch(`${base}${path}`, {
        method: init.method,
        headers,
        body: init.form?.toString(),
        signal: AbortSignal.timeout(init.timeoutMs ?? REQUEST_TIMEOUT_MS),
      });
      text = await response.text();
    } catch (error) {
      // No answer: the call may still have been carried out (a timeout after Stripe acted, a reply lost on the way).
      throw new PaymentGatewayError(message('payment', 'gatewayUnreachable', STRIPE), {
        path,
        cause: error instanceof Error ? error.message : String(error),
        unanswered: true,
      });
    }

    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }

    if (!response.ok || typeof body !== 'object' || body === null) {
      const error = (body as StripeErrorBody | undefined)?.error;
      // Stripe's own words when it gave some, as it wrote them.
      const reason = error?.message || message('payment', 'unexpectedReply', response.status);
      throw new PaymentGatewayError(message('payment', 'gatewayCouldNot', STRIPE, action, reason), {
        path,
        http_status: response.status,
        type: error?.type ?? null,
        code: error?.code ?? null,
        param: error?.param ?? null,
        request_id: response.headers.get('request-id'),
      });
    }
    return body as Reply;
  }

  return {
    name: 'stripe',

    isConfigured: () => Boolean(settings.STRIPE_SECRET_KEY && settings.STRIPE_WEBHOOK_SECRET),

    // Each refund is asked for under the key `refund-<id>`, which Stripe pays once (below).
    refundsOncePerId: true,

    async start(request: PaymentRequest): Promise<StartedPayment> {
      const form = checkoutSessionForm(request);
      let session: StripeCheckoutSession;
      try {
        session = await call(message('payment', 'startThePayment'), '/v1/checkout/sessions', {
          method: 'POST',
          form,
          idempotencyKey: request.merchantReference,
        });
      } catch (error) {
        // Without an answer, or with Stripe's own failure (5xx), a session may exist that the store never heard of:
        // the caller looks for it (findOpenPage) and closes it.
        if (error instanceof PaymentGatewayError && (error.details.unanswered === true || Number(error.details.http_status) >= 500)) {
          throw new PaymentGatewayError(error.said, { ...error.details, maybe_sent: true });
        }
        throw error;
      }
      if (!session.id || !session.url) {
        throw new PaymentGatewayError(
          message('payment', 'gatewayCouldNot', STRIPE, message('payment', 'startThePayment'), message('payment', 'replyWithoutPage')),
          { session_id: session.id ?? null },
        );
      }
      return {
        status: 'PENDING_PAYMENT',
        gatewayReference: session.id,
        redirectUrl: session.url,
        details: { amount_total: session.amount_total, currency: session.currency, expires_at: session.expires_at ?? null },
      };
    },

    async check(sessionId: string): Promise<CheckedPayment> {
      const session = await call(message('payment', 'checkThePayment'), `/v1/checkout/sessions/${encodeURIComponent(sessionId)}`, { method: 'GET' });
      return {
        status: sessionStatus(session),
        details: {
          status: session.status,
          payment_status: session.payment_status,
          amount_total: session.amount_total,
          amount_ugx: typeof session.amount_total === 'number' && session.currency === 'ugx' ? fromStripeAmount(session.amount_total) : null,
          currency: session.currency,
          client_reference_id: session.client_reference_id,
          payment_intent: session.payment_intent ?? null,
        },
      };
    },

    async cancel(sessionId: string): Promise<'cancelled' | 'paid'> {
      const path = `/v1/checkout/sessions/${encodeURIComponent(sessionId)}`;
      try {
        await call(message('payment', 'closeTheEarlierPayment'), `${path}/expire`, { method: 'POST' });
        return 'cancelled';
      } catch (error) {
        // Only an open session can be expired: one that is complete was paid, one already expired is closed.
        if (!(error instanceof PaymentGatewayError) || error.details.http_status !== 400) throw error;
        const session = await call(message('payment', 'checkTheEarlierPayment'), path, { method: 'GET' });
        const status = sessionStatus(session);
        if (status === 'PENDING_PAYMENT') throw error;
        return status === 'COMPLETED' ? 'paid' : 'cancelled';
      }
    },

    async findOpenPage(merchantReference: string, since: Date): Promise<string | null> {
      // Stripe cannot list sessions by client_reference_id or metadata: the open ones made since then are read, newest
      // first, a hundred at a time, and the one made for this attempt is picked out by its merchant reference.
      const query = new URLSearchParams({ status: 'open', 'created[gte]': String(Math.floor(since.getTime() / 1000)), limit: '100' });
      for (let page = 0; page < OPEN_PAGE_LIST_PAGES; page++) {
        const listed = await call<{ data?: StripeCheckoutSession[]; has_more?: boolean }>(
          message('payment', 'checkThePayment'),
          `/v1/checkout/sessions?${query}`,
          { method: 'GET', timeoutMs: LIST_TIMEOUT_MS },
        );
        const sessions = Array.isArray(listed.data) ? listed.data : [];
        const found = sessions.find((session) => session.metadata?.merchant_reference === merchantReference);
        if (found) return found.id;
        if (!listed.has_more || sessions.length === 0) return null;
        query.set('starting_after', sessions.at(-1)!.id);
      }
      throw new PaymentGatewayError(
        message('payment', 'gatewayCouldNot', STRIPE, message('payment', 'checkThePayment'), message('payment', 'unexpectedReply', 200)),
        {
          reason: `more than ${OPEN_PAGE_LIST_PAGES * 100} open sessions to look through`,
        },
      );
    },

    async refund(payment, refund): Promise<{ reference: string }> {
      const paymentIntent = payment.details.payment_intent;
      if (typeof paymentIntent !== 'string' || !paymentIntent) {
        throw new PaymentGatewayError(
          message('payment', 'gatewayCouldNot', STRIPE, message('payment', 'refundThePayment'), message('payment', 'unknownPaymentIntent')),
        );
      }
      const form = new URLSearchParams({
        payment_intent: paymentIntent,
        amount: String(toStripeAmount(refund.amount)),
        reason: refund.reason === 'overpayment' ? 'duplicate' : 'requested_by_customer',
      });
      // One key per refund the store owes, so asking again after a lost reply never pays back twice.
      const made = await call<{ id?: string; status?: string }>(message('payment', 'refundThePayment'), '/v1/refunds', {
        method: 'POST',
        form,
        idempotencyKey: `refund-${refund.id}`,
      });
      if (!made.id || made.status === 'failed' || made.status === 'canceled') {
        throw new PaymentGatewayError(
          message(
            'payment',
            'gatewayCouldNot',
            STRIPE,
            message('payment', 'refundThePayment'),
            made.status ? message('payment', 'refundIs', made.status) : message('payment', 'refundMissing'),
          ),
          { refund: made },
        );
      }
      return { reference: made.id };
    },
  };
}

function sessionStatus(session: StripeCheckoutSession): PaymentStatus {
  if (session.payment_status === 'paid' || session.payment_status === 'no_payment_required') return 'COMPLETED';
  if (session.status === 'expired') return 'CANCELLED';
  return 'PENDING_PAYMENT';
}

/** The Checkout Session parameters for one payment, after checking its amounts add up. */
function checkoutSessionForm(request: PaymentRequest): URLSearchParams {
  if (request.lines.length === 0) throw new PaymentGatewayError(message('payment', 'nothingToPay'));
  for (const line of request.lines) {
    if (!Number.isSafeInteger(line.unitPrice) || line.unitPrice < 0 || !Number.isSafeInteger(line.quantity) || line.quantity < 1) {
      throw new PaymentGatewayError(message('payment', 'badLine'), { line });
    }
  }
  const linesTotal = request.lines.reduce((sum, line) => sum + line.unitPrice * line.quantity, 0);
  if (linesTotal !== request.amount) {
    throw new PaymentGatewayError(message('payment', 'linesDoNotAddUp', formatUGX(linesTotal), formatUGX(request.amount)), {
      lines_total: linesTotal,
      amount: request.amount,
    });
  }
  if (request.amount < STRIPE_MINIMUM_UGX) {
    throw new PaymentGatewayError(message('payment', 'cardMinimum', formatUGX(STRIPE_MINIMUM_UGX), formatUGX(request.amount)), {
      amount: request.amount,
      minimum: STRIPE_MINIMUM_UGX,
    });
  }

  const form = new URLSearchParams();
  form.append('mode', 'payment');
  request.lines.forEach((line, index) => {
    const item = `line_items[${index}]`;
    form.append(`${item}[price_data][currency]`, 'ugx');
    form.append(`${item}[price_data][unit_amount]`, String(toStripeAmount(line.unitPrice)));
    form.append(`${item}[price_data][product_data][name]`, line.name || request.description);
    form.append(`${item}[quantity]`, String(line.quantity));
  });
  // Stripe fills in {CHECKOUT_SESSION_ID} itself when it sends the buyer back.
  const separator = request.callbackUrl.includes('?') ? '&' : '?';
  form.append('success_url', `${request.callbackUrl}${separator}session_id={CHECKOUT_SESSION_ID}`);
  form.append('cancel_url', request.cancelUrl);
  form.append('client_reference_id', String(request.orderId));
  form.append('metadata[order_id]', String(request.orderId));
  form.append('metadata[merchant_reference]', request.merchantReference);
  if (request.customer.email) form.append('customer_email', request.customer.email);
  // Unpaid, the order gives its items back soon after the page closes (orders/unpaid-orders.ts), not after Stripe's default day.
  form.append('expires_at', String(Math.floor((Date.now() + PAYMENT_PAGE_MS) / 1000)));
  return form;
}

/** A webhook request that is not provably from Stripe; the endpoint answers it with 400. */
export class StripeSignatureError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StripeSignatureError';
  }
}

const SCHEME = 'v1';
const DEFAULT_TOLERANCE_SECONDS = 300;

function hmacHex(secret: string, timestamp: number, rawBody: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${rawBody}`, 'utf8').digest('hex');
}

function unixSeconds(date: Date): number {
  return Math.floor(date.getTime() / 1000);
}

/** A valid Stripe-Signature header for a body: `t=<unix seconds>,v1=<hex>`. */
export function signStripePayload(rawBody: string, secret: string, timestamp: number | Date = new Date()): string {
  const t = typeof timestamp === 'number' ? timestamp : unixSeconds(timestamp);
  return `t=${t},${SCHEME}=${hmacHex(secret, t, rawBody)}`;
}

/**
 * Checks a webhook's Stripe-Signature header against the raw body and returns the event. The body must be
 * the exact bytes received: re-serialised JSON changes the signature. Unlike the low-level check in
 * Stripe's libraries, the timestamp is always checked, so a captured request cannot be replayed later.
 */
export function verifyStripeWebhook(
  rawBody: string,
  signatureHeader: string | null | undefined,
  secret: string,
  options: { toleranceSeconds?: number; now?: Date } = {},
): StripeEvent {
  if (typeof rawBody !== 'string' || rawBody === '') throw new StripeSignatureError('No webhook payload was provided.');
  if (!signatureHeader) throw new StripeSignatureError('No stripe-signature header value was provided.');

  let timestamp = -1;
  const signatures: string[] = [];
  for (const item of signatureHeader.split(',')) {
    const at = item.indexOf('=');
    if (at < 0) continue;
    const key = item.slice(0, at).trim();
    const value = item.slice(at + 1).trim();
    if (key === 't' && /^\d+$/.test(value)) timestamp = Number(value);
    if (key === SCHEME) signatures.push(value);
  }
  if (timestamp === -1) throw new StripeSignatureError('Unable to extract timestamp and signatures from header');
  if (signatures.length === 0) throw new StripeSignatureError('No signatures found with expected scheme');

  const expected = Buffer.from(hmacHex(secret, timestamp, rawBody), 'utf8');
  const matches = signatures.some((signature) => {
    const given = Buffer.from(signature, 'utf8');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  if (!matches) {
    throw new StripeSignatureError(
      'No signatures found matching the expected signature for payload. Are you passing the raw request body you received from Stripe?',
    );
  }

  const tolerance = options.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS;
  if (unixSeconds(options.now ?? new Date()) - timestamp > tolerance) throw new StripeSignatureError('Timestamp outside the tolerance zone');

  let event: StripeEvent;
  try {
    event = JSON.parse(rawBody) as StripeEvent;
  } catch {
    throw new StripeSignatureError('The webhook payload is not a Stripe event');
  }
  if (typeof event !== 'object' || event === null || typeof event.id !== 'string' || typeof event.type !== 'string' || typeof event.data?.object !== 'object') {
    throw new StripeSignatureError('The webhook payload is not a Stripe event');
  }
  return event;
}
