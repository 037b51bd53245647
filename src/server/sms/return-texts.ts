/**
 * What buyers and vendors are told by SMS about a return, in the style of the order texts (order-texts.ts):
 * the store's name and the order number first, GSM-7, one 160-septet SMS, the variable part (a vendor's name,
 * a refusal's reason, the items) shortened to the room left and the amounts never cut.
 */
import { formatUGX } from '../../lib/money';
import type { RefundMethod } from '../../lib/return-rules';
import { ending, firstName, fitted, hi, PREFIX, QUESTIONS, type VendorLine } from './order-texts';

/** What a return's text needs: its order, the buyer's name, what the items are worth and who handles it. */
export type ReturnForText = { orderId: number; customerName: string; amount: number; vendorName: string };

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
  const hello = hi(firstName(back.customerName));
  return fitted(back.vendorName, [
    (name) =>
      `${PREFIX}${hello}your return for order #${back.orderId} is accepted. Send the items back to ${ending(name)} Refund once they arrive.${QUESTIONS}`,
    (name) => `${PREFIX}${hello}your return for order #${back.orderId} is accepted. Send the items back to ${ending(name)} Refund once they arrive.`,
    () => `${PREFIX}your return for order #${back.orderId} is accepted. Send the items back; refund once they arrive.`,
  ]);
}

/** The buyer's text when the return is refused, with the vendor's reason as far as it fits. */
export function returnRefusedText(back: ReturnForText, note: string): string {
  const hello = hi(firstName(back.customerName));
  return fitted(note, [
    (reason) => `${PREFIX}${hello}your return for order #${back.orderId} was refused: ${ending(reason)}${QUESTIONS}`,
    (reason) => `${PREFIX}${hello}your return for order #${back.orderId} was refused: ${ending(reason)}`,
    () => `${PREFIX}your return for order #${back.orderId} was refused. The reason is on your order page.`,
  ]);
}

/** The buyer's text when the vendor has the items back: the refund comes next. */
export function returnReceivedText(back: ReturnForText): string {
  const amount = formatUGX(back.amount);
  return fitted(firstName(back.customerName), [
    (name) => `${PREFIX}${hi(name)}the items you returned from order #${back.orderId} have arrived. Your refund of ${amount} is on the way.`,
    () => `${PREFIX}the items you returned from order #${back.orderId} have arrived. Refund of ${amount} on the way.`,
  ]);
}

const PAID_HOW: Record<RefundMethod, string> = {
  cash: ' in cash',
  mobile_money: ' by mobile money',
  gateway: ' to your card',
};

/** The buyer's text when the money for the returned items has been paid back, and how. */
export function returnRefundedText(back: ReturnForText, method: RefundMethod): string {
  const paid = `${formatUGX(back.amount)} for the items you returned from order #${back.orderId} has been paid back${PAID_HOW[method]}.`;
  return fitted(firstName(back.customerName), [
    (name) => `${PREFIX}${hi(name)}${paid}${QUESTIONS}`,
    (name) => `${PREFIX}${hi(name)}${paid}`,
    () => `${PREFIX}${paid}`,
  ]);
}
