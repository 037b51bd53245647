import { describe, expect, it } from 'vitest';
import { gsm7Length, SMS_SEGMENT_SEPTETS } from '~/lib/gsm7';
import { LANGUAGES } from '~/lib/i18n/languages';
import { maskedNumber, payoutMethodChangedText } from '~/server/sms/payout-texts';

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
