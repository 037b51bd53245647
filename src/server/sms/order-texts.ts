/**
 * What buyers and vendors are told by SMS about an order. Each text names the store and the order number,
 * is written in GSM-7 and fits one 160-septet SMS: a text is tried from its fullest wording to its barest,
 * a name too long for the room left is shortened, and the order number and amounts are never cut.
 */
import { gsm7Length, shortenToSeptets, SMS_SEGMENT_SEPTETS, toGsm7 } from '../../lib/gsm7';
import { formatUGX } from '../../lib/money';
import { STORE } from '../../lib/store';

/** What a buyer's text needs of the order. */
export type OrderForText = { id: number; customer_name: string; total: number; payment_status: string };
/** One line of a vendor's part of an order. */
export type VendorLine = { name: string; quantity: number };

/** A wording of a text; `name` is the part that may be shortened ('' when the wording leaves it out). */
export type Wording = (name: string) => string;

/** A name cut shorter than this reads as noise: the next, barer wording is used instead. */
const SHORTEST_NAME = 8;

export const PREFIX = `${STORE.name}: `;
export const QUESTIONS = ` Questions? Call ${STORE.phone}`;

/**
 * The first wording that fits one SMS with the name whole, or with the name shortened to the room left;
 * the last wording must fit with no name at all.
 */
export function fitted(name: string, wordings: readonly Wording[]): string {
  const plainName = toGsm7(name.trim());
  for (const wording of wordings) {
    const whole = toGsm7(wording(plainName));
    if (gsm7Length(whole) <= SMS_SEGMENT_SEPTETS) return whole;
    // Measured with a one-letter name, so what the wording puts around a name ("Hi X, ") is counted.
    const room = SMS_SEGMENT_SEPTETS - (gsm7Length(toGsm7(wording('X'))) - 1);
    const short = shortenToSeptets(plainName, room);
    if (gsm7Length(short) >= SHORTEST_NAME) return toGsm7(wording(short));
  }
  return toGsm7(wordings.at(-1)!(''));
}

/** A greeting needs no more of a name than this. */
const LONGEST_GREETING_NAME = 20;

export const firstName = (fullName: string) => shortenToSeptets(toGsm7(fullName.trim().split(/\s+/)[0] ?? ''), LONGEST_GREETING_NAME);
/** Ends a sentence on a list that may have been cut short with '...'. */
export const ending = (text: string) => (text.endsWith('...') ? text : `${text}.`);
export const hi = (name: string) => (name ? `Hi ${name}, ` : '');

/** The buyer's text when the order is placed: the number, the total and how it is paid; with a link to the order when there is room. */
export function orderPlacedText(order: OrderForText, orderUrl: string): string {
  const how = order.payment_status === 'PAY_ON_DELIVERY' ? ', to pay on delivery' : order.payment_status === 'PENDING_PAYMENT' ? ', awaiting payment' : '';
  const total = `Total ${formatUGX(order.total)}${how}.`;
  return fitted(firstName(order.customer_name), [
    (name) => `${PREFIX}${hi(name)}order #${order.id} is placed. ${total} We will text you when it ships. See ${orderUrl}`,
    (name) => `${PREFIX}${hi(name)}order #${order.id} is placed. ${total} We will text you when it ships.`,
    () => `${PREFIX}order #${order.id} is placed. ${total}`,
  ]);
}

/** The buyer's text when the order is paid (a payment for an order already cancelled is refunded). */
export function orderPaidText(order: OrderForText & { cancelled?: boolean }, amount: number): string {
  const received = `we received ${formatUGX(amount)} for order #${order.id}`;
  const next = order.cancelled ? ', which was cancelled: it will be refunded.' : '. Thank you!';
  return fitted(firstName(order.customer_name), [
    (name) => `${PREFIX}${hi(name)}${received}${next}${order.cancelled ? '' : ' We will text you when it ships.'}`,
    () => `${PREFIX}${received}${next}`,
  ]);
}

/** The buyer's text when the order is on its way; an order paid on delivery reminds them to pay. */
export function orderShippedText(order: OrderForText): string {
  const pay = order.payment_status === 'PAY_ON_DELIVERY' ? ' Please pay on delivery.' : '';
  return fitted(firstName(order.customer_name), [
    (name) => `${PREFIX}${hi(name)}order #${order.id} is on the way to you.${pay}${QUESTIONS}`,
    () => `${PREFIX}order #${order.id} is on the way to you.${pay}`,
  ]);
}

export function orderDeliveredText(order: OrderForText): string {
  return fitted(firstName(order.customer_name), [
    (name) => `${PREFIX}${hi(name)}order #${order.id} has been delivered. Thank you for shopping with ${STORE.name}!${QUESTIONS}`,
    () => `${PREFIX}order #${order.id} has been delivered. Thank you!`,
  ]);
}

/** The buyer's text when the whole order is cancelled; what they paid is refunded. */
export function orderCancelledText(order: OrderForText): string {
  const refund = order.payment_status === 'COMPLETED' ? ' What you paid will be refunded.' : '';
  return fitted(firstName(order.customer_name), [
    (name) => `${PREFIX}${hi(name)}order #${order.id} has been cancelled.${refund}${QUESTIONS}`,
    () => `${PREFIX}order #${order.id} has been cancelled.${refund}`,
  ]);
}

/** A vendor's name in a buyer's text about one part needs no more than this. */
const LONGEST_VENDOR_NAME = 30;

/**
 * The buyer's text when one vendor's part of an order moves on its own (the rest of the order has not):
 * shipped, delivered or cancelled.
 */
export function partStatusText(order: OrderForText, status: 'shipped' | 'delivered' | 'cancelled', vendorName: string): string {
  const from = shortenToSeptets(toGsm7(vendorName.trim()), LONGEST_VENDOR_NAME);
  const what = { shipped: 'are on the way to you.', delivered: 'have been delivered.', cancelled: 'have been cancelled.' }[status];
  const after =
    status === 'shipped' && order.payment_status === 'PAY_ON_DELIVERY'
      ? ' Please pay on delivery.'
      : status === 'cancelled' && order.payment_status === 'COMPLETED'
        ? ' What you paid for them will be refunded.'
        : '';
  return fitted(firstName(order.customer_name), [
    (name) => `${PREFIX}${hi(name)}your items from ${from} in order #${order.id} ${what}${after}${QUESTIONS}`,
    (name) => `${PREFIX}${hi(name)}your items from ${from} in order #${order.id} ${what}${after}`,
    () => `${PREFIX}items in order #${order.id} ${what}${after}`,
  ]);
}

/** A vendor's text when an order holds their products: the order number, how many of their items, their names and where to see it. */
export function vendorOrderText(orderId: number, lines: readonly VendorLine[], ordersUrl: string): string {
  const items = lines.reduce((sum, line) => sum + line.quantity, 0);
  const what = `New order #${orderId} with ${items} of your items`;
  const names = lines.map((line) => (line.quantity > 1 ? `${line.quantity} x ${line.name}` : line.name)).join(', ');
  return fitted(names, [
    (name) => `${PREFIX}${what}: ${ending(name)} See it at ${ordersUrl}`,
    (name) => `${PREFIX}${what}: ${ending(name)} See it in your dashboard.`,
    () => `${PREFIX}${what}. See it in your dashboard.`,
  ]);
}
