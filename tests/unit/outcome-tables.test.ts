/**
 * The outcome tables in Luganda and Swahili: every shopper's table translated entry for entry, and a message said
 * through the endpoint wrapper in the language a request asks for.
 */
import type { APIContext } from 'astro';
import { describe, expect, it } from 'vitest';
import { outcomes as english, STAFF_ONLY_TABLES, type Outcomes } from '~/lib/i18n/en/outcomes';
import { outcomes as luganda } from '~/lib/i18n/lg/outcomes';
import { outcomes as swahili } from '~/lib/i18n/sw/outcomes';
import { endpoint } from '~/server/http/errors';
import { fail, ok } from '~/server/http/envelope';
import { Invalid, NotFound } from '~/server/errors';
import { fieldRefusal } from '~/server/input-refusals';
import { message, type MessageValue } from '~/lib/messages/message';
import { sayMessage } from '~/lib/messages/say-message';
import { PRODUCT_MESSAGES } from '~/lib/messages/product-messages';
import { NETWORK_PREFIXES } from '~/lib/mobile-money';

type Table = Record<string, string | ((...values: never[]) => string)>;
type Domain = keyof Outcomes;

const tableModules = import.meta.glob<Record<string, Table>>('../../src/lib/messages/*-messages.ts', { eager: true });
const allTables: Record<string, Table> = Object.assign({}, ...Object.values(tableModules));

const TRANSLATED = { lg: luganda, sw: swahili } as const;
const domains = Object.keys(english) as Domain[];
const entriesOf = (domain: Domain) => Object.entries(english[domain] as Table);

/** Values to write each function entry with, as the services call them: a new function entry needs a line here. */
const SAMPLES: Record<string, unknown[][]> = {
  'api.because': [['Failed to place order', 'Order not found']],
  'cart.added': [['Tecno Spark 20']],
  'order.wrongHandoverCode': [[4], [1]],
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
  'order.cashOffFor': [['Tecno Spark 20']],
  'order.onlyLeft': [[3, 'Tecno Spark 20']],
  'order.deliveryCostChanged': [['Ntinda', 'UGX 5,000']],
  'order.partCannotBecome': [['Kato Electronics', 'on the way', 'processing']],
  'order.orderCannotBecome': [['delivered', 'pending']],
  'payment.beingPaidBack': [['MTN Mobile Money']],
  'payment.gatewayNotSetUp': [['Pesapal']],
  'payment.gatewayTooSlow': [['Pesapal']],
  'payment.gatewayUnreachable': [['Stripe']],
  'payment.gatewayCouldNot': [
    ['Stripe', message('payment', 'startThePayment'), message('payment', 'replyWithoutPage')],
    ['Pesapal', message('payment', 'checkThePayment'), 'Invalid order tracking id.'],
  ],
  'payment.keysRefused': [
    ['Pesapal', 'invalid_consumer_key_or_secret_provided'],
    ['Pesapal', ''],
  ],
  'payment.noAccessToken': [['Pesapal']],
  'payment.notificationUrlNotRegistered': [['Pesapal']],
  'payment.noPaymentPage': [['Pesapal']],
  'payment.answeredHttp': [['Pesapal', 500]],
  'payment.unreadableAnswer': [['Pesapal']],
  'payment.answeredStatus': [['Pesapal', '500']],
  'payment.reportedError': [['Pesapal']],
  'payment.unexpectedReply': [[502]],
  'payment.refundIs': [['failed']],
  'payment.linesDoNotAddUp': [['UGX 10,000', 'UGX 12,000']],
  'payment.cardMinimum': [['UGX 2,000', 'UGX 1,500']],
  'payment.earlierStillOpen': [[message('payment', 'gatewayUnreachable', 'Stripe')]],
  'field.notAfter': [['to']],
  'field.atMostDaysAfter': [[3660, 'from']],
  'account.tooManyAddresses': [[10]],
  'changeProof.codeSent': [['+25677***4567', 10]],
  'field.atMostLines': [[50]],
  'field.named': [['items.0.quantity', 'quantity']],
  'field.asValidatorSays': [['Invalid input: expected string, received undefined', 'is required']],
  'field.oneOfThese': [['en, lg, sw']],
  'limit.tooMany': [['login attempts', '1 minute']],
  'limit.passwordChecksBusy': [['1 second'], ['3 seconds']],
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

/** Function entries that only join their values (a failure and its reason) or say a brand's name: alike in every language. */
const SAID_ALIKE = new Set(['api.because', 'mobileMoney.networkName']);

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

  it.each(['lg', 'sw'] as const)('%s: every function entry writes its samples in its own words', (language) => {
    const alike = Object.entries(SAMPLES).flatMap(([name, samples]) =>
      samples.flatMap((values) => {
        const said = { key: name, values: values as MessageValue[] };
        const translated = sayMessage(said, language);
        expect(translated.trim().length, name).toBeGreaterThan(0);
        return translated === sayMessage(said, 'en') ? [name] : [];
      }),
    );
    expect([...new Set(alike)].sort()).toEqual([...SAID_ALIKE].sort());
  });
});

describe('the endpoint wrapper answers in the language asked', () => {
  const context = (acceptLanguage?: string) => {
    const url = 'http://store.test/api/products/999999';
    const headers: Record<string, string> = acceptLanguage ? { 'Accept-Language': acceptLanguage } : {};
    return { request: new Request(url, { headers }), url: new URL(url) } as unknown as APIContext;
  };
  const notFound = endpoint(async () => {
    throw new NotFound(message('product', 'notFound'));
  });
  const loggedIn = endpoint(async () => ok({ id: 7 }, message('account', 'loggedIn')));
  const refusedQuantity = endpoint(async () => {
    throw new Invalid(message('api', 'because', message('order', 'failed'), fieldRefusal('items.0.quantity', message('field', 'atLeast', 1))));
  });

  it.each([
    ['lg-UG', 'lg-UG', luganda.product.notFound],
    ['sw', 'sw-UG', swahili.product.notFound],
    ['fr-FR, sw;q=0.8, en;q=0.5', 'sw-UG', swahili.product.notFound],
    ['en-GB, lg;q=0.9', 'en-UG', PRODUCT_MESSAGES.notFound],
    ['fr-FR', 'en-UG', PRODUCT_MESSAGES.notFound],
    [undefined, 'en-UG', PRODUCT_MESSAGES.notFound],
  ])('Accept-Language %s → %s', async (asked, tag, said) => {
    const reply = await notFound(context(asked));
    expect(reply.status).toBe(404);
    expect(reply.headers.get('Content-Language')).toBe(tag);
    expect(await reply.json()).toEqual({ code: 0, message: said, data: null });
  });

  it('says successes and composed refusals too, a field in its own word with the API name after it', async () => {
    expect((await (await loggedIn(context('lg-UG'))).json()).message).toBe(luganda.account.loggedIn);
    const refused = await refusedQuantity(context('sw-UG'));
    expect(refused.status).toBe(400);
    expect((await refused.json()).message).toBe(
      `${swahili.order.failed}: ${swahili.field.named('items.0.quantity', swahili.fieldName.quantity)}: ${swahili.field.atLeast(1)}`,
    );
    const english = await refusedQuantity(context());
    expect((await english.json()).message).toBe('Failed to place order: items.0.quantity: must be at least 1');
  });

  it('says an envelope built outside an endpoint in English, naming no language', async () => {
    const reply = fail(404, message('product', 'notFound'));
    expect(reply.headers.get('Content-Language')).toBeNull();
    expect((await reply.json()).message).toBe(PRODUCT_MESSAGES.notFound);
  });
});
