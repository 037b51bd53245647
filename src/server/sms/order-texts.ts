/**
 * What buyers and vendors are told by SMS about an order. Each text names the store and the order number,
 * is written in GSM-7 and fits one 160-septet SMS: a text is tried from its fullest wording to its barest,
 * a name too long for the room left is shortened, and the order number and amounts are never cut. A buyer's
 * text is in the order's language (the catalogue's `notify.sms`); a vendor's stays English.
 */
import { gsm7Length, shortenToSeptets, SMS_SEGMENT_SEPTETS, toGsm7 } from '../../lib/gsm7';
import { pageTranslator } from '../../lib/i18n/catalogues';
import type { Language } from '../../lib/i18n/languages';
import type { Values } from '../../lib/i18n/translate';
import { STORE } from '../../lib/store';
import type { CancelReason } from '../../lib/order-rules';
import type { HandoverNews } from '../events/store-events';

/** What a buyer's text needs of the order: in `language`, the one it was placed in. */
export type OrderForText = { id: number; customer_name: string; total: number; payment_status: string; language: Language };
/** One line of a vendor's part of an order. */
export type VendorLine = { name: string; quantity: number };

/** A wording of a text; `name` is the part that may be shortened ('' when the wording leaves it out). */
export type Wording = (name: string) => string;

/** A name cut shorter than this reads as noise: the next, barer wording is used instead. */
const SHORTEST_NAME = 8;

export const PREFIX = `${STORE.name}: `;

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

/**
 * A buyer's texts in `language`: the catalogue's words, how the language writes money and the store's
 * paths, its greeting, and `wording`, which makes a wording of a catalogue text: the store's prefix, then the
 * text with `values` (and the line to call, and the store's name), the part `fitted` may shorten going in
 * as `{hi}` (the greeting), or under `slot` as `shape` makes it.
 */
export function buyerTexts(language: Language) {
  const { t, fill, money, path } = pageTranslator(language);
  const sms = t.notify.sms;
  const greeting = (name: string) => (name ? fill(sms.hi, { name }) : '');
  const questions = fill(sms.questions, { phone: STORE.phone });
  const wording =
    (text: string, values: Values, slot = 'hi', shape: (part: string) => string = greeting): Wording =>
    (part) =>
      PREFIX + fill(text, { questions, store: STORE.name, ...values, [slot]: shape(part) });
  return { sms, fill, money, path, greeting, wording };
}

/** The buyer's text when the order is placed: the number, the total and how it is paid; with a link to the order's page in its language when there is room. */
export function orderPlacedText(order: OrderForText, origin: string): string {
  const { sms, fill, money, path, wording } = buyerTexts(order.language);
  const words = sms.orderPlaced;
  const how = order.payment_status === 'PAY_ON_DELIVERY' ? words.payOnDelivery : order.payment_status === 'PENDING_PAYMENT' ? words.awaitingPayment : '';
  const values = {
    id: String(order.id),
    total: fill(words.total, { total: money(order.total), how }),
    url: `${origin}${path(`/account/orders/${order.id}`)}`,
  };
  return fitted(firstName(order.customer_name), [wording(words.withLink, values), wording(words.withoutLink, values), wording(words.bare, values)]);
}

/** The buyer's text when the order is paid (a payment for an order already cancelled is refunded). */
export function orderPaidText(order: OrderForText & { cancelled?: boolean }, amount: number): string {
  const { sms, money, wording } = buyerTexts(order.language);
  const words = sms.orderPaid;
  const values = { id: String(order.id), amount: money(amount) };
  return fitted(
    firstName(order.customer_name),
    order.cancelled ? [wording(words.cancelled, values), wording(words.cancelledBare, values)] : [wording(words.full, values), wording(words.bare, values)],
  );
}

/** The buyer's text when an unpaid order is switched to cash on delivery: what the rider collects. */
export function orderOnDeliveryText(order: OrderForText): string {
  const { sms, money, wording } = buyerTexts(order.language);
  const values = { id: String(order.id), amount: money(order.total) };
  return fitted(firstName(order.customer_name), [wording(sms.orderOnDelivery.full, values), wording(sms.orderOnDelivery.bare, values)]);
}

/** The sentence giving the rider's code(s): one code alone, several each after its sender's name. */
function handoverWords(language: Language, codes: readonly HandoverNews[]): string {
  const { sms, fill } = buyerTexts(language);
  if (codes.length === 0) return '';
  if (codes.length === 1) return fill(sms.handover.single, { code: codes[0]!.code });
  const named = codes.map((entry) => `${shortenToSeptets(toGsm7(entry.vendorName.trim()), 16)} ${entry.code}`).join(', ');
  return fill(sms.handover.several, { codes: named });
}

/**
 * The buyer's text when the order is on its way, with the code to give each rider; an order paid on delivery
 * reminds them to pay. The codes are never left out for room: the greeting and the line to call go first.
 */
export function orderShippedText(order: OrderForText, codes: readonly HandoverNews[] = []): string {
  const { sms, wording } = buyerTexts(order.language);
  const words = sms.orderShipped;
  const values = { id: String(order.id), pay: handoverWords(order.language, codes) + (order.payment_status === 'PAY_ON_DELIVERY' ? words.payOnDelivery : '') };
  return fitted(firstName(order.customer_name), [wording(words.full, values), wording(words.bare, values)]);
}

/** The buyer's text when a part was marked delivered without its handover code: did it come? */
export function receivedQuestionText(order: OrderForText): string {
  const { sms, wording } = buyerTexts(order.language);
  const values = { id: String(order.id) };
  return fitted(firstName(order.customer_name), [wording(sms.receivedQuestion.full, values), wording(sms.receivedQuestion.bare, values)]);
}

export function orderDeliveredText(order: OrderForText): string {
  const { sms, wording } = buyerTexts(order.language);
  const values = { id: String(order.id) };
  return fitted(firstName(order.customer_name), [wording(sms.orderDelivered.full, values), wording(sms.orderDelivered.bare, values)]);
}

/** The buyer's text when the whole order is cancelled (by the store when nobody paid for it in time); what they paid is refunded. */
export function orderCancelledText(order: OrderForText, reason?: CancelReason): string {
  const { sms, wording } = buyerTexts(order.language);
  const words = sms.orderCancelled;
  const values = { id: String(order.id), refund: order.payment_status === 'COMPLETED' ? words.refund : '' };
  const [full, bare] = reason === 'unpaid' ? [words.unpaid, words.unpaidBare] : [words.full, words.bare];
  return fitted(firstName(order.customer_name), [wording(full, values), wording(bare, values)]);
}

/** A vendor's name in a buyer's text about one part needs no more than this. */
const LONGEST_VENDOR_NAME = 30;

/**
 * The buyer's text when one vendor's part of an order moves on its own (the rest of the order has not):
 * shipped, delivered or cancelled.
 */
export function partStatusText(order: OrderForText, status: 'shipped' | 'delivered' | 'cancelled', vendorName: string, code = ''): string {
  const { sms, wording } = buyerTexts(order.language);
  const words = sms.partStatus;
  const after =
    (code ? handoverWords(order.language, [{ vendorName, code }]) : '') +
    (status === 'shipped' && order.payment_status === 'PAY_ON_DELIVERY'
      ? words.payOnDelivery
      : status === 'cancelled' && order.payment_status === 'COMPLETED'
        ? words.refund
        : '');
  const values = { id: String(order.id), vendor: shortenToSeptets(toGsm7(vendorName.trim()), LONGEST_VENDOR_NAME), what: words[status], after };
  return fitted(firstName(order.customer_name), [wording(words.full, values), wording(words.withoutQuestions, values), wording(words.bare, values)]);
}

/** A vendor's text when the buyer says its part never arrived: its earnings wait for the store's ruling. */
export function vendorDisputeText(orderId: number, dashboardUrl: string): string {
  return fitted('', [
    () => `${PREFIX}the buyer of order #${orderId} says your parcel never arrived. Its money waits while we check. Details: ${dashboardUrl}`,
    () => `${PREFIX}the buyer of order #${orderId} says your parcel never arrived. Its money waits while we check.`,
  ]);
}

/**
 * A vendor's text when an order it may prepare holds its products: the order number, how many of its items, their
 * names and where to see it. `paidNow` for an order paid online just now (it was not told of it before).
 */
export function vendorOrderText(orderId: number, lines: readonly VendorLine[], ordersUrl: string | null, paidNow = false): string {
  const items = lines.reduce((sum, line) => sum + line.quantity, 0);
  const what = paidNow ? `Order #${orderId} is paid: prepare ${items} of your items now` : `New order #${orderId} with ${items} of your items`;
  const names = lines.map((line) => (line.quantity > 1 ? `${line.quantity} x ${line.name}` : line.name)).join(', ');
  return fitted(names, [
    ...(ordersUrl ? [(name: string) => `${PREFIX}${what}: ${ending(name)} See it at ${ordersUrl}`] : []),
    (name) => `${PREFIX}${what}: ${ending(name)} See it in your dashboard.`,
    () => `${PREFIX}${what}. See it in your dashboard.`,
  ]);
}
