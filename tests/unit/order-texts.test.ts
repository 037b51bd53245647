import { describe, expect, it } from 'vitest';
import { gsm7Length, isGsm7, SMS_SEGMENT_SEPTETS } from '~/lib/gsm7';
import { LANGUAGES, type Language } from '~/lib/i18n/languages';
import { formatUGX } from '~/lib/money';
import { STORE } from '~/lib/store';
import {
  orderCancelledText,
  orderDeliveredText,
  orderPaidText,
  orderPlacedText,
  orderShippedText,
  partStatusText,
  vendorOrderText,
  type OrderForText,
} from '~/server/sms/order-texts';

const ORIGIN = 'https://duuka.ug';
const order: OrderForText = { id: 1042, customer_name: 'Nakato Sarah', total: 1_250_000, payment_status: 'PAY_ON_DELIVERY', language: 'en' };

describe('the texts of an ordinary order', () => {
  it('tell the buyer the order was placed, with the number, the total, how to pay and a link', () => {
    expect(orderPlacedText(order, ORIGIN)).toBe(
      'Duuka: Hi Nakato, order #1042 is placed. Total UGX 1,250,000, to pay on delivery. We will text you when it ships. See https://duuka.ug/account/orders/1042',
    );
    expect(orderPlacedText({ ...order, payment_status: 'PENDING_PAYMENT' }, ORIGIN)).toContain('Total UGX 1,250,000, awaiting payment.');
  });

  it('tell the buyer it was paid, shipped, delivered or cancelled', () => {
    expect(orderPaidText({ ...order, payment_status: 'COMPLETED' }, 1_250_000)).toBe(
      'Duuka: Hi Nakato, we received UGX 1,250,000 for order #1042. Thank you! We will text you when it ships.',
    );
    expect(orderPaidText({ ...order, cancelled: true }, 90_000)).toBe(
      'Duuka: Hi Nakato, we received UGX 90,000 for order #1042, which was cancelled: it will be refunded.',
    );
    expect(orderShippedText(order)).toBe(`Duuka: Hi Nakato, order #1042 is on the way to you. Please pay on delivery. Questions? Call ${STORE.phone}`);
    expect(orderShippedText({ ...order, payment_status: 'COMPLETED' })).toBe(
      `Duuka: Hi Nakato, order #1042 is on the way to you. Questions? Call ${STORE.phone}`,
    );
    expect(orderDeliveredText(order)).toBe(
      `Duuka: Hi Nakato, order #1042 has been delivered. Thank you for shopping with Duuka! Questions? Call ${STORE.phone}`,
    );
    expect(orderCancelledText(order)).toBe(`Duuka: Hi Nakato, order #1042 has been cancelled. Questions? Call ${STORE.phone}`);
    expect(orderCancelledText({ ...order, payment_status: 'FAILED' }, 'unpaid')).toBe(
      `Duuka: Hi Nakato, order #1042 was not paid in time, so we cancelled it. Questions? Call ${STORE.phone}`,
    );
    expect(orderCancelledText({ ...order, payment_status: 'FAILED', language: 'lg' }, 'unpaid')).toContain('oda yo #1042 tesasulwa mu budde');
    expect(orderCancelledText({ ...order, payment_status: 'FAILED', language: 'sw' }, 'unpaid')).toContain('oda yako #1042 haikulipwa kwa wakati');
    expect(orderCancelledText({ ...order, payment_status: 'COMPLETED' })).toBe(
      `Duuka: Hi Nakato, order #1042 has been cancelled. What you paid will be refunded. Questions? Call ${STORE.phone}`,
    );
  });

  it('tell the buyer when one vendor’s part ships, arrives or is cancelled on its own', () => {
    expect(partStatusText(order, 'shipped', 'Nakato Crafts')).toBe(
      `Duuka: Hi Nakato, your items from Nakato Crafts in order #1042 are on the way to you. Please pay on delivery. Questions? Call ${STORE.phone}`,
    );
    expect(partStatusText({ ...order, payment_status: 'COMPLETED' }, 'delivered', 'Nakato Crafts')).toBe(
      `Duuka: Hi Nakato, your items from Nakato Crafts in order #1042 have been delivered. Questions? Call ${STORE.phone}`,
    );
    expect(partStatusText({ ...order, payment_status: 'COMPLETED' }, 'cancelled', 'Nakato Crafts')).toBe(
      `Duuka: Hi Nakato, your items from Nakato Crafts in order #1042 have been cancelled. What you paid for them will be refunded. Questions? Call ${STORE.phone}`,
    );
  });

  it('tell a vendor the order number, how many of their items, which, and where to see it', () => {
    expect(vendorOrderText(1042, [{ name: 'Samsung Galaxy A15', quantity: 1 }], `${ORIGIN}/vendor-dashboard/orders`)).toBe(
      'Duuka: New order #1042 with 1 of your items: Samsung Galaxy A15. See it at https://duuka.ug/vendor-dashboard/orders',
    );
    expect(
      vendorOrderText(
        7,
        [
          { name: 'Jerrycan 20 L', quantity: 3 },
          { name: 'Basin', quantity: 1 },
        ],
        `${ORIGIN}/vendor-dashboard/orders`,
      ),
    ).toBe('Duuka: New order #7 with 4 of your items: 3 x Jerrycan 20 L, Basin. See it at https://duuka.ug/vendor-dashboard/orders');
  });

  it('tell a vendor an order paid online just now is its to prepare', () => {
    expect(vendorOrderText(1043, [{ name: 'Samsung Galaxy A15', quantity: 2 }], null, true)).toBe(
      'Duuka: Order #1043 is paid: prepare 2 of your items now: 2 x Samsung Galaxy A15. See it in your dashboard.',
    );
  });

  it('spell names in GSM-7', () => {
    expect(orderDeliveredText({ ...order, customer_name: 'Ŋaŋŋa 🙂' })).toMatch(/^Duuka: Hi Ng'ang'ng'a, order #1042 /);
    expect(vendorOrderText(5, [{ name: 'Kids’ “Zoë” sandals – size 30…', quantity: 2 }], ORIGIN)).toContain(
      ': 2 x Kids\' "Zoe" sandals - size 30... See it at',
    );
  });
});

describe('every text fits one SMS whatever the order holds, in every language', () => {
  const longName = `${'Nabukeera'.repeat(11)}X`; // one 100-character word
  const longWords = 'Nakawunde Ssekandi Namubiru Kisakye Nalwoga Atuhaire Tumusiime Kyomuhendo Ainembabazi Mbabazi Byaruhanga';
  const hugeAmount = 2_147_483_647; // the largest the integer columns hold
  const hugeId = 2_147_483_647;
  const longOrigin = `https://${'shop'.repeat(20)}.example.com`;
  const odd = '€[]{}~|^\\ “curly” — 🙂 中文 ŋŋŋ';

  const texts = (language: Language, name: string, amount: number, id: number, origin: string) => {
    const big: OrderForText = { id, customer_name: name, total: amount, payment_status: 'PAY_ON_DELIVERY', language };
    return [
      orderPlacedText(big, origin),
      orderPlacedText({ ...big, payment_status: 'PENDING_PAYMENT' }, origin),
      orderPaidText(big, amount),
      orderPaidText({ ...big, cancelled: true }, amount),
      orderShippedText(big),
      orderDeliveredText(big),
      orderCancelledText({ ...big, payment_status: 'COMPLETED' }),
      orderCancelledText({ ...big, payment_status: 'FAILED' }, 'unpaid'),
      partStatusText(big, 'shipped', name),
      partStatusText({ ...big, payment_status: 'COMPLETED' }, 'delivered', name),
      partStatusText({ ...big, payment_status: 'COMPLETED' }, 'cancelled', name),
      vendorOrderText(id, [{ name, quantity: 99 }], `${origin}/vendor-dashboard/orders`),
      vendorOrderText(
        id,
        Array.from({ length: 50 }, (_, n) => ({ name: `${name} ${n}`, quantity: 99 })),
        `${origin}/vendor-dashboard/orders`,
      ),
    ];
  };

  for (const language of LANGUAGES) {
    for (const [label, name] of [
      ['a 100-character name', longName],
      ['a 100-character name of many words', longWords],
      ['a name in extension characters, quotes, emoji and other scripts', odd.repeat(4)],
      ['no name', ''],
    ] as const) {
      it(`in ${language}, with ${label}, a huge amount and a long address`, () => {
        for (const [amount, id, origin] of [
          [hugeAmount, hugeId, longOrigin],
          [hugeAmount, hugeId, ORIGIN],
          [500, 1, longOrigin],
        ] as const) {
          for (const text of texts(language, name, amount, id, origin)) {
            expect(isGsm7(text), text).toBe(true);
            expect(gsm7Length(text), text).toBeLessThanOrEqual(SMS_SEGMENT_SEPTETS);
            expect(text.startsWith(`${STORE.name}: `), text).toBe(true);
            expect(text, text).toContain(`#${id}`);
          }
          const [placed, , paid] = texts(language, name, amount, id, origin);
          expect(placed).toContain(formatUGX(amount, language));
          expect(paid).toContain(formatUGX(amount, language));
        }
      });
    }
  }

  it('shortens a long name rather than dropping it when there is room, and keeps a short one whole', () => {
    const placed = orderPlacedText({ ...order, customer_name: longName }, ORIGIN);
    expect(placed).toMatch(/^Duuka: Hi Nabukeera\w*\.\.\., order #1042 is placed\. .* See https:/);
    const vendor = vendorOrderText(
      1042,
      [
        { name: longWords, quantity: 1 },
        { name: 'Basin', quantity: 2 },
      ],
      `${ORIGIN}/vendor-dashboard/orders`,
    );
    expect(vendor).toMatch(
      /^Duuka: New order #1042 with 3 of your items: Nakawunde Ssekandi .*[^.]\.\.\. See it at https:\/\/duuka\.ug\/vendor-dashboard\/orders$/,
    );
    expect(gsm7Length(vendor)).toBeLessThanOrEqual(SMS_SEGMENT_SEPTETS);
  });

  it('leaves the link out before it shortens the total or the number', () => {
    const placed = orderPlacedText({ ...order, id: hugeId, total: hugeAmount }, longOrigin);
    expect(placed).toBe(`Duuka: Hi Nakato, order #${hugeId} is placed. Total UGX 2,147,483,647, to pay on delivery. We will text you when it ships.`);
  });
});
