import type { APIContext } from 'astro';
import { describe, expect, it } from 'vitest';
import { outcomes as english, STAFF_ONLY_TABLES, type Outcomes } from '~/lib/i18n/en/outcomes';
import { outcomes as luganda } from '~/lib/i18n/lg/outcomes';
import { outcomes as swahili } from '~/lib/i18n/sw/outcomes';
import { outcomeIn } from '~/server/http/outcome-texts';
import { endpoint } from '~/server/http/errors';
import { fail, ok } from '~/server/http/envelope';
import { Invalid, NotFound } from '~/server/errors';
import { ACCOUNT_MESSAGES } from '~/lib/messages/account-messages';
import { CART_MESSAGES } from '~/lib/messages/cart-messages';
import { FIELD_MESSAGES } from '~/lib/messages/field-messages';
import { ORDER_MESSAGES } from '~/lib/messages/order-messages';
import { PRODUCT_MESSAGES } from '~/lib/messages/product-messages';
import { RETURN_MESSAGES } from '~/lib/messages/return-messages';
import { REVIEW_MESSAGES } from '~/lib/messages/review-messages';
import { MOBILE_MONEY_MESSAGES } from '~/lib/messages/mobile-money-messages';
import { NETWORK_PREFIXES } from '~/lib/mobile-money';

type Table = Record<string, string | ((...values: never[]) => string)>;
type Domain = keyof Outcomes;

const tableModules = import.meta.glob<Record<string, Table>>('../../src/lib/messages/*-messages.ts', { eager: true });
const allTables: Record<string, Table> = Object.assign({}, ...Object.values(tableModules));

const TRANSLATED = { lg: luganda, sw: swahili } as const;
const domains = Object.keys(english) as Domain[];
const entriesOf = (domain: Domain) => Object.entries(english[domain] as Table);

/**
 * Values to write each function entry with, as the services call them. A new function entry needs a line
 * here, and its text must read back (a probe in src/server/http/outcome-texts.ts when its values are not words).
 */
/**
 * Entries only messages say, never read back: their English leaves out what the other languages say (a field's own
 * word), or starts with a field the reader's table names in its own word.
 */
const SAID_ONLY_AS_MESSAGES = new Set(['field.named', 'field.asValidatorSays', 'product.stockBelowSold']);

const SAMPLES: Record<string, unknown[][]> = {
  'api.because': [['Failed to place order', 'Order not found']],
  'cart.added': [['Tecno Spark 20']],
  'search.synonymExists': [['essimu']],
  'search.historyLimit': [[50]],
  'category.notAParent': [['Phones']],
  'category.cannotGoUnder': [[3]],
  'category.nameTaken': [['Phones']],
  'category.hasSubcategories': [[2]],
  'category.hasProducts': [[14]],
  'product.tooManyPictures': [[8]],
  'product.stockBelowSold': [[5]],
  'field.atLeast': [[1], [10_000]],
  'field.atMost': [[99], [1_000_000]],
  'field.atLeastCharacters': [[2]],
  'field.atMostCharacters': [[60]],
  'field.oneOf': [['newest, oldest, highest']],
  'mobileMoney.networkName': [['mtn_momo'], ['airtel_money']],
  'mobileMoney.phoneMissing': [['mtn_momo'], ['airtel_money']],
  'mobileMoney.wrongNetwork': [
    ['mtn_momo', NETWORK_PREFIXES.mtn_momo],
    ['airtel_money', NETWORK_PREFIXES.airtel_money],
  ],
  'mobileMoney.approveHow': [['airtel_money', 'UGX 45,000', '0752 123 456']],
  'mobileMoney.notRegistered': [['mtn_momo']],
  'mobileMoney.networkProblem': [['mtn_momo'], ['airtel_money']],
  'mobileMoney.notSetUp': [['airtel_money']],
  'mobileMoney.wholeRefundsOnly': [['airtel_money']],
  'mobileMoney.refundRefused': [['mtn_momo']],
  'mobileMoney.refundWithoutId': [['airtel_money']],
  'mobileMoney.tooManyPrompts': [
    [3, 10, 7],
    [3, 10, 1],
  ],
  'order.tooManyUnpaid': [[5]],
  'order.noLongerForSale': [[4821]],
  'order.chooseColorFor': [['Tecno Spark 20']],
  'order.chooseSizeFor': [['Kitenge dress']],
  'order.priceChanged': [['Tecno Spark 20', 'UGX 450,000']],
  'order.outOfStock': [['Tecno Spark 20']],
  'order.onlyLeft': [[3, 'Tecno Spark 20']],
  'order.deliveryCostChanged': [['Ntinda', 'UGX 5,000']],
  'order.partCannotBecome': [['Kato Electronics', 'on the way', 'processing']],
  'order.orderCannotBecome': [['delivered', 'pending']],
  'payment.beingPaidBack': [['MTN Mobile Money']],
  'account.tooManyAddresses': [[10]],
  'field.atMostLines': [[50]],
  'field.named': [['items.0.quantity', 'quantity']],
  'field.asValidatorSays': [['Invalid input: expected string, received undefined', 'is required']],
  'field.oneOfThese': [['en, lg, sw']],
  'limit.tooMany': [['login attempts', '1 minute']],
  'limit.seconds': [[45]],
  'limit.minutes': [[12]],
  'queuedChange.wishlistAddRefused': [['Kakira Sugar 1kg', 'Product not found']],
  'queuedChange.wishlistRemoveRefused': [['Kakira Sugar 1kg', 'the shop is closed']],
  'queuedChange.reviewSaveRefused': [['Kakira Sugar 1kg', 'rating: must be a whole number from 1 to 5']],
  'queuedChange.reviewDeleteRefused': [['Kakira Sugar 1kg', 'Review not found']],
  'return.askRefused': [['only the buyer who placed the order can ask for a return']],
  'return.updateRefused': [['note: say why the return is refused']],
  'return.windowClosed': [['3 Oct 2026']],
  'return.tooMany': [
    ['Bell Lager 500ml', 0],
    ['Bell Lager 500ml', 2],
  ],
  'return.tooManyPhotos': [[3]],
  'return.cannotMove': [['refused', 'accepted']],
  'return.paidByGateway': [['Card (Stripe)']],
  'review.commentTooShort': [[10]],
  'review.commentTooLong': [[2000]],
  'upload.tooLarge': [[5 * 1024 * 1024]],
  'contentSafety.linkNotAllowed': [['javascript:alert(1)'], ['http://example.com/a: b']],
  'contentSafety.pictureNotAllowed': [['data:image/svg+xml,x']],
};

/** What the translated entry says for the values the English one was written with; words that are outcomes are said too. */
function expectedIn(language: 'lg' | 'sw', domain: Domain, key: string, values: unknown[]): string {
  const translatedValues = values.map((value) => (typeof value === 'string' ? outcomeIn(language, value) : value));
  return ((TRANSLATED[language][domain] as Table)[key] as (...values: unknown[]) => string)(...translatedValues);
}

describe('the outcome tables in Luganda and Swahili', () => {
  it('cover every table in src/lib/messages, or say why a table stays English', () => {
    const covered = new Set(Object.values(english));
    const uncovered = Object.entries(allTables)
      .filter(([, table]) => !covered.has(table as never))
      .map(([name]) => name);
    expect(uncovered.sort()).toEqual(Object.keys(STAFF_ONLY_TABLES).sort());
    for (const reason of Object.values(STAFF_ONLY_TABLES)) expect(reason.length).toBeGreaterThan(20);
  });

  it.each(['lg', 'sw'] as const)('%s: every entry is there, in its own words (not left in English)', (language) => {
    for (const domain of domains) {
      const table = TRANSLATED[language][domain] as Table;
      expect(Object.keys(table).sort(), domain).toEqual(Object.keys(english[domain]).sort());
      for (const [key, text] of entriesOf(domain)) {
        const translation = table[key]!;
        expect(typeof translation, `${domain}.${key}`).toBe(typeof text);
        if (typeof text === 'string') {
          expect(translation, `${domain}.${key}`).not.toBe(text);
          expect((translation as string).trim().length, `${domain}.${key}`).toBeGreaterThan(0);
        }
      }
    }
  });

  it('have samples for every function entry', () => {
    const functions = domains.flatMap((domain) => entriesOf(domain).flatMap(([key, entry]) => (typeof entry === 'function' ? [`${domain}.${key}`] : [])));
    expect(functions.filter((name) => !SAMPLES[name])).toEqual([]);
  });
});

describe('outcomeIn: the API says an English outcome in the language asked', () => {
  it.each(['lg', 'sw'] as const)('%s: every string entry of every table, word for word', (language) => {
    for (const domain of domains) {
      for (const [key, text] of entriesOf(domain)) {
        if (typeof text === 'string') expect(outcomeIn(language, text), `${domain}.${key}`).toBe((TRANSLATED[language][domain] as Table)[key]);
      }
    }
  });

  it.each(['lg', 'sw'] as const)('%s: every text a function entry writes, with its values in place', (language) => {
    for (const [name, samples] of Object.entries(SAMPLES)) {
      if (SAID_ONLY_AS_MESSAGES.has(name)) continue;
      const [domain, key] = name.split('.') as [Domain, string];
      for (const values of samples) {
        const written = ((english[domain] as Table)[key] as (...values: unknown[]) => string)(...values);
        expect(outcomeIn(language, written), `${name}(${values.join(', ')})`).toBe(expectedIn(language, domain, key, values));
      }
    }
  });

  it('says a failure joined to its reason, and a field joined to its rule, part by part', () => {
    const refusedQuantity = `${ORDER_MESSAGES.failed}: items.0.quantity: ${FIELD_MESSAGES.atLeast(1)}`;
    expect(outcomeIn('lg', refusedQuantity)).toBe(`${luganda.order.failed}: items.0.quantity: ${luganda.field.atLeast(1)}`);
    expect(outcomeIn('sw', refusedQuantity)).toBe(`${swahili.order.failed}: items.0.quantity: ${swahili.field.atLeast(1)}`);
    expect(outcomeIn('sw', `${REVIEW_MESSAGES.submitFailed}: ${REVIEW_MESSAGES.badRating}`)).toBe(
      `${swahili.review.submitFailed}: ${swahili.review.badRating}`,
    );
    expect(outcomeIn('lg', RETURN_MESSAGES.askRefused(RETURN_MESSAGES.tooMany('Bell Lager 500ml', 2)))).toBe(
      luganda.return.askRefused(luganda.return.tooMany('Bell Lager 500ml', 2)),
    );
  });

  it("keeps what it cannot find in English, and a field's name as the API spells it", () => {
    for (const unknown of ['parent_id: no such shelf', 'Reviews', 'price_2: Invalid input']) {
      expect(outcomeIn('lg', unknown)).toBe(unknown);
      expect(outcomeIn('sw', unknown)).toBe(unknown);
    }
    // A known failure with a reason written beside its rule: the failure is said, the reason stays as written.
    const priceChanged = `${ORDER_MESSAGES.failed}: the price of Tecno Spark 20 changed to UGX 450,000. Please check your cart`;
    expect(outcomeIn('sw', priceChanged)).toBe(`${swahili.order.failed}: ${swahili.order.priceChanged('Tecno Spark 20', 'UGX 450,000')}`);
    expect(outcomeIn('lg', `logo: ${english.upload.notImage}`)).toBe(`logo: ${luganda.upload.notImage}`);
  });

  it('gives English back as it is', () => {
    for (const text of [
      PRODUCT_MESSAGES.notFound,
      CART_MESSAGES.added('Tecno Spark 20'),
      `${ORDER_MESSAGES.failed}: items.0.quantity: ${FIELD_MESSAGES.atLeast(1)}`,
    ]) {
      expect(outcomeIn('en', text)).toBe(text);
    }
  });

  it('reads numbers written with thousands separators, and writes them so', () => {
    expect(outcomeIn('lg', `limit: ${FIELD_MESSAGES.atMost(1_000_000).replace('1000000', '1,000,000')}`)).toBe(`limit: ${luganda.field.atMost(1_000_000)}`);
    expect(luganda.field.atMost(1_000_000)).toContain('1,000,000');
  });

  it('leaves brand names as they are', () => {
    const wrong = MOBILE_MONEY_MESSAGES.wrongNetwork('mtn_momo', NETWORK_PREFIXES.mtn_momo);
    expect(outcomeIn('lg', wrong)).toContain('MTN Mobile Money');
    expect(outcomeIn('sw', wrong)).toMatch(/076, 077 au 078$/);
  });
});

describe('the endpoint wrapper answers in the language asked', () => {
  const context = (acceptLanguage?: string) => {
    const url = 'http://store.test/api/products/999999';
    const headers: Record<string, string> = acceptLanguage ? { 'Accept-Language': acceptLanguage } : {};
    return { request: new Request(url, { headers }), url: new URL(url) } as unknown as APIContext;
  };
  const notFound = endpoint(async () => {
    throw new NotFound(PRODUCT_MESSAGES.notFound);
  });
  const loggedIn = endpoint(async () => ok({ id: 7 }, ACCOUNT_MESSAGES.loggedIn));
  const refusedQuantity = endpoint(async () => {
    throw new Invalid(`${ORDER_MESSAGES.failed}: items.0.quantity: ${FIELD_MESSAGES.atLeast(1)}`);
  });

  it.each([
    ['lg-UG', 'lg-UG', luganda.product.notFound],
    ['sw', 'sw-UG', swahili.product.notFound],
    ['fr-FR, sw;q=0.8, en;q=0.5', 'sw-UG', swahili.product.notFound],
    ['en-GB, lg;q=0.9', 'en-UG', PRODUCT_MESSAGES.notFound],
    ['fr-FR', 'en-UG', PRODUCT_MESSAGES.notFound],
    [undefined, 'en-UG', PRODUCT_MESSAGES.notFound],
  ])('Accept-Language %s → %s', async (asked, tag, message) => {
    const reply = await notFound(context(asked));
    expect(reply.status).toBe(404);
    expect(reply.headers.get('Content-Language')).toBe(tag);
    expect(await reply.json()).toEqual({ code: 0, message, data: null });
  });

  it('says successes and composed refusals too', async () => {
    expect((await (await loggedIn(context('lg-UG'))).json()).message).toBe(luganda.account.loggedIn);
    const refused = await refusedQuantity(context('sw-UG'));
    expect(refused.status).toBe(400);
    expect((await refused.json()).message).toBe(`${swahili.order.failed}: items.0.quantity: ${swahili.field.atLeast(1)}`);
  });

  it('leaves an envelope built outside an endpoint as written, naming no language', async () => {
    const reply = fail(404, PRODUCT_MESSAGES.notFound);
    expect(reply.headers.get('Content-Language')).toBeNull();
    expect((await reply.json()).message).toBe(PRODUCT_MESSAGES.notFound);
  });
});
