/**
 * An order's timeline entries as the store keeps them: a kind from a closed set and the values its words are
 * written with (a vendor, the items, an amount, a return's number), never the words themselves. Each language
 * says an entry with its own table (src/lib/i18n/<language>/order-events.ts, chosen by ./order-event-words.ts),
 * so the API's note, which the order page shows, is in the reader's language.
 */
import type { CancelReason, OrderStatus, PaymentStatus } from './order-rules';
import type { ReturnStatus } from './return-rules';

/** Stored as order_events.kind (src/server/db/schema-orders.ts spells the same list out). */
export const ORDER_EVENT_KINDS = ['order', 'store_cancelled', 'payment', 'part', 'lines', 'return_requested', 'return_step', 'refund_due', 'refunded'] as const;
export type OrderEventKind = (typeof ORDER_EVENT_KINDS)[number];

/** What each kind's words need, stored as order_events.values. */
export type OrderEventValues = {
  /** The whole order moved, or was placed (pending). */
  order: { status: OrderStatus };
  /** The store cancelled the order itself, and says why. */
  store_cancelled: { reason: CancelReason };
  /** The order's payment status changed. */
  payment: { status: PaymentStatus };
  /** One vendor's part moved: who sends it and what is in it. */
  part: { status: OrderStatus; vendor: string; items: string[] };
  /** Some lines moved, in timelines written before orders had parts (their vendor was not named). */
  lines: { status: OrderStatus; items: string[] };
  /** The buyer asked to send lines back. */
  return_requested: { lines: { name: string; quantity: number }[] };
  /** A return took a step after it was asked. */
  return_step: { status: Exclude<ReturnStatus, 'requested'>; return_id: number };
  /** Money to pay back was recorded, in shillings. */
  refund_due: { amount: number };
  /** Money was paid back, in shillings. */
  refunded: { amount: number };
};

/** One entry: its kind with that kind's values. */
export type OrderEventEntry = { [Kind in OrderEventKind]: { kind: Kind; values: OrderEventValues[Kind] } }[OrderEventKind];

/** A language's words for the timeline: one function per kind, given that kind's values. */
export type OrderEventWords = { readonly [Kind in OrderEventKind]: (values: OrderEventValues[Kind]) => string };

/**
 * The entry as the API's `status` code names it ("processing", "payment:COMPLETED", "part:shipped",
 * "cancelled:unpaid", "return:received", "refund:due"): the codes the spec's clients read.
 */
export function orderEventStatus(event: OrderEventEntry): string {
  switch (event.kind) {
    case 'order':
      return event.values.status;
    case 'store_cancelled':
      return `cancelled:${event.values.reason}`;
    case 'payment':
      return `payment:${event.values.status}`;
    case 'part':
      return `part:${event.values.status}`;
    case 'lines':
      return `lines:${event.values.status}`;
    case 'return_requested':
      return 'return:requested';
    case 'return_step':
      return `return:${event.values.status}`;
    case 'refund_due':
      return 'refund:due';
    case 'refunded':
      return 'refund:refunded';
  }
}
