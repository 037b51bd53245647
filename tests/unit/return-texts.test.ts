import { describe, expect, it } from 'vitest';
import { gsm7Length, isGsm7, SMS_SEGMENT_SEPTETS } from '~/lib/gsm7';
import { LANGUAGES } from '~/lib/i18n/languages';
import { formatUGX } from '~/lib/money';
import { STORE } from '~/lib/store';
import {
  returnAcceptedText,
  returnReceivedText,
  returnRefundedText,
  returnRefusedText,
  returnRequestedText,
  type ReturnForText,
} from '~/server/sms/return-texts';

const ORIGIN = 'https://duuka.ug';
const back: ReturnForText = { orderId: 1042, customerName: 'Nakato Sarah', amount: 45_000, vendorName: 'Kampala Threads', language: 'en' };

describe('the texts of a return', () => {
  it('tell the vendor what is asked back and where to answer', () => {
    expect(returnRequestedText(1042, [{ name: 'Kitenge Dress', quantity: 2 }], `${ORIGIN}/vendor-dashboard/returns`)).toBe(
      'Duuka: Return asked for order #1042: 2 x Kitenge Dress. Answer it at https://duuka.ug/vendor-dashboard/returns',
    );
  });

  it('tell the buyer each step: accepted, refused with the reason, received, refunded and how', () => {
    expect(returnAcceptedText(back)).toBe(
      `Duuka: Hi Nakato, your return for order #1042 is accepted. Send the items back to Kampala Threads. Refund once they arrive. Questions? Call ${STORE.phone}`,
    );
    expect(returnAcceptedText({ ...back, vendorName: 'Kikuubo Household Wholesalers and Distributors Ltd' })).toMatch(
      /^Duuka: Hi Nakato, your return for order #1042 is accepted\. Send the items back to Kikuubo Househ\w*\.\.\. Refund once they arrive\. Questions/,
    );
    expect(returnRefusedText(back, 'The dress was worn')).toBe(
      `Duuka: Hi Nakato, your return for order #1042 was refused: The dress was worn. Questions? Call ${STORE.phone}`,
    );
    expect(returnReceivedText(back)).toBe('Duuka: Hi Nakato, the items you returned from order #1042 have arrived. Your refund of UGX 45,000 is on the way.');
    expect(returnRefundedText(back, 'mobile_money')).toBe(
      `Duuka: Hi Nakato, UGX 45,000 for the items you returned from order #1042 has been paid back by mobile money. Questions? Call ${STORE.phone}`,
    );
    expect(returnRefundedText(back, 'gateway')).toContain('has been paid back to your card.');
    expect(returnRefundedText(back, 'cash')).toContain('has been paid back in cash.');
  });
});

describe('every return text fits one SMS in GSM-7, in every language', () => {
  const longName = `${'Nabukeera'.repeat(11)}X`;
  const odd = '€[]{}~|^\\ “curly” — 🙂 中文 ŋŋŋ'.repeat(4);
  const hugeAmount = 2_147_483_647;
  const hugeId = 2_147_483_647;
  const longOrigin = `https://${'shop'.repeat(20)}.example.com`;

  for (const language of LANGUAGES) {
    for (const [label, word] of [
      ['100-character words', longName],
      ['extension characters, quotes, emoji and other scripts', odd],
      ['nothing at all', ''],
    ] as const) {
      it(`in ${language}, with ${label} for every name, note and item`, () => {
        const big: ReturnForText = { orderId: hugeId, customerName: word, amount: hugeAmount, vendorName: word, language };
        const texts = [
          returnRequestedText(hugeId, [{ name: word, quantity: 99 }], `${longOrigin}/vendor-dashboard/returns`),
          returnRequestedText(
            hugeId,
            Array.from({ length: 30 }, (_, n) => ({ name: `${word} ${n}`, quantity: 99 })),
            `${ORIGIN}/vendor-dashboard/returns`,
          ),
          returnAcceptedText(big),
          returnRefusedText(big, `${word} ${word} ${word}`),
          returnReceivedText(big),
          returnRefundedText(big, 'cash'),
          returnRefundedText(big, 'mobile_money'),
          returnRefundedText(big, 'gateway'),
        ];
        for (const text of texts) {
          expect(isGsm7(text), text).toBe(true);
          expect(gsm7Length(text), text).toBeLessThanOrEqual(SMS_SEGMENT_SEPTETS);
          expect(text.startsWith(`${STORE.name}: `), text).toBe(true);
          expect(text, text).toContain(`#${hugeId}`);
        }
        expect(returnReceivedText(big)).toContain(formatUGX(hugeAmount, language));
        expect(returnRefundedText(big, 'cash')).toContain(formatUGX(hugeAmount, language));
      });
    }
  }
});
