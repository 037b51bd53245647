/**
 * What buyers and vendors are told by SMS about a return, in the style of the order texts (order-texts.ts):
 * the store's name and the order number first, GSM-7, one 160-septet SMS, the variable part (a vendor's name,
 * a refusal's reason, the items) shortened to the room left and the amounts never cut. The buyer's texts are
 * in the order's language; the vendor's stays English.
 */
import type { ReturnNews } from '../events/store-events';
import type { RefundMethod } from '../../lib/return-rules';
import { buyerTexts, ending, firstName, fitted, PREFIX, type VendorLine } from './order-texts';

/** What a return's text needs: its order and the language it was placed in, the buyer's name, what the items are worth and who handles it. */
export type ReturnForText = ReturnNews;

/** The vendor's text when a buyer asks to return items: the order, what and where to answer. */
export function returnRequestedText(orderId: number, lines: readonly VendorLine[], returnsUrl: string): string {
  const what = `Return asked for order #${orderId}`;
  const names = lines.map((line) => (line.quantity > 1 ? `${line.quantity} x ${line.name}` : line.name)).join(', ');
  return fitted(names, [
    (name) => `${PREFIX}${what}: ${ending(name)} Answer it at ${returnsUrl}`,
    (name) => `${PREFIX}${what}: ${ending(name)} Answer it in your dashboard.`,
    () => `${PREFIX}${what}. Answer it in your dashboard.`,
  ]);
}

/** The buyer's text when the return is accepted: send the items back to the vendor. */
export function returnAcceptedText(back: ReturnForText): string {
  const { sms, greeting, wording } = buyerTexts(back.language);
  const words = sms.returnAccepted;
  const values = { id: String(back.orderId), hi: greeting(firstName(back.customerName)) };
  return fitted(back.vendorName, [
    wording(words.full, values, 'vendor', ending),
    wording(words.withoutQuestions, values, 'vendor', ending),
    wording(words.bare, values, 'vendor', ending),
  ]);
}

/** The buyer's text when the return is refused, with the vendor's reason as far as it fits. */
export function returnRefusedText(back: ReturnForText, note: string): string {
  const { sms, greeting, wording } = buyerTexts(back.language);
  const words = sms.returnRefused;
  const values = { id: String(back.orderId), hi: greeting(firstName(back.customerName)) };
  return fitted(note, [
    wording(words.full, values, 'reason', ending),
    wording(words.withoutQuestions, values, 'reason', ending),
    wording(words.bare, values, 'reason', ending),
  ]);
}

/** The buyer's text when the vendor has the items back: the refund comes next. */
export function returnReceivedText(back: ReturnForText): string {
  const { sms, money, wording } = buyerTexts(back.language);
  const values = { id: String(back.orderId), amount: money(back.amount) };
  return fitted(firstName(back.customerName), [wording(sms.returnReceived.full, values), wording(sms.returnReceived.bare, values)]);
}

/** The buyer's text when the money for the returned items has been paid back, and how. */
export function returnRefundedText(back: ReturnForText, method: RefundMethod): string {
  const { sms, money, wording } = buyerTexts(back.language);
  const words = sms.returnRefunded;
  const values = { id: String(back.orderId), amount: money(back.amount), how: words[method] };
  return fitted(firstName(back.customerName), [wording(words.full, values), wording(words.withoutQuestions, values), wording(words.bare, values)]);
}
