/**
 * Returns as both the server and the pages see them: the 7-day window after a part's delivery, the steps a
 * return moves through, the reasons a buyer picks from and the ways a refund is paid. Pure and free of zod,
 * so the order page's island imports it too.
 */

/** The spec's promise: "Returns within 7 days" of delivery. */
export const RETURN_WINDOW_DAYS = 7;
export const RETURN_WINDOW_MS = RETURN_WINDOW_DAYS * 24 * 60 * 60 * 1000;

/** A buyer may send this many pictures of what is wrong. */
export const MAX_RETURN_PHOTOS = 3;
/** The longest text a buyer may add to the reason. */
export const RETURN_DETAILS_MAX = 500;
/** The longest note a vendor or administrator may give the buyer. */
export const RETURN_NOTE_MAX = 500;

export const RETURN_STATUSES = ['requested', 'awaiting_item', 'refused', 'received', 'refunded'] as const;
export type ReturnStatus = (typeof RETURN_STATUSES)[number];

/** Asked → accepted (waiting for the items) or refused; the items arrive; the money goes back. */
const NEXT_RETURN_STATUS: Record<ReturnStatus, readonly ReturnStatus[]> = {
  requested: ['awaiting_item', 'refused'],
  awaiting_item: ['received'],
  received: ['refunded'],
  refused: [],
  refunded: [],
};

export function canMoveReturn(from: ReturnStatus, to: ReturnStatus): boolean {
  return NEXT_RETURN_STATUS[from].includes(to);
}

export function nextReturnStatuses(from: ReturnStatus): readonly ReturnStatus[] {
  return NEXT_RETURN_STATUS[from];
}

export function isReturnStatus(value: unknown): value is ReturnStatus {
  return typeof value === 'string' && (RETURN_STATUSES as readonly string[]).includes(value);
}

/** A return's status in the buyer's words. */
export const RETURN_STATUS_LABELS: Record<ReturnStatus, string> = {
  requested: 'Return requested',
  awaiting_item: 'Accepted: send the items back',
  refused: 'Return refused',
  received: 'Items received: refund on the way',
  refunded: 'Refunded',
};

/** A return's status as a word inside a sentence ("a return that is refused cannot become accepted"). */
export const RETURN_STATUS_WORDS: Record<ReturnStatus, string> = {
  requested: 'requested',
  awaiting_item: 'accepted',
  refused: 'refused',
  received: 'received',
  refunded: 'refunded',
};

/** Returns a vendor still has to act on: answer, receive the items, or pay back. */
export const OPEN_RETURN_STATUSES: readonly ReturnStatus[] = ['requested', 'awaiting_item', 'received'];

/** Lines of returns with these statuses are no longer the buyer's: their value is owed back. */
export const RETURNED_STATUSES: readonly ReturnStatus[] = ['received', 'refunded'];

export const RETURN_REASONS = ['damaged', 'wrong_item', 'not_as_described', 'does_not_fit', 'changed_mind', 'other'] as const;
export type ReturnReason = (typeof RETURN_REASONS)[number];

export const RETURN_REASON_LABELS: Record<ReturnReason, string> = {
  damaged: 'Arrived damaged or broken',
  wrong_item: 'Not what I ordered',
  not_as_described: 'Not as described',
  does_not_fit: 'Does not fit',
  changed_mind: 'I changed my mind',
  other: 'Another reason',
};

export function isReturnReason(value: unknown): value is ReturnReason {
  return typeof value === 'string' && (RETURN_REASONS as readonly string[]).includes(value);
}

/** Whether the buyer must say more: "another reason" means nothing without words. */
export function detailsRequired(reason: ReturnReason): boolean {
  return reason === 'other';
}

/** How a vendor or administrator paid a buyer back; `gateway` is recorded by the store when the card gateway paid it back. */
export const REFUND_METHODS = ['cash', 'mobile_money', 'gateway'] as const;
export type RefundMethod = (typeof REFUND_METHODS)[number];
/** The ways a person records by hand (the gateway's refunds record themselves). */
export const MANUAL_REFUND_METHODS = ['cash', 'mobile_money'] as const satisfies readonly RefundMethod[];
export type ManualRefundMethod = (typeof MANUAL_REFUND_METHODS)[number];

export const REFUND_METHOD_LABELS: Record<RefundMethod, string> = {
  cash: 'Cash',
  mobile_money: 'Mobile money',
  gateway: 'Back to the card',
};

export function isManualRefundMethod(value: unknown): value is ManualRefundMethod {
  return typeof value === 'string' && (MANUAL_REFUND_METHODS as readonly string[]).includes(value);
}

/** The last moment a return may be asked for a part delivered at `deliveredAt`. */
export function returnWindowEnd(deliveredAt: Date, windowMs: number = RETURN_WINDOW_MS): Date {
  return new Date(deliveredAt.getTime() + windowMs);
}

/** Whether `now` is inside the window: up to and including its last millisecond. */
export function withinReturnWindow(deliveredAt: Date, now: Date, windowMs: number = RETURN_WINDOW_MS): boolean {
  return now.getTime() <= returnWindowEnd(deliveredAt, windowMs).getTime();
}

/** How many of a line may still be asked back: what was ordered less what other returns, not refused, hold. */
export function returnableQuantity(ordered: number, inOtherReturns: number): number {
  return Math.max(0, ordered - inOtherReturns);
}
