/**
 * The texts and mails a shopper gets, in Luganda and Swahili as in English: the words of the catalogue's
 * `notify` area, money and links as each language writes them. That every text stays GSM-7 and one SMS
 * whatever the order holds, in all three languages, is held by order-texts.test.ts and return-texts.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { isGsm7 } from '~/lib/gsm7';
import { CATALOGUES } from '~/lib/i18n/catalogues';
import { LANGUAGES, type Language } from '~/lib/i18n/languages';
import { STORE } from '~/lib/store';
import { passwordResetMail } from '~/server/accounts/account-mail';
import { buyerReturnMail } from '~/server/returns/return-mail';
import type { ReturnView } from '~/server/returns/return-view';
import {
  orderCancelledText,
  orderDeliveredText,
  orderPaidText,
  orderPlacedText,
  orderShippedText,
  partStatusText,
  type OrderForText,
} from '~/server/sms/order-texts';
import { returnAcceptedText, returnReceivedText, returnRefundedText, returnRefusedText, type ReturnForText } from '~/server/sms/return-texts';

const ORIGIN = 'https://duuka.ug';
const order = (language: Language): OrderForText => ({
  id: 1042,
  customer_name: 'Nakato Sarah',
  total: 1_250_000,
  payment_status: 'PAY_ON_DELIVERY',
  language,
});
const back = (language: Language): ReturnForText => ({ orderId: 1042, customerName: 'Nakato Sarah', amount: 45_000, vendorName: 'Kampala Threads', language });
const QUESTIONS = { en: `Questions? Call ${STORE.phone}`, lg: `Ebibuuzo? Kuba ${STORE.phone}`, sw: `Maswali? Piga ${STORE.phone}` };

describe('a buyer’s texts in Luganda', () => {
  it('greet them, say the order is placed, with the total as Luganda writes it and a link to the Luganda page', () => {
    expect(orderPlacedText(order('lg'), ORIGIN)).toBe(
      "Duuka: Gyebale Nakato, oda yo #1042 tugifunye. Awamu 1,250,000 UGX, ogisasula ng'etuuse. Gilabe ku https://duuka.ug/lg/account/orders/1042",
    );
  });

  it('say it was paid, is on the way, arrived or was cancelled', () => {
    expect(orderPaidText({ ...order('lg'), payment_status: 'COMPLETED' }, 1_250_000)).toBe(
      "Duuka: Gyebale Nakato, tufunye 1,250,000 UGX olw'oda #1042. Webale! Tujja kukutegeeza ng'eri mu kkubo.",
    );
    expect(orderShippedText(order('lg'))).toBe(`Duuka: Gyebale Nakato, oda yo #1042 eri mu kkubo ejja gy'oli. Sasula ng'etuuse. ${QUESTIONS.lg}`);
    expect(orderDeliveredText(order('lg'))).toBe(`Duuka: Gyebale Nakato, oda yo #1042 ekutuuseeko. Webale kugula ku Duuka! ${QUESTIONS.lg}`);
    expect(orderCancelledText({ ...order('lg'), payment_status: 'COMPLETED' })).toBe(
      `Duuka: Gyebale Nakato, oda yo #1042 esaziddwamu. Ssente ze wasasula zijja kukuddizibwa. ${QUESTIONS.lg}`,
    );
    expect(partStatusText(order('lg'), 'shipped', 'Nakato Crafts')).toBe(
      `Duuka: Gyebale Nakato, ebintu byo okuva ewa Nakato Crafts mu oda #1042 biri mu kkubo bijja gy'oli. Sasula nga bituuse. ${QUESTIONS.lg}`,
    );
  });

  it('follow a return, with the amount and how it was paid back', () => {
    expect(returnAcceptedText(back('lg'))).toBe(
      `Duuka: Gyebale Nakato, okuzzaayo ebintu by'oda #1042 kukkiriziddwa. Bizzeeyo eri Kampala Threads. Ssente zikomawo nga bituuse. ${QUESTIONS.lg}`,
    );
    expect(returnRefusedText(back('lg'), 'Engoye zaayambalibwa')).toBe(
      `Duuka: Gyebale Nakato, okuzzaayo ebintu by'oda #1042 kugaaniddwa: Engoye zaayambalibwa. ${QUESTIONS.lg}`,
    );
    expect(returnReceivedText(back('lg'))).toContain('Ssente zo 45,000 UGX ziri mu kkubo.');
    expect(returnRefundedText(back('lg'), 'mobile_money')).toContain(
      "ssente 45,000 UGX ez'ebintu bye wazzaayo okuva mu oda #1042 zikuddiziddwa ku Mobile Money.",
    );
  });

  it('write ŋ in a name as ng’', () => {
    expect(orderDeliveredText({ ...order('lg'), customer_name: 'Ŋaŋŋa Ssali' })).toMatch(/^Duuka: Gyebale Ng'ang'ng'a, oda yo #1042 /);
  });
});

describe('a buyer’s texts in Swahili', () => {
  it('greet them, say the order is placed, with the total and a link to the Swahili page', () => {
    expect(orderPlacedText({ ...order('sw'), payment_status: 'PENDING_PAYMENT' }, ORIGIN)).toBe(
      'Duuka: Habari Nakato, oda yako #1042 imepokelewa. Jumla UGX 1,250,000, inasubiri malipo. Tazama https://duuka.ug/sw/account/orders/1042',
    );
  });

  it('say it was paid, is on the way, arrived or was cancelled', () => {
    expect(orderPaidText({ ...order('sw'), cancelled: true }, 90_000)).toBe(
      'Duuka: Habari Nakato, tumepokea UGX 90,000 kwa oda #1042, ambayo ilighairiwa: utarudishiwa pesa.',
    );
    expect(orderShippedText(order('sw'))).toBe(`Duuka: Habari Nakato, oda yako #1042 iko njiani kukufikia. Tafadhali lipa ukiipokea. ${QUESTIONS.sw}`);
    expect(orderDeliveredText(order('sw'))).toBe(`Duuka: Habari Nakato, oda yako #1042 imekufikia. Asante kwa kununua na Duuka! ${QUESTIONS.sw}`);
    expect(orderCancelledText(order('sw'))).toBe(`Duuka: Habari Nakato, oda yako #1042 imeghairiwa. ${QUESTIONS.sw}`);
    expect(partStatusText({ ...order('sw'), payment_status: 'COMPLETED' }, 'cancelled', 'Nakato Crafts')).toBe(
      `Duuka: Habari Nakato, bidhaa zako kutoka Nakato Crafts katika oda #1042 zimeghairiwa. Utarudishiwa pesa yako. ${QUESTIONS.sw}`,
    );
  });

  it('follow a return, with the amount and how it was paid back', () => {
    expect(returnAcceptedText(back('sw'))).toContain('Zirudishe kwa Kampala Threads. Utarudishiwa pesa zikifika.');
    expect(returnReceivedText(back('sw'))).toBe('Duuka: Habari Nakato, bidhaa ulizorudisha kutoka oda #1042 zimefika. Pesa yako UGX 45,000 iko njiani.');
    expect(returnRefundedText(back('sw'), 'cash')).toBe(
      `Duuka: Habari Nakato, pesa UGX 45,000 ya bidhaa ulizorudisha kutoka oda #1042 imerudishwa kwa pesa taslimu. ${QUESTIONS.sw}`,
    );
  });
});

describe('the catalogue’s notify area', () => {
  type Tree = { [key: string]: string | Tree };
  const leaves = (tree: Tree, prefix = ''): [string, string][] =>
    Object.entries(tree).flatMap(([key, value]) => (typeof value === 'string' ? [[`${prefix}${key}`, value]] : leaves(value, `${prefix}${key}.`)));
  const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();
  const english = new Map(leaves(CATALOGUES.en.notify as Tree));

  for (const language of ['lg', 'sw'] as const) {
    it(`in ${language} fills the same values as English in every text`, () => {
      const texts = leaves(CATALOGUES[language].notify as Tree);
      expect(texts.map(([key]) => key)).toEqual([...english.keys()]);
      for (const [key, text] of texts) expect(placeholders(text), `${language} ${key}`).toEqual(placeholders(english.get(key)!));
    });

    it(`in ${language} writes its SMS words in GSM-7 (ŋ as ng')`, () => {
      for (const [key, text] of leaves(CATALOGUES[language].notify.sms as Tree)) expect(isGsm7(text), `${language} ${key}: ${text}`).toBe(true);
    });
  }
});

describe('a shopper’s mails', () => {
  const account = { email: 'nakato@example.com', first_name: 'Nakato' };

  it('send the password reset code in the account’s language', () => {
    expect(passwordResetMail({ ...account, language: 'en' }, '042917', 15)).toEqual({
      to: 'nakato@example.com',
      subject: 'Your Duuka password reset code: 042917',
      text: 'Hello Nakato,\n\nYour password reset code is 042917. It works once, for 15 minutes.\n\nIf you did not ask to reset your password, ignore this email: your password stays the same.\n\nDuuka',
    });
    const luganda = passwordResetMail({ ...account, language: 'lg' }, '042917', 15);
    expect(luganda.subject).toBe("Koodi yo ey'okukyusa ekigambo ky'ekyama ku Duuka: 042917");
    expect(luganda.text).toMatch(/^Gyebale ko Nakato,\n\nKoodi yo ey'okukyusa ekigambo ky'ekyama ye 042917\. Ekola omulundi gumu, okumala eddakiika 15\./);
    const swahili = passwordResetMail({ ...account, language: 'sw' }, '042917', 1);
    expect(swahili.subject).toBe('Msimbo wako wa kubadilisha nenosiri la Duuka: 042917');
    expect(swahili.text).toContain('Msimbo wako wa kubadilisha nenosiri ni 042917. Unatumika mara moja tu, kwa dakika 1.');
  });

  const returned: ReturnView = {
    id: 7,
    order_id: 1042,
    part_id: 3,
    user_id: 41,
    status: 'refunded',
    reason: 'does_not_fit',
    details: 'Too small',
    note: 'Paid back on 0772 410 220',
    photos: [],
    amount: 45_000,
    refund_method: 'mobile_money',
    created_at: new Date('2026-11-02T09:00:00Z'),
    updated_at: new Date('2026-11-04T09:00:00Z'),
    status_label: 'Refunded',
    reason_label: 'Does not fit',
    vendor_id: 12,
    vendor_name: 'Kampala Threads',
    customer_name: 'Nakato Sarah',
    customer_phone: '0772 410 220',
    return_until: null,
    lines: [
      {
        order_item_id: 90,
        product_id: 17,
        product_name: 'Kitenge Dress',
        color: '',
        size: 'M',
        variant: {},
        unit_price: 45_000,
        quantity: 1,
        subtotal: 45_000,
        feature_photo: '',
      },
    ],
    refunds: [],
    refund_pending_through: null,
  };

  it('follow a return in English as before', () => {
    expect(buyerReturnMail(returned, 'refunded', 'nakato@example.com', 'Nakato', ORIGIN, 'en')).toEqual({
      to: 'nakato@example.com',
      subject: 'Your refund for order #1042: UGX 45,000',
      text: `Hello Nakato,\n\nUGX 45,000 for the items you returned from order #1042 has been paid back (mobile money).\n\nKampala Threads says: Paid back on 0772 410 220\n\nSee it on your order: https://duuka.ug/account/orders/1042\n\nQuestions? Call ${STORE.phone} or write to ${STORE.email}.\n\nDuuka`,
    });
    expect(buyerReturnMail(returned, 'requested', 'nakato@example.com', 'Nakato', ORIGIN, 'en').text).toContain(
      'We have your request to return from order #1042:\n  1 × Kitenge Dress (UGX 45,000)\nReason: Does not fit (Too small)\n\nKampala Threads will answer it soon',
    );
  });

  it('follow a return in Luganda and Swahili, the reason and the refund in their words, linking to the order in that language', () => {
    const luganda = buyerReturnMail(returned, 'requested', 'nakato@example.com', 'Nakato', ORIGIN, 'lg');
    expect(luganda.subject).toBe("Okusaba kwo okuzzaayo ebintu by'oda #1042");
    expect(luganda.text).toContain('  1 × Kitenge Dress (45,000 UGX)\nEnsonga: Tekinsaanira (Too small)');
    expect(luganda.text).toContain('Kirabe ku oda yo: https://duuka.ug/lg/account/orders/1042');
    const swahili = buyerReturnMail(returned, 'refunded', 'nakato@example.com', 'Nakato', ORIGIN, 'sw');
    expect(swahili.subject).toBe('Pesa yako ya oda #1042 imerudishwa: UGX 45,000');
    expect(swahili.text).toContain('Pesa UGX 45,000 ya bidhaa ulizorudisha kutoka oda #1042 imerudishwa (Mobile Money).');
    expect(swahili.text).toContain('Ione kwenye oda yako: https://duuka.ug/sw/account/orders/1042');
    for (const step of ['requested', 'awaiting_item', 'refused', 'received', 'refunded'] as const) {
      for (const language of LANGUAGES) {
        const mail = buyerReturnMail(returned, step, 'nakato@example.com', 'Nakato', ORIGIN, language);
        expect(`${mail.subject}\n${mail.text}`, `${language} ${step}`).not.toMatch(/\{\w+\}/);
      }
    }
  });
});
