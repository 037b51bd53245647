/**
 * Orders and payments as both the server and the pages see them: the statuses, which changes are
 * allowed, and the words shown to a buyer. Pure, so the rules are tested alone.
 */
export const ORDER_STATUSES = ['pending', 'processing', 'shipped', 'delivered', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const PAYMENT_GATEWAYS = ['pesapal', 'stripe', 'manual', 'cash_on_delivery'] as const;
export type PaymentGatewayName = (typeof PAYMENT_GATEWAYS)[number];

export const PAYMENT_STATUSES = ['PENDING_PAYMENT', 'COMPLETED', 'FAILED', 'PAY_ON_DELIVERY', 'CANCELLED'] as const;
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
 * A payment's status after news from its gateway: a completed payment stays completed (a late or
 * replayed message cannot undo it), and a cancelled attempt stays cancelled unless the money did arrive.
 */
export function nextPaymentStatus(current: PaymentStatus, reported: PaymentStatus): PaymentStatus {
  if (current === 'COMPLETED') return current;
  if (current === 'CANCELLED' && reported !== 'COMPLETED') return current;
  return reported;
}

/** Whether the buyer can (still) pay online for an order in this state. */
export function canPayOnline(gateway: PaymentGatewayName, payment: PaymentStatus, order: OrderStatus): boolean {
  return (gateway === 'pesapal' || gateway === 'stripe') && order !== 'cancelled' && (payment === 'PENDING_PAYMENT' || payment === 'FAILED' || payment === 'CANCELLED');
}

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  pending: 'Order placed',
  processing: 'Being prepared',
  shipped: 'On the way',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
};

export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  PENDING_PAYMENT: 'Awaiting payment',
  COMPLETED: 'Paid',
  FAILED: 'Payment failed',
  PAY_ON_DELIVERY: 'Pay on delivery',
  CANCELLED: 'Payment cancelled',
};

export const GATEWAY_LABELS: Record<PaymentGatewayName, { title: string; description: string }> = {
  pesapal: { title: 'Mobile Money or card (Pesapal)', description: 'Pay now with MTN MoMo, Airtel Money, Visa or Mastercard' },
  stripe: { title: 'Card (Stripe)', description: 'Pay now with a debit or credit card' },
  manual: { title: 'Mobile Money or bank transfer', description: 'Send the money yourself; we confirm it and send your order' },
  cash_on_delivery: { title: 'Pay on Delivery', description: 'Pay when your order is delivered to you' },
};

export const ORDER_MESSAGES = {
  placed: 'Order placed successfully!',
  failed: 'Failed to place order',
  loadFailed: 'Failed to load orders',
  statusFailed: 'Failed to update order status',
  statusUpdated: 'Order status updated',
} as const;
