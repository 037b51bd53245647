/**
 * An order's statuses and timeline in the page's language. The API gives statuses as codes ("processing",
 * "payment:COMPLETED", "part:shipped") and writes each timeline entry's note in English; the code decides the
 * words here, and a note's details (a vendor and its items, an amount, a return's number) are kept from it.
 */
import { islandTranslator } from '~/lib/i18n/current';
import { toShillings } from '~/lib/money';
import { isCancelReason, isOrderStatus, orderProgress, ORDER_STATUS_LABELS, PAYMENT_STATUSES, type OrderStatus, type PaymentStatus } from '~/lib/order-rules';
import { isReturnStatus, RETURN_STATUS_LABELS } from '~/lib/return-rules';

const isPaymentStatus = (value: string): value is PaymentStatus => (PAYMENT_STATUSES as readonly string[]).includes(value);

/** The note with its English opening (a status's label) said in the page's language; the note as it is when it opens otherwise. */
function relabeled(note: string, english: string, words: string): string {
  return note.startsWith(english) ? words + note.slice(english.length) : note;
}

/** How far an order has come, from its parts' statuses: "Partly shipped" while some parts wait. */
export function orderProgressWords(order: { status: OrderStatus; parts: readonly { status: OrderStatus }[] }): string {
  const progress = order.parts.length > 0 ? orderProgress(order.parts.map((part) => part.status)) : order.status;
  return islandTranslator().t.checkout.orderStatuses[progress];
}

/** A timeline entry's words: what happened, with the details the store wrote in its note. */
export function orderEventWords({ status, note }: { status: string; note: string }): string {
  const { t, fill, money } = islandTranslator();
  const [kind, step = ''] = status.includes(':') ? status.split(':', 2) : ['order', status];
  if (kind === 'order') return isOrderStatus(step) ? t.checkout.orderStatuses[step] : note;
  // "cancelled:unpaid": the store cancelled the order, and says why.
  if (kind === 'cancelled') return isCancelReason(step) ? t.checkout.cancelReasons[step] : note;
  if (kind === 'payment') return isPaymentStatus(step) ? t.checkout.paymentStatuses[step] : note;
  // "Being prepared: Kampala Traders (Sugar 1 kg, Tea leaves)": one vendor's part moved.
  if (kind === 'part') return isOrderStatus(step) ? relabeled(note, ORDER_STATUS_LABELS[step], t.checkout.orderStatuses[step]) : note;
  if (kind === 'return' && isReturnStatus(step)) {
    const words = t.checkout.returnStatuses[step];
    const number = /\(return #(\d+)\)$/.exec(note)?.[1];
    return number ? fill(t.checkout.returnStep, { status: words, id: number }) : relabeled(note, RETURN_STATUS_LABELS[step], words);
  }
  if (kind === 'refund') {
    const amount = toShillings(/UGX ([\d,]+)/.exec(note)?.[1]);
    const words = step === 'due' ? t.checkout.refundDue : step === 'refunded' ? t.checkout.refunded : null;
    return words && !Number.isNaN(amount) ? fill(words, { amount: money(amount) }) : note;
  }
  return note;
}
