/**
 * Where a vendor's payouts go is guarded by the owner: a new payout destination, shop phone or vendor's own phone
 * needs a fresh proof (the password, or a code texted by POST /api/payouts/method/code to the phone on record before
 * the change); each change is texted and mailed to the phone and address before it; the wait counts from the proved
 * change; and the link in the text undoes a change. Run on PostgreSQL as well as PGlite (two changes with one code,
 * two undos at once).
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { api } from './client';
import { call, login, type Caller } from './callers';
import { ADMIN } from './server.setup';
import { mailsIn } from '../support/outbox';
import type { FakeSms } from '../support/fake-africastalking';

const METHOD = '/api/payouts/method';
const CODE = '/api/payouts/method/code';
const PASSWORD = 'Kampala-2026!';
const PROOF_REQUIRED = 'This change needs proof that it is you: send your password (password) or the code we text to your phone on record (code)';
const CODE_WRONG = 'code: the code is wrong or has expired. Ask for a new one.';
const UNDO_LINK = /https?:\/\/[^\s]+\/undo\/\d+\.[\w-]{12}/;

type Vendor = Caller & { email: string; phone: string };

let admin: Caller;
let address = 0;
const newAddress = () => `10.48.${Math.floor(address / 250)}.${(address++ % 250) + 1}`;
const digits = String(Date.now()).slice(-6);
/** A number of this run: `0772` + a suffix gives +256772<suffix-of-6>. */
const phone = (prefix: string, n: number) => ({ local: `${prefix}${String((Number(digits) + n) % 1_000_000).padStart(6, '0')}` });
const e164 = (local: string) => `+256${local.slice(1)}`;

/** A new account whose shop on `shopPhone` an administrator approved; registered from a page in `language`. */
async function newVendor(shopPhone: string, language = 'en-UG'): Promise<Vendor> {
  const email = `proof.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.com`;
  const registered = await api('/api/users/register', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': newAddress(), 'Accept-Language': language },
    body: JSON.stringify({ email, password: PASSWORD, first_name: 'Sanyu', last_name: 'Vendor' }),
  });
  expect(registered.status).toBe(201);
  const vendor = { id: registered.body.data.id, email, phone: e164(shopPhone), headers: { Authorization: `Bearer ${registered.body.data.token}` } };
  const shop = await call('/api/vendors', vendor, 'POST', {
    business_name: `Sanyu ${vendor.id}`,
    business_address: 'Plot 4, Ntinda',
    business_phone_number: shopPhone,
  });
  expect(shop.status, shop.body.message).toBe(201);
  expect((await call(`/api/vendors/${vendor.id}`, admin, 'PUT', { approved: 1 })).status).toBe(200);
  return vendor;
}

/** The texts the fake Africa's Talking received for `number` (E.164). */
async function textsTo(number: string): Promise<FakeSms[]> {
  const state = (await (await fetch(new URL('/__fake/state', inject('smsUrl')))).json()) as { messages: FakeSms[] };
  return state.messages.filter((message) => message.to.split(',').includes(number));
}

/** Waits until `count` texts reached `number`; gives them. */
async function waitForTexts(number: string, count: number): Promise<FakeSms[]> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const texts = await textsTo(number);
    if (texts.length >= count || Date.now() > deadline) return texts;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const CODE_TEXT = /^\d{6} is your Duuka code to confirm a change to your payouts or phone\./;

/**
 * Asks for a code and reads it from the text that reached the vendor's phone on record. A text about an earlier
 * change is sent after its reply, so it may arrive while the code is asked for: the code is the new code text.
 */
async function textedCode(vendor: Vendor): Promise<string> {
  const codesBefore = (await textsTo(vendor.phone)).filter((text) => CODE_TEXT.test(text.message)).length;
  const asked = await call(CODE, vendor, 'POST');
  expect(asked.status, asked.body.message).toBe(200);
  const deadline = Date.now() + 10_000;
  for (;;) {
    const codes = (await textsTo(vendor.phone)).filter((text) => CODE_TEXT.test(text.message));
    if (codes.length > codesBefore) return codes.at(-1)!.message.slice(0, 6);
    expect(Date.now(), 'no code was texted within 10 s').toBeLessThan(deadline);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The undo page at `link`: GET to read it, POST (from the store's own page) to undo. */
async function undoPage(link: string, method: 'GET' | 'POST' = 'GET', origin = inject('baseUrl')) {
  const target = new URL(new URL(link).pathname, inject('baseUrl'));
  const response = await fetch(target, { method, headers: method === 'POST' ? { Origin: origin.replace(/\/$/, '') } : {} });
  return { status: response.status, html: await response.text() };
}

beforeAll(async () => {
  admin = await login(ADMIN.email, ADMIN.password, newAddress());
});

describe('a stolen vendor session', () => {
  it('cannot move the phones or the payouts without the owner’s proof, and each proved move is texted to the number before it', async () => {
    const shop = phone('0772', 1).local;
    const vendor = await newVendor(shop);
    expect((await call(METHOD, vendor, 'POST', { method: 'mtn_momo', phone: shop, password: PASSWORD })).status).toBe(200);
    await waitForTexts(vendor.phone, 1);

    // What the thief did: the shop's phone, then the account's, then the payouts, each with the session alone.
    const thiefPhone = phone('0701', 2).local;
    const shopMove = await call(`/api/vendors/${vendor.id}`, vendor, 'PUT', { business_phone_number: thiefPhone });
    expect([shopMove.status, shopMove.body.message]).toEqual([403, PROOF_REQUIRED]);
    const ownMove = await call('/api/update-profile', vendor, 'POST', { first_name: 'Sanyu', last_name: 'Vendor', phone_number_1: thiefPhone });
    expect([ownMove.status, ownMove.body.message]).toEqual([403, PROOF_REQUIRED]);
    const payoutMove = await call(METHOD, vendor, 'POST', { method: 'airtel_money', phone: thiefPhone });
    expect([payoutMove.status, payoutMove.body.message]).toEqual([403, PROOF_REQUIRED]);
    const guessed = await call(METHOD, vendor, 'POST', { method: 'airtel_money', phone: thiefPhone, password: 'Kampala-2025!' });
    expect([guessed.status, guessed.body.message]).toEqual([400, 'password: is not correct']);
    const madeUp = await call(METHOD, vendor, 'POST', { method: 'airtel_money', phone: thiefPhone, code: '123456' });
    expect([madeUp.status, madeUp.body.message]).toEqual([400, CODE_WRONG]);

    // Nothing moved, and the thief's number heard nothing.
    expect((await call(METHOD, vendor)).body.data).toMatchObject({ method: 'mtn_momo', phone: vendor.phone });
    expect((await api(`/api/vendors/${vendor.id}`)).body.data.business_phone_number).toBe(shop);
    expect(await textsTo(e164(thiefPhone))).toEqual([]);
    // The same number in another writing is no change and needs no proof.
    expect((await call(`/api/vendors/${vendor.id}`, vendor, 'PUT', { business_phone_number: e164(shop), intro: 'Kettles' })).status).toBe(200);

    // The owner moves the shop's phone with the password: the number before it is told, and the new one.
    const newShop = phone('0752', 3).local;
    const moved = await call(`/api/vendors/${vendor.id}`, vendor, 'PUT', { business_phone_number: newShop, password: PASSWORD });
    expect(moved.status, moved.body.message).toBe(200);
    const told = "Duuka: your shop's phone is now " + `${e164(newShop).slice(0, 6)}***${newShop.slice(-4)}. Not you? Call +256 700 123 456 at once.`;
    expect((await waitForTexts(vendor.phone, 2)).at(-1)!.message).toBe(told);
    expect((await waitForTexts(e164(newShop), 1)).at(-1)!.message).toBe(told);
  });

  it('refuses in the language asked', async () => {
    const vendor = await newVendor(phone('0782', 4).local);
    const refused = await api(METHOD, {
      method: 'POST',
      headers: { ...vendor.headers, 'Content-Type': 'application/json', 'Accept-Language': 'sw' },
      body: JSON.stringify({ method: 'mtn_momo', phone: '0772 000 111' }),
    });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toMatch(/^Badiliko hili linahitaji uthibitisho/);
  });
});

describe('POST /api/payouts/method/code', () => {
  it('texts a code to the phone on record that proves one change, once', async () => {
    expect((await call(CODE, null, 'POST')).status).toBe(401);
    const vendor = await newVendor(phone('0762', 5).local);
    const asked = await call(CODE, vendor, 'POST');
    const masked = `${vendor.phone.slice(0, 6)}***${vendor.phone.slice(-4)}`;
    expect(asked.body).toEqual({ code: 1, message: `We texted a code to ${masked}. It works for 10 minutes.`, data: { sent_to: masked, minutes: 10 } });
    const [text] = await waitForTexts(vendor.phone, 1);
    const code = text!.message.slice(0, 6);

    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    expect((await call(METHOD, vendor, 'POST', { method: 'mtn_momo', phone: '0772 600 100', code: wrong })).body.message).toBe(CODE_WRONG);
    const saved = await call(METHOD, vendor, 'POST', { method: 'mtn_momo', phone: '0772 600 100', code });
    expect(saved.status, saved.body.message).toBe(200);
    const again = await call(METHOD, vendor, 'POST', { method: 'airtel_money', phone: '0752 600 100', code });
    expect([again.status, again.body.message]).toEqual([400, CODE_WRONG]);
  });

  it('sends at most 3 codes to an account in 15 minutes, and none to an account without a mobile', async () => {
    const vendor = await newVendor(phone('0742', 6).local);
    for (let i = 0; i < 2; i++) expect((await call(CODE, vendor, 'POST')).status).toBe(200);
    expect((await call(CODE, vendor, 'POST')).status).toBe(200);
    const fourth = await call(CODE, vendor, 'POST');
    expect(fourth.status).toBe(429);
    expect(fourth.body.message).toMatch(/^Too many codes sent to this number\. Please wait/);

    const buyer = await api('/api/users/register', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': newAddress() },
      body: JSON.stringify({ email: `nophone.${Date.now()}@example.com`, password: PASSWORD, first_name: 'Apio', last_name: 'Tester' }),
    });
    const none = await call(CODE, { id: buyer.body.data.id, headers: { Authorization: `Bearer ${buyer.body.data.token}` } }, 'POST');
    expect([none.status, none.body.message]).toEqual([400, 'There is no mobile number on record to text a code to: give your password instead']);
  });
});

describe('a proved change', () => {
  it('is mailed to the address on record, with the link that undoes a new destination', async () => {
    const vendor = await newVendor(phone('0772', 7).local);
    expect((await call(METHOD, vendor, 'POST', { method: 'mtn_momo', phone: '0772 700 100', password: PASSWORD })).status).toBe(200);
    expect(
      (
        await call(METHOD, vendor, 'POST', {
          method: 'bank',
          account_name: 'Sanyu',
          account_number: '9030 0123 4567',
          bank: 'Stanbic',
          code: await textedCode(vendor),
        })
      ).status,
    ).toBe(200);
    const mails = await mailsIn(inject('outboxDir'), vendor.email, 2);
    expect(mails.map((mail) => mail.subject)).toEqual(['Your Duuka payouts go to a new place', 'Your Duuka payouts go to a new place']);
    expect(mails[0]!.text).toContain('Your payouts will go to MTN MoMo +25677***0100.');
    expect(mails[1]!.text).toContain('Your payouts now go to bank account ***4567, no longer to MTN MoMo +25677***0100.');
    expect(mails[1]!.text).toMatch(UNDO_LINK);
  });

  it('of a vendor’s own phone and email is mailed to the address before it and the one after, and texted to the phone on record', async () => {
    const vendor = await newVendor(phone('0701', 8).local);
    const newEmail = `moved.${Date.now()}@example.com`;
    const newPhone = phone('0752', 9).local;
    const changed = await call('/api/update-profile', vendor, 'POST', {
      first_name: 'Sanyu',
      last_name: 'Vendor',
      phone_number_1: newPhone,
      email: newEmail,
      code: await textedCode(vendor),
    });
    expect(changed.status, changed.body.message).toBe(200);
    expect(changed.body.data).toMatchObject({ email: newEmail, phone_number: newPhone });
    for (const to of [vendor.email, newEmail]) {
      const [mail] = await mailsIn(inject('outboxDir'), to, 1);
      expect(mail!.subject).toBe('Your Duuka account details changed');
      expect(mail!.text).toContain(`Your account's phone: ${e164(newPhone).slice(0, 6)}***${newPhone.slice(-4)} (was -)`);
      expect(mail!.text).toContain(`Your account's email: m***@example.com (was p***@example.com)`);
    }
    // The shop's phone stays the number on record: it hears of it.
    expect((await waitForTexts(vendor.phone, 2)).at(-1)!.message).toMatch(
      /^Duuka: your account's phone is now .*; your account's email is now m\*\*\*@example\.com\. Not you\?/,
    );
  });

  it('starts the wait from the proof, not from asking for the code', async () => {
    const vendor = await newVendor(phone('0782', 10).local);
    expect((await call(METHOD, vendor, 'POST', { method: 'mtn_momo', phone: '0772 800 100', password: PASSWORD })).status).toBe(200);
    const code = await textedCode(vendor);
    const asked = Date.now();
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const proved = Date.now();
    const saved = await call(METHOD, vendor, 'POST', { method: 'airtel_money', phone: '0752 800 100', code });
    expect(saved.status, saved.body.message).toBe(200);
    const resumes = Date.parse(saved.body.data.payouts_from);
    expect(resumes).toBeGreaterThanOrEqual(proved + 24 * 60 * 60_000 - 1_000);
    expect(resumes - asked).toBeGreaterThan(24 * 60 * 60_000 + 1_000);
  });
});

describe('the undo link', () => {
  it('asks first, then puts the earlier destination back with the wait it had, once', async () => {
    const vendor = await newVendor(phone('0772', 11).local, 'lg-UG');
    expect((await call(METHOD, vendor, 'POST', { method: 'mtn_momo', phone: '0772 900 100', password: PASSWORD })).status).toBe(200);
    expect((await call(METHOD, vendor, 'POST', { method: 'airtel_money', phone: '0752 900 100', password: PASSWORD })).status).toBe(200);
    const texts = await waitForTexts(vendor.phone, 2);
    const link = UNDO_LINK.exec(texts[1]!.message)![0];
    expect(new URL(link).pathname).toMatch(/^\/lg\/undo\//);
    expect(texts[1]!.message.length).toBeLessThanOrEqual(306);

    // Opening the link (a phone's preview too) changes nothing.
    const page = await undoPage(link);
    expect(page.status).toBe(200);
    expect(page.html).toContain('Airtel Money +25675***0100');
    expect((await call(METHOD, vendor)).body.data).toMatchObject({ method: 'airtel_money' });
    // A form from another site is refused.
    expect((await undoPage(link, 'POST', 'https://evil.example')).status).toBe(403);
    expect((await call(METHOD, vendor)).body.data).toMatchObject({ method: 'airtel_money' });

    const undone = await undoPage(link, 'POST');
    expect(undone.status).toBe(200);
    expect(undone.html).toContain('Enkyukakyuka esaziddwamu');
    // The first destination was trusted: paid at once again.
    expect((await call(METHOD, vendor)).body.data).toEqual({
      method: 'mtn_momo',
      phone: '+256772900100',
      account_name: '',
      account_number: '',
      bank: '',
      payouts_from: null,
    });
    expect((await waitForTexts(vendor.phone, 3))[2]!.message).toBe(
      "Duuka: ssente z'osasulwa kati zigenda ku MTN MoMo +25677***0100, so si ku Airtel Money +25675***0100 nate. Si ggwe? Kuba +256 700 123 456 mangu.",
    );
    expect((await undoPage(link, 'POST')).status).toBe(409);
    expect((await undoPage(link)).status).toBe(404);
    // A link with a signature the store did not make undoes nothing.
    expect((await undoPage(link.replace(/\.[\w-]{12}$/, '.AAAAAAAAAAAA'))).status).toBe(404);
  });

  it('undoes only the latest change', async () => {
    const vendor = await newVendor(phone('0701', 12).local);
    expect((await call(METHOD, vendor, 'POST', { method: 'mtn_momo', phone: '0772 910 100', password: PASSWORD })).status).toBe(200);
    expect((await call(METHOD, vendor, 'POST', { method: 'airtel_money', phone: '0752 910 100', password: PASSWORD })).status).toBe(200);
    expect((await call(METHOD, vendor, 'POST', { method: 'airtel_money', phone: '0752 910 200', password: PASSWORD })).status).toBe(200);
    const texts = await waitForTexts(vendor.phone, 3);
    expect((await undoPage(UNDO_LINK.exec(texts[1]!.message)![0], 'POST')).status).toBe(409);
    expect((await undoPage(UNDO_LINK.exec(texts[2]!.message)![0], 'POST')).status).toBe(200);
    expect((await call(METHOD, vendor)).body.data).toMatchObject({ method: 'airtel_money', phone: '+256752910100', payouts_from: expect.any(String) });
  });
});

describe('at the same moment', () => {
  it('one code proves one change: of two changes sent with it at once, one is made', async () => {
    const vendor = await newVendor(phone('0762', 13).local);
    expect((await call(METHOD, vendor, 'POST', { method: 'mtn_momo', phone: '0772 920 100', password: PASSWORD })).status).toBe(200);
    const code = await textedCode(vendor);
    const tries = await Promise.all([
      call(METHOD, vendor, 'POST', { method: 'airtel_money', phone: '0752 920 100', code }),
      call(METHOD, vendor, 'POST', { method: 'airtel_money', phone: '0752 920 200', code }),
    ]);
    expect(tries.map((reply) => reply.status).sort()).toEqual([200, 400]);
    const made = tries.find((reply) => reply.status === 200)!.body.data.phone;
    expect((await call(METHOD, vendor)).body.data.phone).toBe(made);
  });

  it('two undos of one change at once: one puts the destination back, the other is refused', async () => {
    const vendor = await newVendor(phone('0742', 14).local);
    expect((await call(METHOD, vendor, 'POST', { method: 'mtn_momo', phone: '0772 930 100', password: PASSWORD })).status).toBe(200);
    expect((await call(METHOD, vendor, 'POST', { method: 'airtel_money', phone: '0752 930 100', password: PASSWORD })).status).toBe(200);
    const link = UNDO_LINK.exec((await waitForTexts(vendor.phone, 2))[1]!.message)![0];
    const undos = await Promise.all([undoPage(link, 'POST'), undoPage(link, 'POST')]);
    expect(undos.map((undo) => undo.status).sort()).toEqual([200, 409]);
    expect((await call(METHOD, vendor)).body.data).toMatchObject({ method: 'mtn_momo', phone: '+256772930100' });
    // Restored once: one text about it.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(await textsTo(vendor.phone)).toHaveLength(3);
  });
});
