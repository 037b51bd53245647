/**
 * An order's `status_label` in the reply's language. Services give each order its progress as a code
 * (`progress`: "partly_shipped") and the English words; the reply says them in the language the request asks
 * for, with the very words the order pages and the orders list show (the checkout catalogue's), so an order
 * reads the same in the API, its page and the list.
 */
import { CATALOGUES } from '../../lib/i18n/catalogues';
import type { OrderProgress } from '../../lib/order-rules';
import type { Pagination } from '../../lib/pagination';
import { replyLanguageNow } from './reply-language';

type Progressing = { progress: OrderProgress; status_label: string };

/** The order with its status label in the reply's language. */
export function labelledOrder<Order extends Progressing>(order: Order): Order {
  return { ...order, status_label: CATALOGUES[replyLanguageNow()].checkout.orderStatuses[order.progress] };
}

/** A page of orders, each labelled so. */
export function labelledOrders<Order extends Progressing>(page: Pagination<Order>): Pagination<Order> {
  return { ...page, data: page.data.map(labelledOrder) };
}
