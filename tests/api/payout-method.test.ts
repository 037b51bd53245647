/**
 * Where a vendor's payouts go (GET/POST /api/payouts/method): who may read and set it (signed out, a buyer, the
 * vendor, another vendor, an administrator), the phone checked by the networks' prefixes as a buyer's payment
 * phone is, the bank fields, and the vendor's text about a change, in its language, masked. Run on PostgreSQL as
 * well as PGlite.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { api } from './client';
import { call, login, register, type Caller } from './callers';
import { ADMIN } from './server.setup';
import type { FakeSms } from '../support/fake-africastalking';

const METHOD = '/api/payouts/method';
const SELLERS_ONLY = 'Only a vendor or an administrator can do this';
/** The vendors' password: the proof a new destination carries (tests/api/payout-proof.test.ts tries the others). */
const PROOF = { password: 'Kampala-2026!' };

let admin: Caller;
let buyer: Caller;
let vendor: Caller;
let otherVendor: Caller;
/** The vendor's shop phone, where its texts go: unique to this run. */
let vendorPhone: string;
let address = 0;
const newAddress = () => `10.38.${Math.floor(address / 250)}.${(address++ % 250) + 1}`;

/** A new account (registered from a page in `language`) whose shop on `phone` an administrator approved. */
async function newVendor(language: string, phone: string): Promise<Caller> {
  const email = `payout.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.com`;
  const registered = await api('/api/users/register', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': newAddress(), 'Accept-Language': language },
    body: JSON.stringify({ email, password: 'Kampala-2026!', first_name: 'Sanyu', last_name: 'Vendor' }),
  });
  expect(registered.status).toBe(201);
  const shopper = { id: registered.body.data.id, headers: { Authorization: `Bearer ${registered.body.data.token}` } };
  const shop = await call('/api/vendors', shopper, 'POST', {
    business_name: `Sanyu ${shopper.id}`,
    business_address: 'Plot 4, Ntinda',
    business_phone_number: phone,
  });
  expect(shop.status, shop.body.message).toBe(201);
  const approval = new FormData();
  approval.append('approved', '1');
  expect((await api(`/api/vendors/${shopper.id}?_method=PUT`, { method: 'POST', headers: admin.headers, body: approval })).status).toBe(200);
  return shopper;
}

/** The texts the fake Africa's Talking received for `phone` (E.164). */
async function textsTo(phone: string): Promise<FakeSms[]> {
  const state = (await (await fetch(new URL('/__fake/state', inject('smsUrl')))).json()) as { messages: FakeSms[] };
  return state.messages.filter((message) => message.to.split(',').includes(phone));
}

/** Waits until `count` texts reached `phone`; gives them. */
async function waitForTexts(phone: string, count: number): Promise<FakeSms[]> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const texts = await textsTo(phone);
    if (texts.length >= count || Date.now() > deadline) return texts;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

beforeAll(async () => {
  admin = await login(ADMIN.email, ADMIN.password, newAddress());
  buyer = await register(newAddress(), 'Okello');
  const digits = String(Date.now()).slice(-6);
  vendorPhone = `+256772${digits}`;
  vendor = await newVendor('lg-UG', `0772${digits}`);
  otherVendor = await newVendor('en-UG', `0701${digits}`);
});

describe('who may read and set a payout method', () => {
  it('asks a signed-out caller to log in, and refuses a buyer', async () => {
    expect((await call(METHOD, null)).status).toBe(401);
    expect((await call(METHOD, null, 'POST', { method: 'mtn_momo', phone: '0772123456' })).status).toBe(401);
    const read = await call(METHOD, buyer);
    expect([read.status, read.body.message]).toEqual([403, SELLERS_ONLY]);
    const write = await call(METHOD, buyer, 'POST', { method: 'mtn_momo', phone: '0772123456' });
    expect([write.status, write.body.message]).toEqual([403, 'Only a vendor can choose where its payouts go']);
  });

  it('gives a vendor that has chosen none null', async () => {
    const reply = await call(METHOD, otherVendor);
    expect([reply.status, reply.body.data]).toEqual([200, null]);
  });

  it('lets an administrator read a vendor’s, named by vendor_id, but not set it', async () => {
    const without = await call(METHOD, admin);
    expect([without.status, without.body.message]).toEqual([400, 'vendor_id: name the vendor whose payout method to read']);
    expect((await call(`${METHOD}?vendor_id=${buyer.id}`, admin)).status).toBe(404);
    expect((await call(`${METHOD}?vendor_id=${otherVendor.id}`, admin)).body.data).toBeNull();
    expect((await call(METHOD, admin, 'POST', { method: 'mtn_momo', phone: '0772123456' })).status).toBe(403);
  });
});

describe('choosing a payout method', () => {
  it('refuses a number that is not on the chosen network, or not a number, saying why', async () => {
    const airtelForMtn = await call(METHOD, vendor, 'POST', { method: 'mtn_momo', phone: '0701 234 567' });
    expect([airtelForMtn.status, airtelForMtn.body.message]).toEqual([400, 'That is not an MTN number: MTN Mobile Money numbers start with 076, 077 or 078']);
    const mtnForAirtel = await call(METHOD, vendor, 'POST', { method: 'airtel_money', phone: '+256 772 123 456' });
    expect([mtnForAirtel.status, mtnForAirtel.body.message]).toEqual([400, 'That is not an Airtel number: Airtel Money numbers start with 070, 074 or 075']);
    expect((await call(METHOD, vendor, 'POST', { method: 'mtn_momo', phone: '12345' })).body.message).toBe('Enter a Ugandan mobile number, e.g. 0772 123 456');
    expect((await call(METHOD, vendor, 'POST', { method: 'mtn_momo' })).body.message).toBe('Enter the MTN Mobile Money number your payouts go to');
    expect((await call(METHOD, vendor, 'POST', { method: 'paypal', phone: '0772123456' })).status).toBe(400);
    expect((await call(METHOD, vendor, 'POST', { method: 'mtn_momo', phone: 772123456 })).status).toBe(400);
    expect((await call(METHOD, vendor, 'POST', [{ method: 'mtn_momo', phone: '0772123456' }])).status).toBe(400);
  });

  it('requires the account name, number and bank for a bank payout', async () => {
    const missing = await call(METHOD, vendor, 'POST', { method: 'bank', account_name: 'Sanyu Traders', phone: '0772123456' });
    expect([missing.status, missing.body.message]).toEqual([400, 'A bank payout needs account_number, bank']);
    const badNumber = await call(METHOD, vendor, 'POST', { method: 'bank', account_name: 'Sanyu Traders', account_number: '12', bank: 'Stanbic' });
    expect(badNumber.status).toBe(400);
    expect((await call(METHOD, vendor)).body.data).toBeNull();
  });

  it('saves a mobile money number in E.164, and texts the vendor in its language with the number masked', async () => {
    const saved = await call(METHOD, vendor, 'POST', { method: 'mtn_momo', phone: '0772 123 456', bank: 'ignored', ...PROOF });
    expect(saved.status, saved.body.message).toBe(200);
    // A first destination is paid at once: nothing to wait for.
    const expected = { method: 'mtn_momo', phone: '+256772123456', account_name: '', account_number: '', bank: '', payouts_from: null };
    expect(saved.body.data).toEqual(expected);
    expect((await call(METHOD, vendor)).body.data).toEqual(expected);
    expect((await call(`${METHOD}?vendor_id=${vendor.id}`, admin)).body.data).toEqual(expected);

    const [text] = await waitForTexts(vendorPhone, 1);
    expect(text!.message).toBe("Duuka: ssente z'osasulwa zijja kugenda ku MTN MoMo +25677***3456. Si ggwe? Kuba +256 700 123 456 mangu.");
  });

  it('texts a change of destination with the old one and the new, and nothing when the destination stays', async () => {
    const bank = { method: 'bank', account_name: 'Sanyu Traders', account_number: '9030 0123 456789', bank: 'Stanbic Bank Uganda' };
    const saved = await call(METHOD, vendor, 'POST', { ...bank, ...PROOF });
    // A destination that replaces another waits a day (PAYOUT_METHOD_WAIT_HOURS) before runs pay it.
    expect(saved.body.data).toEqual({ ...bank, phone: '', payouts_from: expect.any(String) });
    expect(Date.parse(saved.body.data.payouts_from) - Date.now()).toBeGreaterThan(23.9 * 60 * 60_000);
    const texts = await waitForTexts(vendorPhone, 2);
    // With the link that undoes it (tests/api/payout-proof.test.ts follows it), in the vendor's language.
    expect(texts[1]!.message).toMatch(
      /^Duuka: ssente z'osasulwa kati zigenda ku akawunti ya bbanka \*\*\*6789, so si ku MTN MoMo \+25677\*\*\*3456 nate\. Si ggwe\? Gisazeemu: http:\/\/127\.0\.0\.1:\d+\/lg\/undo\/\d+\.[\w-]{12} oba kuba \+256 700 123 456\.$/,
    );
    // A new account name alone is the same destination: no proof, no text.
    expect((await call(METHOD, vendor, 'POST', { ...bank, account_name: 'Sanyu Traders Ltd' })).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(await textsTo(vendorPhone)).toHaveLength(2);
  });

  it('texts a change once when the same change is sent five times at once: each save waits for the one before', async () => {
    const otherPhone = vendorPhone.replace('+256772', '+256701');
    expect((await call(METHOD, otherVendor, 'POST', { method: 'mtn_momo', phone: '0772 111 222', ...PROOF })).status).toBe(200);
    await waitForTexts(otherPhone, 1);
    const saves = await Promise.all(
      Array.from({ length: 5 }, () => call(METHOD, otherVendor, 'POST', { method: 'airtel_money', phone: '0750 111 222', ...PROOF })),
    );
    expect(saves.map((reply) => reply.status)).toEqual([200, 200, 200, 200, 200]);
    const texts = await waitForTexts(otherPhone, 2);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(await textsTo(otherPhone)).toHaveLength(2);
    expect(texts[1]!.message).toMatch(
      /^Duuka: your payouts now go to Airtel Money \+25675\*\*\*1222, no longer to MTN MoMo \+25677\*\*\*1222\. Not you\? Undo it: http:\/\/127\.0\.0\.1:\d+\/undo\/\d+\.[\w-]{12} or call \+256 700 123 456\.$/,
    );
  });

  it('never shows a vendor another vendor’s method', async () => {
    const other = await call(`${METHOD}?vendor_id=${vendor.id}`, otherVendor);
    expect([other.status, other.body.message]).toEqual([403, 'You can only see your own payout method']);
    expect((await call(METHOD, otherVendor)).body.data).toMatchObject({ method: 'airtel_money', phone: '+256750111222' });
    expect((await call(`${METHOD}?vendor_id=${otherVendor.id}`, otherVendor)).status).toBe(200);
  });
});
