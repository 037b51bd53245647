/**
 * An order's words in the reply's language. Services give each order its progress as a code (`progress`:
 * "partly_shipped") with the English words, and a failed payment's reason as a message beside its English
 * (`payment.details.error_message` and `error`, src/server/payments/gateway.ts); the reply says both in the
 * language the request asks for, with the very words the order pages and the orders list show (the checkout
 * catalogue's), so an order reads the same in the API, its page and the list. Clients read the reason from
 * `details.error`; a payment that failed before reasons were kept as messages has only its English. A whole order's
 * timeline is said in the same language (`orderInReplyLanguage`).
 */
import { CATALOGUES } from '../../lib/i18n/catalogues';
import type { OrderProgress } from '../../lib/order-rules';
import type { Pagination } from '../../lib/pagination';
import { sayMessage } from '../../lib/messages/say-message';
import { sayOrderEvent } from '../../lib/order-event-words';
import type { OrderEventEntry } from '../../lib/order-events';
import { failureMessageOf } from '../payments/gateway';
import { replyLanguageNow } from './reply-language';

type Progressing = { progress: OrderProgress; status_label: string; payment?: { details: Record<string, unknown> } | null };

/** The order with its status label, and its payment's failure if any, in the reply's language. */
export function labelledOrder<Order extends Progressing>(order: Order): Order {
  const language = replyLanguageNow();
  const labelled = { ...order, status_label: CATALOGUES[language].checkout.orderStatuses[order.progress] };
  if (!order.payment) return labelled;
  const { error_message: _kept, ...details } = order.payment.details;
  const failure = failureMessageOf(order.payment.details);
  return { ...labelled, payment: { ...order.payment, details: failure ? { ...details, error: sayMessage(failure, language) } : details } };
}

type Timelined = { events: readonly (OrderEventEntry & { note: string })[] };

/**
 * A whole order in the reply's language: its labels and its payment's failure as `labelledOrder` says them, and
 * each timeline entry's `note` (services write it in English beside the entry's kind and values).
 */
export function orderInReplyLanguage<Order extends Progressing & Timelined>(order: Order): Order {
  const language = replyLanguageNow();
  const labelled = labelledOrder(order);
  if (language === 'en') return labelled;
  return { ...labelled, events: order.events.map((event) => ({ ...event, note: sayOrderEvent(event, language) })) };
}

/** A page of orders, each labelled so. */
export function labelledOrders<Order extends Progressing>(page: Pagination<Order>): Pagination<Order> {
  return { ...page, data: page.data.map(labelledOrder) };
}
