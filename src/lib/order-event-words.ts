/**
 * An order's timeline entry in words, in any of the store's languages: the API's `note`, in the language the
 * request asks for. The order page shows that note (its calls ask in the page's language), so no page script
 * carries the tables.
 */
import english from './i18n/en/order-events';
import luganda from './i18n/lg/order-events';
import swahili from './i18n/sw/order-events';
import type { Language } from './i18n/languages';
import type { OrderEventEntry, OrderEventKind, OrderEventValues, OrderEventWords } from './order-events';

const WORDS: Record<Language, OrderEventWords> = { en: english, lg: luganda, sw: swahili };

export function sayOrderEvent(event: OrderEventEntry, language: Language): string {
  const say = WORDS[language][event.kind] as (values: OrderEventValues[OrderEventKind]) => string;
  return say(event.values);
}
