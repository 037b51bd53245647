/**
 * An order's words in the reply's language. Services give each order its progress as a code (`progress`:
 * "partly_shipped") with the English words, and a failed payment's reason in English (`payment.details.error`,
 * an outcome text of the store's tables); the reply says both in the language the request asks for, with the
 * very words the order pages and the orders list show (the checkout catalogue's), so an order reads the same in
 * the API, its page and the list.
 */
import { CATALOGUES } from '../../lib/i18n/catalogues';
import type { OrderProgress } from '../../lib/order-rules';
import type { Pagination } from '../../lib/pagination';
import { outcomeIn } from './outcome-texts';
import { replyLanguageNow } from './reply-language';

type Progressing = { progress: OrderProgress; status_label: string; payment?: { details: Record<string, unknown> } | null };

/** The order with its status label, and its payment's failure if any, in the reply's language. */
export function labelledOrder<Order extends Progressing>(order: Order): Order {
  const language = replyLanguageNow();
  const labelled = { ...order, status_label: CATALOGUES[language].checkout.orderStatuses[order.progress] };
  const error = order.payment?.details.error;
  if (!order.payment || typeof error !== 'string' || language === 'en') return labelled;
  return { ...labelled, payment: { ...order.payment, details: { ...order.payment.details, error: outcomeIn(language, error) } } };
}

/** A page of orders, each labelled so. */
export function labelledOrders<Order extends Progressing>(page: Pagination<Order>): Pagination<Order> {
  return { ...page, data: page.data.map(labelledOrder) };
}
