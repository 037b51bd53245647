/**
 * The emails of a return's steps, sent once the step has committed (a subscriber to the return events,
 * events/subscribers.ts): to the buyer at every step, in the order's language, and to the part's vendor (the
 * store's own address for its own products), in English, when a buyer asks.
 */
import { eq } from 'drizzle-orm';
import { getDb } from '../db/client';
import { orders } from '../db/schema';
import { mailAddresses } from '../accounts/users';
import type { Mail } from '../mail-message';
import { pageTranslator } from '../../lib/i18n/catalogues';
import { DEFAULT_LANGUAGE, type Language } from '../../lib/i18n/languages';
import { formatUGX } from '../../lib/money';
import type { RefundMethod, ReturnReason, ReturnStatus } from '../../lib/return-rules';
import { STORE } from '../../lib/store';
import type { ReturnView } from './return-view';

/** The language the order was placed in: its buyer's mails are written in it. */
async function orderLanguage(orderId: number): Promise<Language> {
  const db = await getDb();
  const [order] = await db.select({ language: orders.language }).from(orders).where(eq(orders.id, orderId));
  return order?.language ?? DEFAULT_LANGUAGE;
}

const linesText = (back: ReturnView) => back.lines.map((line) => `  ${line.quantity} × ${line.product_name} (${formatUGX(line.subtotal)})`).join('\n');

/** The steps' words in the catalogue (`notify.mail.returns`), by step. */
const STEP_WORDS = { requested: 'requested', awaiting_item: 'awaitingItem', refused: 'refused', received: 'received', refunded: 'refunded' } as const;

/** The buyer's mail for a step of their return, in the language of the order, with a link to the order's page in it. */
export function buyerReturnMail(back: ReturnView, step: ReturnStatus, to: string, firstName: string, origin: string, language: Language): Mail {
  const { t, fill, money, path } = pageTranslator(language);
  const words = t.notify.mail.returns;
  const { subject, text } = words[STEP_WORDS[step]];
  const values = {
    id: String(back.order_id),
    vendor: back.vendor_name,
    amount: money(back.amount),
    hello: fill(words.hello, { name: firstName || back.customer_name }),
    lines: back.lines.map((line) => fill(words.line, { quantity: String(line.quantity), name: line.product_name, subtotal: money(line.subtotal) })).join('\n'),
    reason: words.reasons[back.reason as ReturnReason] ?? back.reason_label,
    details: back.details ? fill(words.details, { details: back.details }) : '',
    how: words.refundMethods[back.refund_method as RefundMethod] ?? back.refund_method,
    note: back.note ? fill(words.note, { vendor: back.vendor_name, note: back.note }) : '',
    page: fill(words.page, { url: `${origin}${path(`/account/orders/${back.order_id}`)}` }),
    signature: fill(words.signature, { phone: STORE.phone, email: STORE.email, store: STORE.name }),
  };
  return { to, subject: fill(subject, values), text: fill(text, values) };
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

/** The mails of a return's step: the buyer's, and the vendor's as well when the return was just asked. */
export async function returnStepMails(back: ReturnView, step: ReturnStatus, origin: string): Promise<Mail[]> {
  const addresses = await mailAddresses([back.user_id, ...(back.vendor_id === null ? [] : [back.vendor_id])]);
  const buyer = addresses.get(back.user_id);
  const mails: Mail[] = [];
  if (buyer?.email) mails.push(buyerReturnMail(back, step, buyer.email, buyer.first_name, origin, await orderLanguage(back.order_id)));
  if (step === 'requested') {
    const vendor = back.vendor_id === null ? undefined : addresses.get(back.vendor_id);
    const to = back.vendor_id === null ? STORE.email : vendor?.shop_email || vendor?.email;
    if (to) mails.push(vendorMail(back, to, origin));
  }
  return mails;
}
