/** How far an order has come, in the page's language. Its timeline comes said in the page's language: each entry's `note`. */
import { islandTranslator } from '~/lib/i18n/current';
import { orderProgress, type OrderStatus } from '~/lib/order-rules';

/** How far an order has come, from its parts' statuses: "Partly shipped" while some parts wait. */
export function orderProgressWords(order: { status: OrderStatus; parts: readonly { status: OrderStatus }[] }): string {
  const progress = order.parts.length > 0 ? orderProgress(order.parts.map((part) => part.status)) : order.status;
  return islandTranslator().t.checkout.orderStatuses[progress];
}
