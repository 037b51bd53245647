import { describe, expect, it } from 'vitest';
import { payoutFailedText, payoutSentText } from '~/server/sms/payout-texts';
import { gsm7Length, SMS_SEGMENT_SEPTETS } from '~/lib/gsm7';
import { LANGUAGES } from '~/lib/i18n/languages';

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
