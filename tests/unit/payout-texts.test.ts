import { describe, expect, it } from 'vitest';
import { gsm7Length, SMS_SEGMENT_SEPTETS } from '~/lib/gsm7';
import { LANGUAGES } from '~/lib/i18n/languages';
import { maskedNumber, payoutFailedText, payoutMethodChangedText, payoutSentText } from '~/server/sms/payout-texts';

describe('the vendor’s text about its payout method', () => {
  it('masks all but the first and last digits of a phone, and all but the last four of a bank account', () => {
    expect(maskedNumber('+256772123456', 'mtn_momo')).toBe('+25677***3456');
    expect(maskedNumber('9030 0123-456789', 'bank')).toBe('***6789');
  });

  it('fits one GSM-7 SMS in every language, from the longest destination to the longest', () => {
    const bank = { method: 'bank' as const, number: '***6789' };
    const airtel = { method: 'airtel_money' as const, number: '+25675***1222' };
    for (const language of LANGUAGES) {
      for (const text of [payoutMethodChangedText(language, airtel, bank), payoutMethodChangedText(language, bank, airtel)]) {
        expect(gsm7Length(text), `${language}: ${text}`).toBeLessThanOrEqual(SMS_SEGMENT_SEPTETS);
        expect(text).toMatch(/^Duuka: /);
        expect(text).toContain('+25675***1222');
      }
    }
  });

  it('names the new destination alone when there was none before', () => {
    expect(payoutMethodChangedText('sw', { method: 'mtn_momo', number: '+25677***3456' }, null)).toBe(
      'Duuka: malipo yako yataenda MTN MoMo +25677***3456. Si wewe? Piga +256 700 123 456 mara moja.',
    );
  });
});

const payout = (language: (typeof LANGUAGES)[number]) => ({ id: 4821, amount: 1_250_000, where: 'MTN MoMo', language });

describe("a vendor's payout texts", () => {
  it('say the payout, the amount and where it went, with the reference, in the vendor’s language', () => {
    expect(payoutSentText(payout('en'), '1234567890')).toBe('Duuka: Payout #4821 of UGX 1,250,000 was sent to your MTN MoMo. Ref: 1234567890');
    expect(payoutSentText(payout('lg'), '1234567890')).toBe('Duuka: Ssente zo #4821 eza 1,250,000 UGX ziweereddwa ku MTN MoMo yo. Nnamba: 1234567890');
    expect(payoutSentText(payout('sw'), '1234567890')).toBe('Duuka: Malipo #4821 ya UGX 1,250,000 yametumwa kwa MTN MoMo yako. Kumb: 1234567890');
  });

  it('say a failed payout is back in the balance, with the reason', () => {
    expect(payoutFailedText(payout('en'), 'Account closed')).toBe(
      'Duuka: Payout #4821 of UGX 1,250,000 could not be sent. Reason: Account closed. The money is back in your balance.',
    );
    expect(payoutFailedText(payout('sw'), '')).toBe('Duuka: Malipo #4821 ya UGX 1,250,000 hayakuweza kutumwa. Pesa zimerudishwa kwenye salio lako.');
  });

  it('fit one SMS in every language, shortening a long reason and never the amount', () => {
    for (const language of LANGUAGES) {
      const failed = payoutFailedText(payout(language), 'The receiving wallet is not registered for mobile money transfers of this size '.repeat(3));
      const sent = payoutSentText(payout(language), 'R'.repeat(300));
      for (const text of [failed, sent]) {
        expect(gsm7Length(text), text).toBeLessThanOrEqual(SMS_SEGMENT_SEPTETS);
        expect(text).toContain('1,250,000');
        expect(text).toContain('#4821');
      }
    }
  });
});
