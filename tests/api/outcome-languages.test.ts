import { beforeAll, describe, expect, it } from 'vitest';
import { api, type Reply } from './client';
import { register } from './callers';
import { PARTNER_ORIGIN } from './server.setup';
import { outcomes as english } from '~/lib/i18n/en/outcomes';
import { outcomes as luganda } from '~/lib/i18n/lg/outcomes';
import { outcomes as swahili } from '~/lib/i18n/sw/outcomes';

type Row = Record<string, any>;

let shopper: Awaited<ReturnType<typeof register>>;
let product: Row;
let locationId: number;

/** Each language a client may ask for, as it asks, the tag the reply names and the texts it must say. */
const ASKED = [
  ['lg-UG', 'lg-UG', luganda],
  ['sw', 'sw-UG', swahili],
  ['fr-FR, sw-KE;q=0.9, en;q=0.5', 'sw-UG', swahili],
] as const;

/** Asking for nothing, or only for languages the store does not speak, gets today's English. */
const ENGLISH = [[undefined], ['fr-FR, de;q=0.8'], ['en-GB']] as const;

const languageHeader = (asked: string | undefined): Record<string, string> => (asked ? { 'Accept-Language': asked } : {});

const wrongLogin = (asked: string | undefined, address: string) =>
  api('/api/users/login', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': address, ...languageHeader(asked) },
    body: JSON.stringify({ username: shopper.email, password: 'Not-the-password-1' }),
  });

const missingProduct = (asked: string | undefined) => api('/api/products/987654321', { headers: languageHeader(asked) });

const zeroQuantityOrder = (asked: string | undefined) =>
  api('/api/orders', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...shopper.headers, ...languageHeader(asked) },
    body: JSON.stringify({
      items: [{ product_id: product.id, quantity: 0 }],
      customer_name: 'Nakato Sarah',
      customer_phone: '0772 123 456',
      delivery_location_id: locationId,
      delivery_address: 'Plot 5, Ntinda Road',
      payment_gateway: 'cash_on_delivery',
    }),
  });

/** The reply names its language and says it varies by what was asked. */
function expectLanguage(reply: Reply, tag: string) {
  expect(reply.headers.get('content-language')).toBe(tag);
  expect(reply.headers.get('vary')).toMatch(/(^|,\s*)Accept-Language(\s*,|$)/);
}

beforeAll(async () => {
  shopper = await register('10.241.0.1', 'Namuli');
  product = (await api('/api/products?limit=1&in_stock=1')).body.data.data[0];
  locationId = (await api('/api/manifest')).body.data.delivery_locations[0].id;
});

describe('the API answers in the language the client asks for', () => {
  it.each(ASKED)('a refused login (%s)', async (asked, tag, texts) => {
    const reply = await wrongLogin(asked, '10.241.1.1');
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({ code: 0, message: texts.account.loginFailed, data: null });
    expectLanguage(reply, tag);
  });

  it.each(ASKED)('a product not found (%s)', async (asked, tag, texts) => {
    const reply = await missingProduct(asked);
    expect(reply.status).toBe(404);
    expect(reply.body).toEqual({ code: 0, message: texts.product.notFound, data: null });
    expectLanguage(reply, tag);
  });

  it.each(ASKED)('an order line with an invalid quantity: the failure and the rule, the field named as sent (%s)', async (asked, tag, texts) => {
    const reply = await zeroQuantityOrder(asked);
    expect(reply.status).toBe(400);
    expect(reply.body.message).toBe(`${texts.order.failed}: ${texts.field.named('items.0.quantity', texts.fieldName.quantity)}: ${texts.field.atLeast(1)}`);
    expectLanguage(reply, tag);
  });

  it.each(ASKED)('a success, a missing login and an unknown path (%s)', async (asked, tag, texts) => {
    const placed = await api('/api/users/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': '10.241.1.2', ...languageHeader(asked) },
      body: JSON.stringify({ username: shopper.email, password: 'Kampala-2026!' }),
    });
    expect(placed.status).toBe(200);
    expect(placed.body.message).toBe(texts.account.loggedIn);
    expectLanguage(placed, tag);

    const anonymous = await api('/api/orders', { headers: languageHeader(asked) });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.message).toBe(texts.api.unauthenticated);

    const unknown = await api('/api/no-such-thing', { headers: languageHeader(asked) });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(texts.api.notFound);
    expectLanguage(unknown, tag);
  });

  it.each(ASKED)('a body refused before the store reads it (%s)', async (asked, tag, texts) => {
    const reply = await api('/api/users/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': '10.241.1.3', ...languageHeader(asked) },
      body: JSON.stringify({ username: 'x', padding: 'x'.repeat(80 * 1024) }),
    });
    expect(reply.status).toBe(413);
    expect(reply.body.message).toBe(texts.request.tooLarge);
    expectLanguage(reply, tag);
  });
});

describe('many clients at once', () => {
  it('each get their own language, however their requests interleave', async () => {
    const asked = Array.from({ length: 30 }, (_, i) => (['lg-UG', 'sw-UG', undefined] as const)[i % 3]);
    const replies = await Promise.all(
      asked.map((language) => (language === undefined || language === 'lg-UG' ? missingProduct(language) : zeroQuantityOrder(language))),
    );
    replies.forEach((reply, i) => {
      const language = asked[i];
      if (language === 'sw-UG')
        expect(reply.body.message, `request ${i}`).toBe(
          `${swahili.order.failed}: ${swahili.field.named('items.0.quantity', swahili.fieldName.quantity)}: ${swahili.field.atLeast(1)}`,
        );
      else expect(reply.body.message, `request ${i}`).toBe(language === 'lg-UG' ? luganda.product.notFound : english.product.notFound);
      expect(reply.headers.get('content-language'), `request ${i}`).toBe(language ?? 'en-UG');
    });
  });
});

describe('a client that asks for none of the store’s languages', () => {
  it.each(ENGLISH)('gets exactly the English texts (Accept-Language %s)', async (asked) => {
    const login = await wrongLogin(asked, '10.241.2.1');
    expect(login.body).toEqual({ code: 0, message: english.account.loginFailed, data: null });
    expectLanguage(login, 'en-UG');
    const missing = await missingProduct(asked);
    expect(missing.body).toEqual({ code: 0, message: english.product.notFound, data: null });
    const quantity = await zeroQuantityOrder(asked);
    expect(quantity.body.message).toBe(`${english.order.failed}: items.0.quantity: ${english.field.atLeast(1)}`);
    expectLanguage(quantity, 'en-UG');
  });

  it('keeps the data of a reply the same in every language: only the message is said differently', async () => {
    const [inEnglish, inLuganda] = await Promise.all([
      api(`/api/products/${product.id}`),
      api(`/api/products/${product.id}`, { headers: { 'Accept-Language': 'lg-UG' } }),
    ]);
    expect(inLuganda.body.data).toEqual(inEnglish.body.data);
    expect(inLuganda.body.code).toBe(1);
  });

  it('still varies by Origin for a listed origin, beside Accept-Language', async () => {
    const reply = await api('/api/products?limit=1', { headers: { Origin: PARTNER_ORIGIN, 'Accept-Language': 'sw' } });
    expect(reply.headers.get('access-control-allow-origin')).toBe(PARTNER_ORIGIN);
    expect(reply.headers.get('vary')).toContain('Origin');
    expect(reply.headers.get('vary')).toContain('Accept-Language');
  });
});
