/**
 * Orders and payments as both the server and the pages see them: the statuses, which changes are
 * allowed, and the words shown to a buyer. Pure, so the rules are tested alone.
 */
export const ORDER_STATUSES = ['pending', 'processing', 'shipped', 'delivered', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const PAYMENT_GATEWAYS = ['mtn_momo', 'airtel_money', 'pesapal', 'stripe', 'manual', 'cash_on_delivery'] as const;
export type PaymentGatewayName = (typeof PAYMENT_GATEWAYS)[number];

export const PAYMENT_STATUSES = ['PENDING_PAYMENT', 'COMPLETED', 'FAILED', 'PAY_ON_DELIVERY', 'CANCELLED', 'REFUNDED', 'REVERSED'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** Where an order may go next; delivered and cancelled are final. */
const NEXT_ORDER_STATUS: Record<OrderStatus, readonly OrderStatus[]> = {
  pending: ['processing', 'cancelled'],
  processing: ['shipped', 'cancelled'],
  shipped: ['delivered'],
  delivered: [],
  cancelled: [],
};

export function canMoveOrder(from: OrderStatus, to: OrderStatus): boolean {
  return NEXT_ORDER_STATUS[from].includes(to);
}

export function nextOrderStatuses(from: OrderStatus): readonly OrderStatus[] {
  return NEXT_ORDER_STATUS[from];
}

export function isOrderStatus(value: unknown): value is OrderStatus {
  return typeof value === 'string' && (ORDER_STATUSES as readonly string[]).includes(value);
}

/**
 * An order's status from its parts' (each vendor moves its own): cancelled when every part is; what the live
 * parts say when they agree; otherwise on the way once every live part has left, else being prepared. So a
 * part delivered while another waits leaves the order in progress, never back at "placed".
 */
export function orderStatusOfParts(parts: readonly OrderStatus[]): OrderStatus {
  const live = parts.filter((status) => status !== 'cancelled');
  if (live.length === 0) return 'cancelled';
  if (live.every((status) => status === live[0])) return live[0]!;
  return live.every((status) => status === 'shipped' || status === 'delivered') ? 'shipped' : 'processing';
}

/** How far an order has come as its buyer is told: its status, or that some of its parts have moved on before the others. */
export type OrderProgress = OrderStatus | 'partly_shipped' | 'partly_delivered';

/** How far an order of several parts has come: "partly shipped" while some live parts have left and others wait. */
export function orderProgress(parts: readonly OrderStatus[]): OrderProgress {
  const live = parts.filter((status) => status !== 'cancelled');
  const status = orderStatusOfParts(parts);
  if (live.length < 2 || live.every((part) => part === status)) return status;
  if (status === 'shipped') return 'partly_delivered';
  return live.some((part) => part === 'shipped' || part === 'delivered') ? 'partly_shipped' : status;
}

/** How far an order of several parts has come, in the buyer's words: "Partly shipped" while some parts wait. */
export function orderProgressLabel(parts: readonly OrderStatus[]): string {
  return ORDER_PROGRESS_LABELS[orderProgress(parts)];
}

/**
 * Where a payment attempt may go on news about it. Money only moves forward: a completed payment leaves
 * COMPLETED only by a recorded refund or a reversal, and a failed or cancelled attempt still becomes
 * COMPLETED when the money did arrive. Any other news is recorded and ignored.
 */
const NEXT_PAYMENT_STATUS: Record<PaymentStatus, readonly PaymentStatus[]> = {
  PENDING_PAYMENT: ['COMPLETED', 'FAILED', 'CANCELLED', 'REVERSED'],
  PAY_ON_DELIVERY: ['COMPLETED', 'CANCELLED'],
  FAILED: ['COMPLETED'],
  CANCELLED: ['COMPLETED'],
  COMPLETED: ['REFUNDED', 'REVERSED'],
  REFUNDED: [],
  REVERSED: [],
};

/** A payment attempt's status after news from its gateway (or the store): the new status, or the old one when the news is ignored. */
export function nextPaymentStatus(current: PaymentStatus, reported: PaymentStatus): PaymentStatus {
  return NEXT_PAYMENT_STATUS[current].includes(reported) ? reported : current;
}

/** A payment attempt as the order's payment rules read it: its status and, where it matters, its gateway. */
export type AttemptOutline = { status: PaymentStatus; gateway?: string };

/**
 * The attempts whose money pays for the order. A buyer who switched to cash on delivery pays the rider: the
 * online attempts before that switch no longer pay for the order, and money that still reaches one of them is
 * owed back in full (it never counts twice, and the rider still collects what the order costs).
 */
export function attemptsPayingFor<Attempt extends AttemptOutline>(attempts: readonly Attempt[]): Attempt[] {
  const switched = attempts.findLastIndex((attempt) => attempt.gateway === 'cash_on_delivery');
  return switched > 0 ? attempts.slice(switched) : [...attempts];
}

/**
 * The order's payment status from its attempts (oldest first): paid when any attempt that pays for it is paid
 * (money on an older attempt counts, unless the buyer switched to cash on delivery since), otherwise what the
 * latest attempt says.
 */
export function orderPaymentStatus(attempts: readonly AttemptOutline[]): PaymentStatus {
  if (attemptsPayingFor(attempts).some((attempt) => attempt.status === 'COMPLETED')) return 'COMPLETED';
  return attempts.at(-1)?.status ?? 'PENDING_PAYMENT';
}

/**
 * Whether a vendor may start preparing a part of an order with this payment status: an order paid before
 * delivery (online, or by a transfer) only once its payment is COMPLETED; cash on delivery at once.
 */
export function mayPrepare(payment: PaymentStatus): boolean {
  return payment === 'COMPLETED' || payment === 'PAY_ON_DELIVERY';
}

/** The payment statuses under which a part waits for its money before anyone prepares it, for queries. */
export const PREPARABLE_PAYMENT_STATUSES: readonly PaymentStatus[] = ['COMPLETED', 'PAY_ON_DELIVERY'];

/** Whether a buyer may still move an order paid online to cash on delivery: its online payment is not through, and it is not cancelled. */
export function canSwitchToCash(gateway: PaymentGatewayName, payment: PaymentStatus, order: OrderStatus): boolean {
  return canPayOnline(gateway, payment, order);
}

/** Whether a buyer may cancel their order: it is not cancelled yet and none of its parts has left (shipped or delivered). */
export function canBuyerCancel(parts: readonly OrderStatus[]): boolean {
  const live = parts.filter((status) => status !== 'cancelled');
  return live.length > 0 && live.every((status) => status === 'pending' || status === 'processing');
}

/**
 * What the store owes back: what was paid (attempts COMPLETED, or REFUNDED whose refunds are counted in
 * `refunded`) less what the buyer still owes for lines not cancelled, less refunds already recorded.
 */
export function refundOwed(money: { paid: number; owed: number; refunded: number }): number {
  return Math.max(0, money.paid - money.owed - money.refunded);
}

/** The gateways a buyer pays through from the store's pages (the others are paid by hand or to the rider). */
export const ONLINE_GATEWAYS: readonly PaymentGatewayName[] = ['pesapal', 'stripe', 'mtn_momo', 'airtel_money'];

/** The payment statuses of an order still waiting to be paid online (when its gateway is online and it is not cancelled). */
export const AWAITING_ONLINE_PAYMENT: readonly PaymentStatus[] = ['PENDING_PAYMENT', 'FAILED', 'CANCELLED', 'REVERSED'];

/** Whether the buyer can (still) pay online for an order in this state. */
export function canPayOnline(gateway: PaymentGatewayName, payment: PaymentStatus, order: OrderStatus): boolean {
  return ONLINE_GATEWAYS.includes(gateway) && order !== 'cancelled' && AWAITING_ONLINE_PAYMENT.includes(payment);
}

/** Why the store itself cancelled an order: nobody paid for it in time. */
export const CANCEL_REASONS = ['unpaid'] as const;
export type CancelReason = (typeof CANCEL_REASONS)[number];

export function isCancelReason(value: unknown): value is CancelReason {
  return typeof value === 'string' && (CANCEL_REASONS as readonly string[]).includes(value);
}

/** An attempt as the hold on an order's items reads it: for a request on a phone still open, when its approval window ends. */
export type HoldingAttempt = { gateway: string; status: PaymentStatus; approval_ends_at: Date | null };

/**
 * Until when an order paid online keeps its items while its money has not come: `holdMs` after it was placed, in
 * all, whatever its attempts did meanwhile (a payment page open for longer is closed then). Only a request still
 * waiting on the buyer's phone keeps them to the end of its approval window, so an approval the buyer is giving
 * is not refused by a cancellation (an order has one such request at a time, so that is at most one window more).
 * Null when the order is not waiting for online money: paid, paid on delivery, a transfer confirmed by hand (the
 * buyer sends it outside any gateway, and an administrator cancels one that never comes), or not yet started.
 */
export function itemsHeldUntil(placedAt: Date, attempts: readonly HoldingAttempt[], holdMs: number): Date | null {
  const latest = attempts.at(-1);
  if (!latest || !ONLINE_GATEWAYS.includes(latest.gateway as PaymentGatewayName)) return null;
  if (!['PENDING_PAYMENT', 'FAILED', 'CANCELLED', 'REVERSED'].includes(orderPaymentStatus(attempts))) return null;
  const phonesOpen = attempts
    .filter((attempt) => attempt.status === 'PENDING_PAYMENT' && attempt.approval_ends_at)
    .map((attempt) => attempt.approval_ends_at!.getTime());
  return new Date(Math.max(placedAt.getTime() + holdMs, ...phonesOpen));
}

/** Why the store cancelled an order, as its timeline and the vendor's list say it. */
export const CANCEL_REASON_LABELS: Record<CancelReason, string> = { unpaid: 'Cancelled: not paid in time' };

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  pending: 'Order placed',
  processing: 'Being prepared',
  shipped: 'On the way',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
};

/** An order's progress in the buyer's words: its status, or how far its parts have come when they differ. */
export const ORDER_PROGRESS_LABELS: Record<OrderProgress, string> = {
  ...ORDER_STATUS_LABELS,
  partly_shipped: 'Partly shipped',
  partly_delivered: 'Partly delivered',
};

export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  PENDING_PAYMENT: 'Awaiting payment',
  COMPLETED: 'Paid',
  FAILED: 'Payment failed',
  PAY_ON_DELIVERY: 'Pay on delivery',
  CANCELLED: 'Payment cancelled',
  REFUNDED: 'Refunded',
  REVERSED: 'Payment reversed',
};

export const GATEWAY_LABELS: Record<PaymentGatewayName, { title: string; description: string }> = {
  pesapal: { title: 'Mobile Money or card (Pesapal)', description: 'Pay now with MTN MoMo, Airtel Money, Visa or Mastercard' },
  stripe: { title: 'Card (Stripe)', description: 'Pay now with a debit or credit card' },
  mtn_momo: { title: 'MTN Mobile Money', description: 'Approve the payment on your MTN phone: no other site to open' },
  airtel_money: { title: 'Airtel Money', description: 'Approve the payment on your Airtel phone: no other site to open' },
  manual: { title: 'Mobile Money or bank transfer', description: 'Send the money yourself; we confirm it and send your order' },
  cash_on_delivery: { title: 'Pay on Delivery', description: 'Pay when your order is delivered to you' },
};
