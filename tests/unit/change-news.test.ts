/**
 * What a vendor is told of a change to its payouts or contact: the texts (with the undo link, and of a changed
 * phone or email) and the mails to the addresses before and after, in every language, numbers masked.
 */
import { describe, expect, it } from 'vitest';
import { gsm7Length, SMS_SEGMENT_SEPTETS } from '~/lib/gsm7';
import { LANGUAGES } from '~/lib/i18n/languages';
import { maskedEmail, phoneOnRecord, samePhone, shownContact } from '~/lib/phone-on-record';
import { payoutMethodChangedText } from '~/server/sms/payout-texts';
import { phoneCodeText } from '~/server/sms/account-texts';
import { contactChangedText } from '~/server/sms/contact-sms';
import { contactChangedMails, payoutMethodChangedMail } from '~/server/accounts/change-mail';

const LINK = 'https://duuka.ug/lg/undo/123456.AbCdEfGhIjKl';
const bank = { method: 'bank' as const, phone: '', account_name: 'Sanyu Traders', account_number: '9030 0123 456789', bank: 'Stanbic' };
const mtn = { method: 'mtn_momo' as const, phone: '+256772123456', account_name: '', account_number: '', bank: '' };

describe('the phone on record', () => {
  it('is the shop’s mobile, else the account’s own', () => {
    expect(phoneOnRecord({ shop: '0772 123 456', own: '+256701000000' })).toBe('0772 123 456');
    expect(phoneOnRecord({ shop: '0414 123 456', own: '+256701000000' })).toBe('+256701000000');
    expect(phoneOnRecord(undefined)).toBe('');
  });

  it('is the same number in any writing, and is shown masked', () => {
    expect(samePhone('0772 123 456', '+256772123456')).toBe(true);
    expect(samePhone('0772 123 456', '0772 123 457')).toBe(false);
    expect(shownContact('shop_phone', '0772 123 456')).toBe('+25677***3456');
    expect(shownContact('email', 'sanyu@example.com')).toBe('s***@example.com');
    expect(shownContact('phone', '')).toBe('-');
    expect(maskedEmail('not-an-email')).toBe('not-an-email');
  });
});

describe('the texts', () => {
  it('carry the undo link in two GSM-7 parts at most, in every language', () => {
    for (const language of LANGUAGES) {
      const text = payoutMethodChangedText(language, { method: 'bank', number: '***6789' }, { method: 'airtel_money', number: '+25675***1222' }, LINK);
      expect(text, text).toContain(LINK);
      expect(gsm7Length(text), `${language}: ${text}`).toBeLessThanOrEqual(2 * 153);
    }
    expect(payoutMethodChangedText('en', { method: 'bank', number: '***6789' }, { method: 'mtn_momo', number: '+25677***3456' }, LINK)).toBe(
      `Duuka: your payouts now go to bank account ***6789, no longer to MTN MoMo +25677***3456. Not you? Undo it: ${LINK} or call +256 700 123 456.`,
    );
  });

  it('say each changed phone or email as it is now, masked, in one SMS', () => {
    const changes = [
      { field: 'phone' as const, before: '', after: '0752 123 456' },
      { field: 'email' as const, before: 'sanyu@example.com', after: 'moved@example.com' },
    ];
    expect(contactChangedText('en', changes)).toBe(
      "Duuka: your account's phone is now +25675***3456; your account's email is now m***@example.com. Not you? Call +256 700 123 456 at once.",
    );
    for (const language of LANGUAGES) expect(gsm7Length(contactChangedText(language, changes))).toBeLessThanOrEqual(SMS_SEGMENT_SEPTETS);
  });

  it('give the change code first, in one SMS', () => {
    for (const language of LANGUAGES) {
      const text = phoneCodeText(language, 'change', '123456', 10);
      expect(text).toMatch(/^123456 /);
      expect(gsm7Length(text)).toBeLessThanOrEqual(SMS_SEGMENT_SEPTETS);
    }
  });
});

describe('the mails', () => {
  const account = { email: 'sanyu@example.com', first_name: 'Sanyu', language: 'en' as const };

  it('tell where payouts go now and went before, with the undo link while payouts wait', () => {
    const [mail, ...others] = payoutMethodChangedMail(account, { after: bank, before: mtn, undo: { link: LINK, waitHours: 24 } });
    expect(others).toEqual([]);
    expect(mail).toEqual({
      to: 'sanyu@example.com',
      subject: 'Your Duuka payouts go to a new place',
      text: `Hello Sanyu,\n\nYour payouts now go to bank account ***6789, no longer to MTN MoMo +25677***3456.\n\nPayouts to it wait 24 hours. To undo the change before then, open ${LINK}\n\nIf you did not make this change, call us at once on +256 700 123 456.\n\nDuuka`,
    });
    expect(payoutMethodChangedMail({ ...account, email: '' }, { after: mtn, before: null, undo: null })).toEqual([]);
  });

  it('go to the address before a change and the one after, once each, in the account’s language', () => {
    const changes = [{ field: 'email' as const, before: 'Sanyu@example.com', after: 'moved@example.com' }];
    const mails = contactChangedMails({ first_name: 'Sanyu', language: 'sw' }, changes, ['Sanyu@example.com', 'moved@example.com', 'sanyu@example.com']);
    expect(mails.map((mail) => mail.to)).toEqual(['sanyu@example.com', 'moved@example.com']);
    expect(mails[0]!.subject).toBe('Taarifa za akaunti yako ya Duuka zimebadilika');
    expect(mails[0]!.text).toContain('Barua pepe ya akaunti yako: m***@example.com (ilikuwa S***@example.com)');
  });
});
