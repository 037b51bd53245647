/**
 * The texts of a handover: the code the buyer gives the rider, in the "on the way" text of the order's language,
 * never cut for room whatever the names; the question to a buyer whose part was marked delivered without it; and
 * the vendor's text when its buyer says the parcel never came. All GSM-7, one SMS.
 */
import { describe, expect, it } from 'vitest';
import { gsm7Length, isGsm7, SMS_SEGMENT_SEPTETS } from '~/lib/gsm7';
import { LANGUAGES } from '~/lib/i18n/languages';
import { STORE } from '~/lib/store';
import { orderShippedText, partStatusText, receivedQuestionText, vendorDisputeText, type OrderForText } from '~/server/sms/order-texts';
import { collections, handoverCodeOf } from '~/lib/cash-on-delivery';

const order: OrderForText = { id: 1042, customer_name: 'Nakato Sarah', total: 1_250_000, payment_status: 'PAY_ON_DELIVERY', language: 'en' };
const oneSms = (text: string) => {
  expect(isGsm7(text), text).toBe(true);
  expect(gsm7Length(text), text).toBeLessThanOrEqual(SMS_SEGMENT_SEPTETS);
};

describe('the handover code in the "on the way" text', () => {
  it('tells the buyer the code to give the rider, before the reminder to pay', () => {
    expect(orderShippedText(order, [{ vendorName: 'Kikuubo Electronics Hub', code: '0481' }])).toBe(
      `Duuka: Hi Nakato, order #1042 is on the way to you. Give the rider code 0481 when it arrives. Please pay on delivery. Questions? Call ${STORE.phone}`,
    );
    expect(partStatusText(order, 'shipped', 'Nakato Crafts', '7310')).toBe(
      `Duuka: Hi Nakato, your items from Nakato Crafts in order #1042 are on the way to you. Give the rider code 7310 when it arrives. Please pay on delivery.`,
    );
  });

  it('names each sender beside its code when several parts leave together', () => {
    const text = orderShippedText({ ...order, payment_status: 'COMPLETED' }, [
      { vendorName: 'Kikuubo Electronics Hub Limited', code: '0481' },
      { vendorName: 'Duuka', code: '9920' },
    ]);
    expect(text).toContain('Rider codes: Kikuubo... 0481, Duuka 9920.');
    oneSms(text);
  });

  it.each(LANGUAGES)('keeps the code in %s with the longest names, in one GSM-7 SMS', (language) => {
    const long = { ...order, language, id: 9_999_999, customer_name: 'Nabukeera-Ssemwogerere Christabella' };
    for (const text of [
      orderShippedText(long, [{ vendorName: 'x', code: '5555' }]),
      partStatusText(long, 'shipped', 'Kikuubo Electronics and Home Appliances Wholesale Hub', '5555'),
      receivedQuestionText(long),
    ]) {
      oneSms(text);
    }
    expect(orderShippedText(long, [{ vendorName: 'x', code: '5555' }])).toContain('5555');
    expect(partStatusText(long, 'shipped', 'Kikuubo Electronics and Home Appliances Wholesale Hub', '5555')).toContain('5555');
  });
});

describe('a part marked delivered without its code', () => {
  it('asks the buyer whether it came, in the order’s language', () => {
    expect(receivedQuestionText(order)).toBe(
      `Duuka: Hi Nakato, order #1042 was marked delivered. Did you receive it? Reply on your order page. Questions? Call ${STORE.phone}`,
    );
    expect(receivedQuestionText({ ...order, language: 'lg' })).toMatch(/^Duuka: Gyebale Nakato, oda yo #1042 bagamba nti ekutuuseeko\. Wagifunye\?/);
    expect(receivedQuestionText({ ...order, language: 'sw' })).toMatch(/^Duuka: Habari Nakato, oda yako #1042 imewekwa kuwa imefikishwa\. Umeipokea\?/);
  });

  it('tells the vendor when its buyer says it never came', () => {
    const text = vendorDisputeText(1042, 'https://duuka.ug/vendor-dashboard/orders');
    expect(text).toBe(
      'Duuka: the buyer of order #1042 says your parcel never arrived. Its money waits while we check. Details: https://duuka.ug/vendor-dashboard/orders',
    );
    oneSms(text);
  });
});

describe('who collected what', () => {
  it('gives each delivered part its price, and the delivery fee to the first delivered (the lower id when together)', () => {
    const at = (minute: number) => new Date(Date.UTC(2026, 10, 1, 10, minute));
    expect(
      collections(
        [
          { id: 9, vendor_id: 2, delivered_at: at(5), subtotal: 30_000 },
          { id: 4, vendor_id: null, delivered_at: at(5), subtotal: 12_000 },
          { id: 7, vendor_id: 3, delivered_at: at(1), subtotal: 8_000 },
        ],
        5_000,
      ),
    ).toEqual([
      { part_id: 7, vendor_id: 3, amount: 13_000 },
      { part_id: 4, vendor_id: null, amount: 12_000 },
      { part_id: 9, vendor_id: 2, amount: 30_000 },
    ]);
    expect(collections([], 5_000)).toEqual([]);
  });

  it('reads a handover code as people type it', () => {
    expect(handoverCodeOf(' 04 81 ')).toBe('0481');
    expect(handoverCodeOf('04-81')).toBe('0481');
    expect(handoverCodeOf(481)).toBeNull();
    for (const typed of ['481', '04811', 'abcd', '', null, undefined, {}, '０４８１']) expect(handoverCodeOf(typed)).toBeNull();
  });
});
