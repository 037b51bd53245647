/**
 * An order's timeline in words: every kind of entry, in English as the API's `note` has always said it, and in
 * Luganda and Swahili in their own words around the names, amounts and numbers the entry keeps.
 */
import { describe, expect, it } from 'vitest';
import { sayOrderEvent } from '~/lib/order-event-words';
import { ORDER_EVENT_KINDS, orderEventStatus, type OrderEventEntry } from '~/lib/order-events';
import { ORDER_STATUSES, PAYMENT_STATUSES, CANCEL_REASONS } from '~/lib/order-rules';
import { RETURN_STATUSES } from '~/lib/return-rules';
import { islands as englishIslands } from '~/lib/i18n/en/islands';
import { islands as lugandaIslands } from '~/lib/i18n/lg/islands';
import { islands as swahiliIslands } from '~/lib/i18n/sw/islands';

const VENDOR = 'Nakasero Traders';
const ITEMS = ['Kakira Sugar 1kg', 'Tea leaves'];

/** One entry of each kind, with the status code the API gives it and its words in the three languages. */
const SAID: { event: OrderEventEntry; status: string; en: string; lg: string; sw: string }[] = [
  { event: { kind: 'order', values: { status: 'pending' } }, status: 'pending', en: 'Order placed', lg: 'Oda eweerezeddwa', sw: 'Oda imewekwa' },
  {
    event: { kind: 'store_cancelled', values: { reason: 'unpaid' } },
    status: 'cancelled:unpaid',
    en: 'Cancelled: not paid in time',
    lg: 'Esaziddwamu: tesasulwa mu budde',
    sw: 'Imeghairiwa: haikulipwa kwa wakati',
  },
  {
    event: { kind: 'payment', values: { status: 'PAY_ON_DELIVERY' } },
    status: 'payment:PAY_ON_DELIVERY',
    en: 'Pay on delivery',
    lg: "Sasula ng'otuusiddwako",
    sw: 'Lipa unapopokea',
  },
  {
    event: { kind: 'part', values: { status: 'shipped', vendor: VENDOR, items: ITEMS } },
    status: 'part:shipped',
    en: 'On the way: Nakasero Traders (Kakira Sugar 1kg, Tea leaves)',
    lg: 'Eri mu kkubo: Nakasero Traders (Kakira Sugar 1kg, Tea leaves)',
    sw: 'Iko njiani: Nakasero Traders (Kakira Sugar 1kg, Tea leaves)',
  },
  {
    event: { kind: 'lines', values: { status: 'processing', items: ITEMS } },
    status: 'lines:processing',
    en: 'Being prepared: Kakira Sugar 1kg, Tea leaves',
    lg: 'Etegekebwa: Kakira Sugar 1kg, Tea leaves',
    sw: 'Inaandaliwa: Kakira Sugar 1kg, Tea leaves',
  },
  {
    event: { kind: 'return_requested', values: { lines: [{ name: 'Kakira Sugar 1kg', quantity: 1 }] } },
    status: 'return:requested',
    en: 'Return requested: 1 × Kakira Sugar 1kg',
    lg: 'Okuzzaayo kusabiddwa: 1 × Kakira Sugar 1kg',
    sw: 'Urejeshaji umeombwa: 1 × Kakira Sugar 1kg',
  },
  {
    event: { kind: 'return_step', values: { status: 'awaiting_item', return_id: 7 } },
    status: 'return:awaiting_item',
    en: 'Accepted: send the items back (return #7)',
    lg: 'Kukkiriziddwa: zzaayo ebintu (okuzzaayo #7)',
    sw: 'Umekubaliwa: rudisha bidhaa (urejeshaji #7)',
  },
  {
    event: { kind: 'refund_due', values: { amount: 12_500 } },
    status: 'refund:due',
    en: 'Refund due: UGX 12,500',
    lg: "Ssente ez'okuzzibwayo: 12,500 UGX",
    sw: 'Pesa ya kurudishwa: UGX 12,500',
  },
  {
    event: { kind: 'refunded', values: { amount: 1_250_000 } },
    status: 'refund:refunded',
    en: 'Refunded: UGX 1,250,000',
    lg: 'Ssente zizziddwayo: 1,250,000 UGX',
    sw: 'Imerudishwa: UGX 1,250,000',
  },
];

/** Every entry the store can write: each kind with each status it can carry. */
const EVERY_ENTRY: OrderEventEntry[] = [
  ...ORDER_STATUSES.flatMap((status): OrderEventEntry[] => [
    { kind: 'order', values: { status } },
    { kind: 'part', values: { status, vendor: VENDOR, items: ITEMS } },
    { kind: 'lines', values: { status, items: ITEMS } },
  ]),
  ...CANCEL_REASONS.map((reason): OrderEventEntry => ({ kind: 'store_cancelled', values: { reason } })),
  ...PAYMENT_STATUSES.map((status): OrderEventEntry => ({ kind: 'payment', values: { status } })),
  ...RETURN_STATUSES.flatMap((status): OrderEventEntry[] => (status === 'requested' ? [] : [{ kind: 'return_step', values: { status, return_id: 7 } }])),
  { kind: 'return_requested', values: { lines: [{ name: 'Kakira Sugar 1kg', quantity: 2 }] } },
  { kind: 'refund_due', values: { amount: 12_500 } },
  { kind: 'refunded', values: { amount: 12_500 } },
];

/** The words of a text that are not the entry's names, amounts or numbers, lower case. */
function ownWords(text: string): string[] {
  const withoutNames = [VENDOR, ...ITEMS].reduce((left, name) => left.replaceAll(name, ' '), text);
  return (withoutNames.toLowerCase().match(/[a-z']+/g) ?? []).filter((word) => word !== 'ugx');
}

describe("an order's timeline in words", () => {
  it('has an example of every kind', () => {
    expect(SAID.map((said) => said.event.kind).sort()).toEqual([...ORDER_EVENT_KINDS].sort());
  });

  it.each(SAID)('$status: says each language its own way, with the names and numbers as kept', ({ event, status, en, lg, sw }) => {
    expect(orderEventStatus(event)).toBe(status);
    expect(sayOrderEvent(event, 'en')).toBe(en);
    expect(sayOrderEvent(event, 'lg')).toBe(lg);
    expect(sayOrderEvent(event, 'sw')).toBe(sw);
  });

  it.each(['lg', 'sw'] as const)('%s: every entry the store writes is said with no English word besides names', (language) => {
    for (const event of EVERY_ENTRY) {
      const said = sayOrderEvent(event, language);
      const englishWords = new Set(ownWords(sayOrderEvent(event, 'en')));
      expect(said, JSON.stringify(event)).not.toMatch(/undefined|NaN/);
      expect(
        ownWords(said).filter((word) => englishWords.has(word)),
        `${said} (${JSON.stringify(event)})`,
      ).toEqual([]);
    }
  });

  it('says a status in the very words the order pages show, in every language', () => {
    for (const [language, islands] of [
      ['en', englishIslands],
      ['lg', lugandaIslands],
      ['sw', swahiliIslands],
    ] as const) {
      for (const status of ORDER_STATUSES) expect(sayOrderEvent({ kind: 'order', values: { status } }, language)).toBe(islands.checkout.orderStatuses[status]);
      for (const status of PAYMENT_STATUSES)
        expect(sayOrderEvent({ kind: 'payment', values: { status } }, language)).toBe(islands.checkout.paymentStatuses[status]);
    }
  });
});
