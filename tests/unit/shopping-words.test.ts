import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { createElement } from 'react';
import { provideIslandTexts } from '~/lib/i18n/current';
import { readRequestLanguageWith } from '~/lib/i18n/page-language';
import { islands as english } from '~/lib/i18n/en/islands';
import { islands as luganda } from '~/lib/i18n/lg/islands';
import { islands as swahili } from '~/lib/i18n/sw/islands';
import type { Language } from '~/lib/i18n/languages';
import { checkLine, setQuantity, validateAdd, type CartItem } from '~/lib/cart';
import { loginHref, safeRedirect } from '~/lib/login-redirect';
import { MOBILE_MONEY_GATEWAYS, payerPhoneProblem } from '~/lib/mobile-money';
import { payerPhoneWords } from '~/islands/checkout/payer-phone-words';
import { orderProgressWords } from '~/islands/checkout/order-words';
import { fillNodes } from '~/islands/fill-nodes';

/** The language islands and the cart's rules speak in these tests, as the page being rendered would set it. */
let speaking: Language = 'en';
beforeAll(() => {
  readRequestLanguageWith(() => speaking);
  provideIslandTexts('en', english);
  provideIslandTexts('lg', luganda);
  provideIslandTexts('sw', swahili);
});
afterEach(() => {
  speaking = 'en';
});

const line: CartItem = {
  id: '12|||',
  product_id: 12,
  product_name: 'Kakira Sugar 1kg',
  product_price_1: '6500',
  product_quantity: 2,
  product_feature_photo: 'k.jpg',
  color: '',
  size: '',
  variant: {},
  added_at: '2026-11-01T08:00:00.000Z',
  updated_at: '2026-11-01T08:00:00.000Z',
};
const sugar = { id: 12, name: 'Kakira Sugar 1kg', price_1: '7000', feature_photo: 'k.jpg', stock: { total_items: 10, items_sold: 9 } };

describe("the cart's problems", () => {
  it('are said in the page language, with its plurals and its way of writing money', () => {
    speaking = 'lg';
    expect(validateAdd({ product: { ...sugar, has_colors: 'Yes', colors: 'Red, Blue' } })).toBe('Londa langi');
    expect(setQuantity([line], line.id, 4, 3).error).toBe('Bisigaddeyo 3 byokka');
    expect(setQuantity([line], line.id, 4, 1).error).toBe('Kisigaddeyo 1 kyokka');
    expect(checkLine(line, sugar).map((notice) => notice.message)).toEqual(['Kisigaddeyo 1 kyokka', 'Omuwendo gukyuse okuva ku 6,500 UGX okudda ku 7,000 UGX']);
    speaking = 'sw';
    expect(checkLine(line, null)[0]!.message).toBe('Bidhaa hii haipatikani tena');
    expect(setQuantity([line], line.id, 5, 0).error).toBe('Bidhaa hii imeisha');
  });
});

describe("a mobile money number's problems", () => {
  const numbers = ['', 'not a phone', '0772 123 456', '0752 123 456', '+256 700 000 000'];

  it('are the API table’s words in English, for every network and number', () => {
    for (const gateway of MOBILE_MONEY_GATEWAYS) {
      for (const phone of numbers) expect(payerPhoneWords(gateway, phone), `${gateway} ${phone}`).toBe(payerPhoneProblem(gateway, phone));
    }
  });

  it('keep the networks’ brand names in Luganda and Swahili, listing prefixes with the language’s "or"', () => {
    speaking = 'lg';
    expect(payerPhoneWords('mtn_momo', '0752 123 456')).toBe('Eno si nnamba ya MTN: ennamba za MTN Mobile Money zitandika ne 076, 077 oba 078');
    expect(payerPhoneWords('airtel_money', ' ')).toBe("Wandiika ennamba ya Airtel Money gy'onoosasulako");
    speaking = 'sw';
    expect(payerPhoneWords('airtel_money', '0772 123 456')).toBe('Hii si namba ya Airtel: namba za Airtel Money huanza na 070, 074 au 075');
    expect(payerPhoneWords('airtel_money', '0752 123 456')).toBeNull();
  });
});

describe("an order's progress", () => {
  it("says how far an order of several parts has come, in the page's language", () => {
    speaking = 'sw';
    expect(orderProgressWords({ status: 'processing', parts: [{ status: 'shipped' }, { status: 'pending' }] })).toBe('Sehemu iko njiani');
    expect(orderProgressWords({ status: 'delivered', parts: [] })).toBe('Imefikishwa');
    speaking = 'en';
    expect(orderProgressWords({ status: 'shipped', parts: [{ status: 'shipped' }, { status: 'delivered' }] })).toBe('Partly delivered');
  });
});

describe('coming back after logging in', () => {
  it('stays in the language of the page the shopper logs in on, and never returns to a login page', () => {
    expect(safeRedirect('/lg/checkout', '/account', 'lg')).toBe('/lg/checkout');
    expect(safeRedirect('/checkout?address=3', '/account', 'sw')).toBe('/sw/checkout?address=3');
    expect(safeRedirect('/lg/auth/register', '/account', 'lg')).toBe('/lg/account');
    expect(safeRedirect('//evil.example', '/account', 'sw')).toBe('/sw/account');
    expect(safeRedirect('/sw/wishlist', '/account', 'en')).toBe('/wishlist');
    expect(loginHref('/product/5#reviews', 'sw')).toBe('/sw/auth/login?redirect=%2Fsw%2Fproduct%2F5%23reviews');
    expect(loginHref('/product/5#reviews', 'en')).toBe('/auth/login?redirect=%2Fproduct%2F5%23reviews');
  });
});

describe('texts with marked-up parts', () => {
  it('put each part where the language puts its name, and leave unknown names as written', () => {
    const html = renderToStaticMarkup(
      fillNodes('Weereza {amount} ku {reference} {unknown}', { amount: createElement('strong', null, '12,500 UGX'), reference: 'DUUKA-7' }),
    );
    expect(html).toBe('Weereza <strong>12,500 UGX</strong> ku DUUKA-7 {unknown}');
  });
});
