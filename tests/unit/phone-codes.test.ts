/**
 * What phone accounts rest on without a server: Ugandan numbers in the ways people write them, kept as E.164,
 * and the texts carrying a one-time code, one GSM-7 SMS in every language with the code first.
 */
import { describe, expect, it } from 'vitest';
import { gsm7Length, isGsm7 } from '~/lib/gsm7';
import { LANGUAGES } from '~/lib/i18n/languages';
import { ugandanE164 } from '~/lib/mobile-money';
import { phoneCodeText } from '~/server/sms/account-texts';
import { codeHash, newCode } from '~/server/accounts/one-time-codes';

describe('a Ugandan mobile number as accounts keep it', () => {
  it.each(['0772 123 456', '+256772123456', '256 772 123 456', '256772123456', '772123456', '+256 (772) 123-456', ' 0772123456 '])('reads %j', (written) => {
    expect(ugandanE164(written)).toBe('+256772123456');
  });

  it.each(['0414 123 456', '12345', '+254712345678', '0772 123 45', 'apio@example.com', ''])('refuses %j', (written) => {
    expect(ugandanE164(written)).toBeNull();
  });
});

describe('the texts with a code', () => {
  it.each(LANGUAGES.flatMap((language) => (['login', 'reset'] as const).map((purpose) => [language, purpose] as const)))(
    'in %s for %s: the code first, GSM-7, one SMS',
    (language, purpose) => {
      const text = phoneCodeText(language, purpose, '048213', 10);
      expect(text.startsWith('048213 ')).toBe(true);
      expect(text).toContain('Duuka');
      expect(text).toContain('10');
      expect(isGsm7(text), text).toBe(true);
      expect(gsm7Length(text), text).toBeLessThanOrEqual(160);
    },
  );

  it('reads in Luganda as a Luganda speaker writes it', () => {
    expect(phoneCodeText('lg', 'login', '048213', 10)).toBe('048213 ye koodi yo eya Duuka. Ekola okumala eddakiika 10. Togibuulirako muntu yenna.');
  });
});

describe('codes', () => {
  it('are six digits, and their hash names whom they are for', () => {
    for (let i = 0; i < 50; i++) expect(newCode()).toMatch(/^\d{6}$/);
    expect(codeHash('+256772123456:login', '123456')).not.toBe(codeHash('+256772123456:reset', '123456'));
    expect(codeHash('+256772123456:login', '123456')).toMatch(/^[0-9a-f]{64}$/);
  });
});
