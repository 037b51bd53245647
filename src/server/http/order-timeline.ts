/**
 * An order's timeline in the reply's language. Services give each entry its words in English (`note`) beside
 * its kind and values; the reply says them in the language the request asks for, with the very words the order
 * page shows (src/lib/order-event-words.ts).
 */
import { sayOrderEvent } from '../../lib/order-event-words';
import type { OrderEventEntry } from '../../lib/order-events';
import { replyLanguageNow } from './reply-language';

type Timelined = { events: readonly (OrderEventEntry & { note: string })[] };

/** The order with each timeline entry's `note` in the reply's language. */
export function withTimelineInReplyLanguage<Order extends Timelined>(order: Order): Order {
  const language = replyLanguageNow();
  if (language === 'en') return order;
  return { ...order, events: order.events.map((event) => ({ ...event, note: sayOrderEvent(event, language) })) };
}
