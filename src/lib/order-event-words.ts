/**
 * An order's timeline entry in words, in any of the store's languages: the order page in its page's language,
 * the API in the language the request asks for. Only the timeline's three small tables come with it, so the
 * order page's script carries no other texts for it.
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
