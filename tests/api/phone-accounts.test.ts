/**
 * Accounts by Ugandan phone number: registering and logging in with the number in any writing, one-time codes
 * texted through the fake Africa's Talking (sent, verified once from where they were asked, expired, stopped after
 * 5 wrong tries, limited per number and per address), a password reset by SMS, and a new number that checks out
 * with a code alone. What strangers cannot do to an owner's codes is in phone-code-owners.test.ts.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { api } from './client';
import { smsEnv } from './server.setup';
import { startStore, type RunningStore } from '../support/server';
import { gsm7Length, isGsm7 } from '../../src/lib/gsm7';
import { FAKE_AT_API_KEY, FAKE_AT_USERNAME, type FakeSms } from '../support/fake-africastalking';

type Row = Record<string, any>;

let addressCounter = 0;
/** Each test acts from its own address, so one test's rate limits never reach another's. */
const newAddress = () => `10.77.${(addressCounter >> 8) & 255}.${addressCounter++ & 255}`;
let numberCounter = 0;
/** A number no other test (or earlier run on the same database) uses: 0772 or 0701 and seven digits. */
const newNumber = (prefix = '772') => {
  const digits = String((Date.now() * 7 + numberCounter++ * 7919 + Math.floor(Math.random() * 1000)) % 1_000_000).padStart(6, '0');
  return { local: `0${prefix} ${digits.slice(0, 3)} ${digits.slice(3)}`, e164: `+256${prefix}${digits}` };
};

function post(body: Row, address = newAddress(), headers: Record<string, string> = {}, pathname = '/api/users/login', base?: string) {
  const init = { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': address, ...headers }, body: JSON.stringify(body) };
  return base ? fetch(new URL(pathname, base), init).then(async (r) => ({ status: r.status, headers: r.headers, body: await r.json() })) : api(pathname, init);
}
const register = (body: Row, address = newAddress()) => post(body, address, {}, '/api/users/register');
const sendCode = (phone: string, address = newAddress(), headers: Record<string, string> = {}) =>
  post({ task: 'send_code', phone_number: phone }, address, headers);
const verifyCode = (phone: string, code: string, address = newAddress(), extra: Row = {}) =>
  post({ task: 'verify_code', phone_number: phone, code, ...extra }, address);

const sentTo = async (e164: string): Promise<FakeSms[]> => {
  const state = await (await fetch(new URL('/__fake/state', inject('smsUrl')))).json();
  return (state.messages as FakeSms[]).filter((message) => message.to === e164);
};

/** The texts to the number once there are `count` of them (texts go out just after the reply). */
async function textsTo(e164: string, count = 1): Promise<FakeSms[]> {
  for (let i = 0; i < 100; i++) {
    const texts = await sentTo(e164);
    if (texts.length >= count) return texts;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no ${count} texts to ${e164}: ${JSON.stringify(await sentTo(e164))}`);
}

/** The code in the newest text to the number, once `count` texts have come. */
const codeIn = async (e164: string, count = 1) => /^(\d{6}) /.exec((await textsTo(e164, count)).at(-1)!.message)![1]!;

const PASSWORD = 'Kampala-2026!';
const auth = (user: Row) => ({ Authorization: `Bearer ${user.token}`, 'User-Id': String(user.id) });

describe('registering and logging in with a phone number', () => {
  it('takes the number in every common writing, keeps it as E.164, and needs no email', async () => {
    for (const writing of [
      (d: string) => `0772 ${d.slice(0, 3)} ${d.slice(3)}`,
      (d: string) => `+256772${d}`,
      (d: string) => `256 772 ${d}`,
      (d: string) => `772-${d}`,
    ]) {
      const { e164 } = newNumber();
      const reply = await register({ phone_number: writing(e164.slice(7)), password: PASSWORD, first_name: 'Nakato', last_name: 'Sarah' });
      expect(reply.status, JSON.stringify(reply.body)).toBe(201);
      expect(reply.body.data).toMatchObject({ username: e164, login_phone: e164, phone_number: e164, email: '', first_name: 'Nakato' });
      expect(reply.body.data.token.length).toBeGreaterThan(5);
    }
  });

  it('logs in with the number, written any way, as username or phone_number', async () => {
    const { e164 } = newNumber();
    const made = await register({ username: `0${e164.slice(4)}`, password: PASSWORD, first_name: 'Okello', last_name: 'Peter' });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    for (const body of [{ username: e164 }, { username: `256 ${e164.slice(4, 7)} ${e164.slice(7)}` }, { phone_number: `0${e164.slice(4)}` }]) {
      const reply = await post({ ...body, password: PASSWORD });
      expect(reply.status, JSON.stringify(reply.body)).toBe(200);
      expect(reply.body.data.id).toBe(made.body.data.id);
      expect(reply.body.message).toBe('Login successful');
    }
  });

  it('gives a number one account, and says the same for a wrong password and an unknown number', async () => {
    const { e164 } = newNumber();
    expect((await register({ phone_number: e164, password: PASSWORD, first_name: 'A', last_name: 'B' })).status).toBe(201);
    const again = await register({ phone_number: `0${e164.slice(4)}`, password: PASSWORD, first_name: 'C', last_name: 'D' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Registration failed: an account with this phone number already exists');

    const wrong = await post({ username: e164, password: 'not-the-password' });
    const unknown = await post({ username: newNumber().e164, password: 'not-the-password' });
    expect([wrong.status, unknown.status]).toEqual([400, 400]);
    expect(wrong.body.message).toBe('Login failed: the phone number or password is not correct');
    expect(unknown.body.message).toBe(wrong.body.message);
  });

  it('refuses a registration with neither number nor email, and a number that is not a Ugandan mobile', async () => {
    const none = await register({ password: PASSWORD, first_name: 'A', last_name: 'B' });
    expect(none.status).toBe(400);
    expect(none.body.message).toBe('Registration failed: give a phone number or an email');
    const landline = await register({ phone_number: '0414 123 456', password: PASSWORD, first_name: 'A', last_name: 'B' });
    expect(landline.status).toBe(400);
    expect(landline.body.message).toBe('phone_number: must be a Ugandan mobile number like 0772 123 456');
  });

  it('keeps email registration and login as they were, with an optional number beside the email', async () => {
    const email = `phone.${Date.now()}.${Math.random().toString(36).slice(2, 7)}@example.com`;
    const { e164 } = newNumber('701');
    const made = await register({ username: email, email, password: PASSWORD, first_name: 'Apio', last_name: 'Grace', phone_number: e164 });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body.data).toMatchObject({ username: email, email, login_phone: e164 });
    expect((await post({ username: email, password: PASSWORD })).status).toBe(200);
    expect((await post({ username: e164, password: PASSWORD })).status).toBe(200);
  });
});

describe('one-time codes by SMS', () => {
  it('texts a 6-digit code in one GSM-7 SMS that logs a new number in, making its account, and works once', async () => {
    const { local, e164 } = newNumber();
    const phone = newAddress();
    const sent = await sendCode(local, phone);
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body).toMatchObject({ code: 1, message: 'We sent a code by SMS. It works for 10 minutes.', data: null });
    const [text] = await textsTo(e164);
    expect(text!.message).toMatch(/^\d{6} is your Duuka code\. It works for 10 minutes\./);
    expect(isGsm7(text!.message)).toBe(true);
    expect(gsm7Length(text!.message)).toBeLessThanOrEqual(160);
    expect(text!.username).toBe(FAKE_AT_USERNAME);

    const code = await codeIn(e164);
    const first = await verifyCode(e164, code, phone, { first_name: 'Namuli' });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data).toMatchObject({ username: e164, login_phone: e164, phone_number: e164, email: '', first_name: 'Namuli', user_type: 'Customer' });
    expect(first.headers.get('set-cookie')).toContain('HttpOnly');
    const me = await api('/api/manifest', { headers: auth(first.body.data) });
    expect(me.body.data.user.id).toBe(first.body.data.id);

    const reused = await verifyCode(e164, code, phone);
    expect(reused.status).toBe(400);
    expect(reused.body.message).toBe('Login failed: the code is wrong or has expired');

    // A new code logs the same number into the same account; it has no password to log in with.
    await sendCode(e164, phone);
    const second = await verifyCode(e164, await codeIn(e164, 2), phone);
    expect(second.body.data.id).toBe(first.body.data.id);
    expect((await post({ username: e164, password: '' })).status).toBe(400);
  });

  it('writes the code in Luganda and Swahili for pages in those languages, still one GSM-7 SMS', async () => {
    for (const [tag, start] of [
      ['lg-UG', /^\d{6} ye koodi yo eya Duuka\. Ekola okumala eddakiika 10\./],
      ['sw-UG', /^\d{6} ni msimbo wako wa Duuka\. Unafanya kazi kwa dakika 10\./],
    ] as const) {
      const { e164 } = newNumber();
      const phone = newAddress();
      const sent = await sendCode(e164, phone, { 'Accept-Language': tag });
      expect(sent.status).toBe(200);
      const [text] = await textsTo(e164);
      expect(text!.message).toMatch(start);
      expect(isGsm7(text!.message), text!.message).toBe(true);
      expect(gsm7Length(text!.message)).toBeLessThanOrEqual(160);
      const made = await post({ task: 'verify_code', phone_number: e164, code: await codeIn(e164) }, phone, { 'Accept-Language': tag });
      expect(made.body.data.language).toBe(tag.slice(0, 2));
    }
  });

  it('stops a code after 5 wrong tries: the right one is refused after them, and a new code works', async () => {
    const { e164 } = newNumber();
    const phone = newAddress();
    await sendCode(e164, phone);
    const code = await codeIn(e164);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      const reply = await verifyCode(e164, wrong, phone);
      expect(reply.status).toBe(400);
      expect(reply.body.message).toBe('Login failed: the code is wrong or has expired');
    }
    const late = await verifyCode(e164, code, phone);
    expect(late.status).toBe(429);
    expect(late.body.message).toBe('Login failed: too many wrong codes. Request a new code.');
    await sendCode(e164, phone);
    expect((await verifyCode(e164, await codeIn(e164, 2), phone)).status).toBe(200);
  });

  it('keeps a code working when another is asked for, and ends every pending code once one is used', async () => {
    const { e164 } = newNumber();
    const phone = newAddress();
    await sendCode(e164, phone);
    const older = await codeIn(e164);
    await sendCode(e164, phone);
    const newer = await codeIn(e164, 2);
    expect((await verifyCode(e164, older, phone)).status).toBe(200);
    expect((await verifyCode(e164, newer, phone)).status).toBe(400);
  });

  it('answers the same for a number with an account and one without', async () => {
    const { e164 } = newNumber();
    await register({ phone_number: e164, password: PASSWORD, first_name: 'A', last_name: 'B' });
    const known = await sendCode(e164);
    const unknown = await sendCode(newNumber().e164);
    expect([known.status, known.body]).toEqual([unknown.status, unknown.body]);
    const knownReset = await post({ task: 'request_password_reset', username: e164 });
    const unknownNumber = newNumber().e164;
    const unknownReset = await post({ task: 'request_password_reset', username: unknownNumber });
    expect(knownReset.body).toEqual(unknownReset.body);
    expect(knownReset.body.message).toBe('Password reset code sent to your phone');
    await textsTo(e164, 2);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await sentTo(unknownNumber)).toEqual([]);
  });

  it('limits code requests per number and address, per number, and per address, with Retry-After', async () => {
    const { e164 } = newNumber();
    const address = newAddress();
    for (let i = 0; i < 3; i++) expect((await sendCode(e164, address)).status).toBe(200);
    const fourth = await sendCode(e164, address);
    expect(fourth.status).toBe(429);
    expect(Number(fourth.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(fourth.body.message).toMatch(/^Too many codes asked for this number\. Please wait \d+ minutes? and try again\.$/);

    for (let i = 0; i < 3; i++) expect((await sendCode(e164)).status).toBe(200);
    const seventh = await sendCode(e164);
    expect(seventh.status).toBe(429);
    expect(seventh.body.message).toMatch(/^Too many codes sent to this number\./);
    expect(await sentTo(e164)).toHaveLength(6);

    const busy = newAddress();
    for (let i = 0; i < 30; i++) expect((await sendCode(newNumber('701').e164, busy)).status).toBe(200);
    const flood = await sendCode(newNumber('701').e164, busy);
    expect(flood.status).toBe(429);
    expect(flood.body.message).toMatch(/^Too many codes asked from this address\./);
    expect(Number(flood.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('refuses a number that is not a Ugandan mobile, and a verify without a code', async () => {
    const bad = await sendCode('12345');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('phone_number: must be a Ugandan mobile number like 0772 123 456');
    const noCode = await post({ task: 'verify_code', phone_number: newNumber().e164 });
    expect(noCode.status).toBe(400);
    expect(noCode.body.message).toBe('code: is required');
  });
});

describe('password reset by SMS', () => {
  it('texts a reset code that sets a new password once, ending old sessions', async () => {
    const { local, e164 } = newNumber();
    const made = await register({ phone_number: local, password: PASSWORD, first_name: 'Mukasa', last_name: 'John' });
    const phone = newAddress();
    const sent = await post({ task: 'request_password_reset', username: local }, phone);
    expect(sent.status).toBe(200);
    const [text] = await textsTo(e164);
    expect(text!.message).toMatch(/^\d{6} is your Duuka password reset code\./);
    const code = await codeIn(e164);

    const weak = await post({ task: 'reset_password', phone_number: e164, code, password: 'short' }, phone);
    expect(weak.status).toBe(400);
    const wrong = await post({ task: 'reset_password', phone_number: e164, code: code === '000000' ? '111111' : '000000', password: 'Jinja-nile-2026' }, phone);
    expect(wrong.body.message).toBe('Failed to reset password: the code is wrong or has expired');
    // A login code is not a reset code.
    await sendCode(e164, phone);
    const loginCode = await codeIn(e164, 2);
    expect((await post({ task: 'reset_password', phone_number: e164, code: loginCode, password: 'Jinja-nile-2026' }, phone)).status).toBe(400);

    const done = await post({ task: 'reset_password', phone_number: `256${e164.slice(4)}`, code, password: 'Jinja-nile-2026' }, phone);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.message).toBe('Password reset successfully');
    expect((await post({ task: 'reset_password', phone_number: e164, code, password: 'Another-2026!' }, phone)).status).toBe(400);
    expect((await post({ username: e164, password: PASSWORD })).status).toBe(400);
    expect((await post({ username: e164, password: 'Jinja-nile-2026' })).status).toBe(200);
    expect((await post({}, newAddress(), auth(made.body.data), '/api/users/logout')).status).toBe(401);
  });

  it('stops a reset code after 5 wrong tries', async () => {
    const { e164 } = newNumber();
    await register({ phone_number: e164, password: PASSWORD, first_name: 'A', last_name: 'B' });
    const phone = newAddress();
    await post({ task: 'request_password_reset', phone_number: e164 }, phone);
    const code = await codeIn(e164);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) await post({ task: 'reset_password', phone_number: e164, code: wrong, password: 'Jinja-nile-2026' }, phone);
    const late = await post({ task: 'reset_password', phone_number: e164, code, password: 'Jinja-nile-2026' }, phone);
    expect(late.status).toBe(429);
    expect(late.body.message).toBe('Failed to reset password: too many wrong codes. Request a new code.');
  });
});

describe('checking out with nothing but a phone', () => {
  it('a new number gets a code, logs in with it, saves an address and places an order', async () => {
    const { local, e164 } = newNumber();
    const address = newAddress();
    await sendCode(local, address);
    const shopper = (await verifyCode(local, await codeIn(e164), address)).body.data;
    const headers = { 'Content-Type': 'application/json', ...auth(shopper) };
    const location = (await api('/api/manifest')).body.data.delivery_locations[0];
    const product = ((await api('/api/products?limit=50&in_stock=1')).body.data.data as Row[]).find((p) => p.has_colors !== 'Yes' && p.has_sizes !== 'Yes')!;
    const order = await api('/api/orders', {
      method: 'POST',
      headers,
      body: JSON.stringify({
        items: [{ product_id: product.id, quantity: 1, price: Number(product.price_1) }],
        customer_name: 'Namuli Ruth',
        customer_phone: local,
        delivery_location_id: location.id,
        delivery_address: 'Plot 9, Kira Road',
        payment_gateway: 'cash_on_delivery',
      }),
    });
    expect(order.status, JSON.stringify(order.body)).toBe(201);
    expect(order.body.data.payment_status).toBe('PAY_ON_DELIVERY');
    // The order's own text follows the code to the same phone.
    const texts = await textsTo(e164, 2);
    expect(texts.at(-1)!.message).toContain(`#${order.body.data.id}`);
  });
});

describe('codes expire', () => {
  let store: RunningStore;
  beforeAll(async () => {
    store = await startStore({
      databaseUrl: process.env.API_DATABASE_URL || undefined,
      env: { SEED_ON_START: '0', PHONE_CODE_SECONDS: '2', ...smsEnv({ baseUrl: inject('smsUrl'), username: FAKE_AT_USERNAME, apiKey: FAKE_AT_API_KEY }) },
    });
  }, 180_000);
  afterAll(async () => {
    await store?.stop();
  });

  it('refuses a code once its time is over', async () => {
    const { e164 } = newNumber();
    const address = newAddress();
    expect((await post({ task: 'send_code', phone_number: e164 }, address, {}, '/api/users/login', store.baseUrl)).status).toBe(200);
    const code = await codeIn(e164);
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    const late = await post({ task: 'verify_code', phone_number: e164, code }, address, {}, '/api/users/login', store.baseUrl);
    expect(late.status).toBe(400);
    expect(late.body.message).toBe('Login failed: the code is wrong or has expired');
  });
});
