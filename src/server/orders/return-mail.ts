/**
 * The emails of a return's steps, sent once the step has committed: to the buyer at every step, and to the
 * part's vendor (the store's own address for its own products) when a buyer asks. A mail that cannot be
 * sent is logged and the step stays done: the return is on the order page and in the dashboard whatever
 * the mail does.
 */
import { mailAddresses } from '../accounts/users';
import { sendMail, type Mail } from '../mail/mailer';
import { formatUGX } from '../../lib/money';
import { REFUND_METHOD_LABELS, type RefundMethod, type ReturnStatus } from '../../lib/return-rules';
import { STORE } from '../../lib/store';
import type { ReturnView } from './return-view';

const linesText = (back: ReturnView) => back.lines.map((line) => `  ${line.quantity} × ${line.product_name} (${formatUGX(line.subtotal)})`).join('\n');

const signature = `\n\nQuestions? Call ${STORE.phone} or write to ${STORE.email}.\n\n${STORE.name}`;

/** The buyer's mail for a step of their return. */
function buyerMail(back: ReturnView, step: ReturnStatus, to: string, firstName: string, origin: string): Mail {
  const order = `order #${back.order_id}`;
  const hello = `Hello ${firstName || back.customer_name},\n\n`;
  const page = `\n\nSee it on your order: ${origin}/account/orders/${back.order_id}`;
  const note = back.note ? `\n\n${back.vendor_name} says: ${back.note}` : '';
  const worth = formatUGX(back.amount);
  switch (step) {
    case 'requested':
      return {
        to,
        subject: `Your return request for ${order}`,
        text: `${hello}We have your request to return from ${order}:\n${linesText(back)}\nReason: ${back.reason_label}${back.details ? ` (${back.details})` : ''}\n\n${back.vendor_name} will answer it soon; we write to you at each step.${page}${signature}`,
      };
    case 'awaiting_item':
      return {
        to,
        subject: `Your return for ${order} is accepted`,
        text: `${hello}${back.vendor_name} accepted your return of:\n${linesText(back)}\n\nSend the items back to ${back.vendor_name}. Once they arrive you are refunded ${worth}.${note}${page}${signature}`,
      };
    case 'refused':
      return {
        to,
        subject: `Your return for ${order} was refused`,
        text: `${hello}${back.vendor_name} refused your return of:\n${linesText(back)}${note}${page}${signature}`,
      };
    case 'received':
      return {
        to,
        subject: `Your returned items from ${order} have arrived`,
        text: `${hello}${back.vendor_name} has the items you returned:\n${linesText(back)}\n\nYour refund of ${worth} is on its way.${note}${page}${signature}`,
      };
    case 'refunded': {
      const how = REFUND_METHOD_LABELS[back.refund_method as RefundMethod]?.toLowerCase() ?? back.refund_method;
      return {
        to,
        subject: `Your refund for ${order}: ${worth}`,
        text: `${hello}${worth} for the items you returned from ${order} has been paid back (${how}).${note}${page}${signature}`,
      };
    }
  }
}

/** The vendor's mail when a buyer asks to return items of its part. */
function vendorMail(back: ReturnView, to: string, origin: string): Mail {
  const photos = back.photos.length ? `\n${back.photos.length} picture${back.photos.length > 1 ? 's' : ''} sent with it.` : '';
  return {
    to,
    subject: `Return requested for order #${back.order_id}`,
    text: `${back.customer_name} (${back.customer_phone}) asks to return from order #${back.order_id}:\n${linesText(back)}\nReason: ${back.reason_label}${back.details ? `\n"${back.details}"` : ''}${photos}\n\nAccept or refuse it at ${origin}/vendor-dashboard/returns\n\n${STORE.name}`,
  };
}

/** Mails a return's step: the buyer, and the vendor as well when the return was just asked. */
export async function mailReturnStep(back: ReturnView, step: ReturnStatus, origin: string): Promise<void> {
  const addresses = await mailAddresses([back.user_id, ...(back.vendor_id === null ? [] : [back.vendor_id])]);
  const buyer = addresses.get(back.user_id);
  const mails: Mail[] = [];
  if (buyer?.email) mails.push(buyerMail(back, step, buyer.email, buyer.first_name, origin));
  if (step === 'requested') {
    const vendor = back.vendor_id === null ? undefined : addresses.get(back.vendor_id);
    const to = back.vendor_id === null ? STORE.email : vendor?.shop_email || vendor?.email;
    if (to) mails.push(vendorMail(back, to, origin));
  }
  for (const mail of mails) {
    try {
      await sendMail(mail);
    } catch (error) {
      console.error(`[returns] could not mail "${mail.subject}" to ${mail.to}:`, error instanceof Error ? error.message : error);
    }
  }
}
