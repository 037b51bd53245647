/**
 * The login, sign-up and forgotten-password pages' plain forms (src/server/http/sign-in-forms.ts), posted as a
 * browser without JavaScript posts them: a texted code asked and typed, refused in the page's language when wrong,
 * then a redirect with the login's cookies to the page the login was opened for, never off the store; the name
 * typed with the code names a new account and never renames one; the API's limits and code budgets count these
 * posts too; forms from other sites are refused; a password reset by SMS logs the shopper in.
 */
import { describe, expect, inject, it } from 'vitest';
import { api, url } from './client';
import type { FakeSms } from '../support/fake-africastalking';
import { outcomes as luganda } from '../../src/lib/i18n/lg/outcomes';
import { outcomes as swahili } from '../../src/lib/i18n/sw/outcomes';
import { outcomes as english } from '../../src/lib/i18n/en/outcomes';

type Page = { status: number; headers: Headers; html: string; cookies: Record<string, string> };

let addressCounter = 0;
/** Each test posts from its own address, so one test's limits never reach another's. */
const newAddress = () => `10.93.${(addressCounter >> 8) & 255}.${addressCounter++ & 255}`;
let numberCounter = 0;
const newNumber = () => {
  const digits = String((Date.now() * 13 + numberCounter++ * 7919 + Math.floor(Math.random() * 1000)) % 1_000_000).padStart(6, '0');
  return { local: `0701 ${digits.slice(0, 3)} ${digits.slice(3)}`, e164: `+256701${digits}` };
};
const storeOrigin = () => new URL(url('/')).origin;

/** Posts a form as a browser does, from the store's own page unless `headers` say otherwise; redirects are not followed. */
async function post(path: string, fields: Record<string, string>, address: string, headers: Record<string, string> = {}): Promise<Page> {
  const reply = await fetch(url(path), {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: storeOrigin(), 'X-Forwarded-For': address, ...headers },
    body: new URLSearchParams(fields),
  });
  const cookies = Object.fromEntries(reply.headers.getSetCookie().map((cookie) => cookie.split(';')[0]!.split(/=(.*)/s).slice(0, 2) as [string, string]));
  return { status: reply.status, headers: reply.headers, html: await reply.text(), cookies };
}

/** The page's words as a reader sees them (Astro escapes quotes and ampersands). */
const shown = (html: string) => html.replaceAll('&#39;', "'").replaceAll('&quot;', '"').replaceAll('&amp;', '&');
const alertOf = (page: Page) => /<p class="form-problem"[^>]*role="alert"[^>]*>([^<]*)</.exec(shown(page.html))?.[1];
const hidden = (page: Page, name: string) => new RegExp(`name="${name}" value="([^"]*)"`).exec(page.html)?.[1];

async function codeTo(e164: string, count: number): Promise<string> {
  for (let i = 0; i < 100; i++) {
    const state = await (await fetch(new URL('/__fake/state', inject('smsUrl')))).json();
    const texts = (state.messages as FakeSms[]).filter((message) => message.to === e164);
    if (texts.length >= count) return /^(\d{6}) /.exec(texts.at(-1)!.message)![1]!;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no ${count} texts to ${e164}`);
}

/** Asks for a login code on `path` and answers the code step's page. */
const askCode = (path: string, phone: string, address: string, redirect = '') =>
  post(path, { task: 'send_code', phone_number: phone, ...(redirect ? { redirect } : {}) }, address);

describe('logging in by a texted code on the login page', () => {
  it('asks the code, refuses a wrong one in Luganda, then logs in and goes back to the page asked for', async () => {
    const address = newAddress();
    const { e164, local } = newNumber();
    const asked = await askCode('/lg/auth/login?redirect=%2Flg%2Fcheckout', e164.replace('+256', '0'), address, '/lg/checkout');
    expect(asked.status).toBe(200);
    expect(asked.headers.get('Cache-Control')).toContain('no-store');
    expect(shown(asked.html)).toContain(`Tuweerezza koodi ku ${local}.`);
    const device = hidden(asked, 'device');
    expect(device).toMatch(/^device_[0-9a-f]{24}\./);

    const step = {
      task: 'verify_code',
      phone_number: hidden(asked, 'phone_number')!,
      device: device!,
      redirect: '/lg/checkout',
      name: 'Nakato Sarah Namubiru',
    };
    const wrong = await post('/lg/auth/login', { ...step, code: '000000' }, address);
    expect(wrong.status).toBe(400);
    expect(alertOf(wrong)).toBe(luganda.account.codeFailed);
    expect(wrong.cookies.duuka_session).toBeUndefined();
    expect(shown(wrong.html)).toContain('value="Nakato Sarah Namubiru"');

    // The address changed between the steps (a phone on mobile data): the device the page carried still names it.
    const right = await post('/lg/auth/login', { ...step, code: await codeTo(e164, 1) }, newAddress());
    expect(right.status).toBe(303);
    expect(right.headers.get('Location')).toBe('/lg/checkout');
    expect(right.cookies.duuka_session!.length).toBeGreaterThan(20);
    const handed = JSON.parse(decodeURIComponent(right.cookies.duuka_login!));
    expect(handed.token).toBe(decodeURIComponent(right.cookies.duuka_session!));
    expect(handed.profile).toMatchObject({ first_name: 'Nakato', last_name: 'Sarah Namubiru', name: 'Nakato Sarah Namubiru', phone_number: e164 });
    // The token works with the API, as a login by the API's does.
    const addresses = await api('/api/addresses', { headers: { Authorization: `Bearer ${handed.token}` } });
    expect(addresses.status).toBe(200);
  });

  it('names only a new account: the name typed at a later login leaves it as it is', async () => {
    const { e164 } = newNumber();
    const logIn = async (name: string, count: number) => {
      const address = newAddress();
      const asked = await askCode('/auth/login', e164, address);
      const fields = { task: 'verify_code', phone_number: e164, device: hidden(asked, 'device')!, name };
      const reply = await post('/auth/login', { ...fields, code: await codeTo(e164, count) }, address);
      expect(reply.status).toBe(303);
      return JSON.parse(decodeURIComponent(reply.cookies.duuka_login!)).profile;
    };
    expect(await logIn('Okello', 1)).toMatchObject({ first_name: 'Okello', last_name: '', name: 'Okello' });
    expect(await logIn('Somebody Else', 2)).toMatchObject({ first_name: 'Okello', name: 'Okello' });
  });

  it('refuses a number that is not Ugandan before any text is sent, in the page language', async () => {
    const reply = await askCode('/sw/auth/login', '0414 123', newAddress());
    expect(reply.status).toBe(400);
    expect(alertOf(reply)).toBe('Weka nambari ya simu ya Uganda, kama 0772 123 456');
    expect(shown(reply.html)).toContain('value="0414 123"');
  });
});

describe('where a login goes back to', () => {
  const cases: [redirect: string, page: string, location: string][] = [
    ['/lg/checkout?address=3', '/lg/auth/login', '/lg/checkout?address=3'],
    ['/cart', '/sw/auth/login', '/sw/cart'],
    ['//evil.example/x', '/auth/login', '/account'],
    ['https://evil.example/', '/lg/auth/login', '/lg/account'],
    ['/%2e//evil.example/x', '/auth/login', '/account'],
    ['/auth/register', '/auth/login', '/account'],
  ];
  for (const [redirect, page, location] of cases) {
    it(`redirect=${redirect} on ${page} goes to ${location}`, async () => {
      const address = newAddress();
      const email = `form.${Date.now()}.${addressCounter}@example.com`;
      const made = await api('/api/users/register', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': address },
        body: JSON.stringify({ email, password: 'Kampala-2026!', first_name: 'Apio', last_name: 'Grace' }),
      });
      expect(made.status).toBe(201);
      const reply = await post(page, { task: 'login', username: email, password: 'Kampala-2026!', redirect }, address);
      expect(reply.status).toBe(303);
      expect(reply.headers.get('Location')).toBe(location);
    });
  }
});

describe('what the form posts share with the API', () => {
  it('counts codes asked by the page and by the API against one budget per number and address, and says so in Swahili', async () => {
    const address = newAddress();
    const { e164 } = newNumber();
    const byApi = () =>
      api('/api/users/login', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': address },
        body: JSON.stringify({ task: 'send_code', phone_number: e164 }),
      });
    expect((await byApi()).status).toBe(200);
    expect((await byApi()).status).toBe(200);
    expect((await askCode('/sw/auth/login', e164, address)).status).toBe(200);
    const refused = await askCode('/sw/auth/login', e164, address);
    expect(refused.status).toBe(429);
    expect(alertOf(refused)).toContain(swahili.limit.codesAskedForNumber);
    expect((await byApi()).status).toBe(429);
  });

  it('counts wrong passwords typed on the page as the API counts them: the address is stopped after 10', async () => {
    const address = newAddress();
    const email = `guessed.${Date.now()}@example.com`;
    await api('/api/users/register', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': newAddress() },
      body: JSON.stringify({ email, password: 'Kampala-2026!', first_name: 'Apio', last_name: 'Grace' }),
    });
    for (let i = 0; i < 10; i++) {
      const wrong = await post('/auth/login', { task: 'login', username: email, password: `guess-${i}` }, address);
      expect(wrong.status).toBe(400);
      expect(alertOf(wrong)).toBe(english.account.loginFailed);
    }
    const stopped = await post('/auth/login', { task: 'login', username: email, password: 'Kampala-2026!' }, address);
    expect(stopped.status).toBe(429);
    expect(stopped.cookies.duuka_session).toBeUndefined();
  });

  it('refuses forms from other sites and logs nobody in', async () => {
    const email = `crossed.${Date.now()}@example.com`;
    const address = newAddress();
    await api('/api/users/register', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': address },
      body: JSON.stringify({ email, password: 'Kampala-2026!', first_name: 'Apio', last_name: 'Grace' }),
    });
    const fields = { task: 'login', username: email, password: 'Kampala-2026!' };
    const foreign: Record<string, string>[] = [{ Origin: 'https://evil.example' }, { Origin: storeOrigin(), 'Sec-Fetch-Site': 'cross-site' }];
    for (const headers of foreign) {
      const reply = await post('/lg/auth/login', fields, address, headers);
      expect(reply.status).toBe(403);
      expect(alertOf(reply)).toBe(luganda.request.notFromStorePage);
      expect(reply.cookies.duuka_session).toBeUndefined();
    }
  });
});

describe('signing up and resetting a password on the pages', () => {
  it('signs up with a password and goes back to the page asked for, logged in', async () => {
    const { e164 } = newNumber();
    const reply = await post(
      '/sw/auth/register',
      { task: 'register', first_name: 'Wanjiru', last_name: 'Achieng', phone_number: e164, email: '', password: 'Mombasa-2026!', redirect: '/sw/cart' },
      newAddress(),
    );
    expect(reply.status).toBe(303);
    expect(reply.headers.get('Location')).toBe('/sw/cart');
    expect(JSON.parse(decodeURIComponent(reply.cookies.duuka_login!)).profile).toMatchObject({ name: 'Wanjiru Achieng', phone_number: e164 });
  });

  it('logs the shopper in after a password reset by SMS, and the new password works', async () => {
    const { e164 } = newNumber();
    const made = await api('/api/users/register', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': newAddress() },
      body: JSON.stringify({ phone_number: e164, password: 'Kampala-2026!', first_name: 'Akello', last_name: 'Rose' }),
    });
    expect(made.status).toBe(201);
    const address = newAddress();
    const asked = await post('/auth/forgot-password', { task: 'request_password_reset', username: e164, redirect: '/cart' }, address);
    expect(asked.status).toBe(200);
    expect(shown(asked.html)).toContain(english.account.resetSentPhone);
    const fields = { task: 'reset_password', username: hidden(asked, 'username')!, device: hidden(asked, 'device')!, redirect: '/cart' };
    const wrong = await post('/auth/forgot-password', { ...fields, code: '000000', password: 'Entebbe-lake-2026' }, address);
    expect(wrong.status).toBe(400);
    expect(alertOf(wrong)).toBe(english.account.resetFailed);

    const reset = await post('/auth/forgot-password', { ...fields, code: await codeTo(e164, 1), password: 'Entebbe-lake-2026' }, address);
    expect(reset.status).toBe(303);
    expect(reset.headers.get('Location')).toBe('/cart');
    expect(JSON.parse(decodeURIComponent(reset.cookies.duuka_login!)).profile.id).toBe(made.body.data.id);
    const login = await api('/api/users/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': newAddress() },
      body: JSON.stringify({ username: e164, password: 'Entebbe-lake-2026' }),
    });
    expect(login.status).toBe(200);
  });
});
