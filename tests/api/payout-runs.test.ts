/**
 * Payout runs pay each vendor once. A store of its own (no payout days, minimum UGX 10,000) on the suite's
 * database kind: vendors get available earnings and payout methods written into the database (tests/support/
 * payout-money.ts; on PGlite while the store is stopped), then administrators run payouts, five at once and again,
 * hold and release vendors, and mark bank payouts paid or failed. Every route is tried by every kind of caller.
 * On PostgreSQL, two stores on one database run payouts at the same moment and still pay each vendor once, and two
 * stores whose payout day it is start that day's run once.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ADMIN, smsEnv } from './server.setup';
import { startStore, type RunningStore } from '../support/server';
import { giveAvailableEarnings, onDatabase, setLanguage, setPayoutMethod, setShopPhone } from '../support/payout-money';
import { eq, like } from 'drizzle-orm';
import type { Database } from '../../src/server/db/client';
import { payoutAccounts, payoutRuns } from '../../src/server/db/schema';
import { FAKE_AT_API_KEY, FAKE_AT_USERNAME, type FakeSms } from '../support/fake-africastalking';
import type { FakeTransfersState } from '../../src/server/fakes/fake-transfers';

type Row = Record<string, any>;
type Who = { id: number; headers: Record<string, string> };

const databaseUrl = inject('databaseDriver') === 'postgres' ? process.env.API_DATABASE_URL : undefined;
const dataDir = databaseUrl ? undefined : mkdtempSync(path.join(os.tmpdir(), 'payout-runs-'));
const BANK = { method: 'bank', account_name: 'Nakato Traders', account_number: '0140012345678', bank: 'Stanbic' } as const;

let store: RunningStore;
/** The suite's disbursement fakes: on PostgreSQL the suite's store shares the database and settles payouts too, with them. */
const mtn = { baseUrl: inject('mtnMomoDisbursementUrl') };
const airtel = { baseUrl: inject('airtelDisbursementUrl') };
let addresses = 0;

const storeEnv = () => ({
  ...inject('paymentFakesEnv'),
  ...smsEnv({ baseUrl: inject('smsUrl'), username: FAKE_AT_USERNAME, apiKey: FAKE_AT_API_KEY }),
  // A transfer whose answer is lost is given up on quickly, and learned of by asking its status.
  MTN_MOMO_TIMEOUT_MS: '2000',
  AIRTEL_TIMEOUT_MS: '2000',
  ADMIN_EMAIL: ADMIN.email,
  ADMIN_PASSWORD: ADMIN.password,
  PAYOUT_DAYS: '',
  PAYOUT_MINIMUM: '10000',
  SEED_ON_START: '0',
});

const startOwnStore = (env: Record<string, string> = {}) =>
  startStore({ databaseUrl, env: { ...storeEnv(), ...(dataDir ? { DATA_DIR: dataDir } : {}), ...env } });

/** Writes into the store's database; on PGlite the store stops meanwhile (one process holds its folder). */
async function onStoreDatabase(work: (db: Database) => Promise<void>): Promise<void> {
  if (databaseUrl) return onDatabase({ url: databaseUrl }, work);
  await store.stop();
  await onDatabase({ dataDir }, work);
  store = await startOwnStore();
}

async function onStore(pathname: string, who: Who | null = null, method = 'GET', body?: unknown, base = store.baseUrl): Promise<{ status: number; body: Row }> {
  const response = await fetch(new URL(pathname, base), {
    method,
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': `10.238.${addresses % 250}.7`, ...(who?.headers ?? {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Row };
}

async function login(email: string, password: string): Promise<Who> {
  const reply = await onStore('/api/users/login', null, 'POST', { username: email, password });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return { id: reply.body.data.id, headers: { Authorization: `Bearer ${reply.body.data.token}` } };
}

async function newAccount(firstName: string): Promise<Who> {
  addresses++;
  const reply = await onStore('/api/users/register', null, 'POST', {
    email: `payouts.${Date.now()}.${addresses}@example.com`,
    password: 'Kampala-2026!',
    first_name: firstName,
    last_name: 'Tester',
  });
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
  return { id: reply.body.data.id, headers: { Authorization: `Bearer ${reply.body.data.token}` } };
}

/** A new approved vendor. */
async function newVendor(admin: Who, name: string): Promise<Who> {
  const vendor = await newAccount(name);
  const shop = await onStore('/api/vendors', vendor, 'POST', {
    business_name: `${name} Traders`,
    business_address: 'Plot 4, Kampala Road',
    business_phone_number: '0772 123 999',
  });
  expect(shop.status, JSON.stringify(shop.body)).toBe(201);
  const approval = new FormData();
  approval.append('approved', '1');
  const approved = await fetch(new URL(`/api/vendors/${vendor.id}?_method=PUT`, store.baseUrl), { method: 'POST', headers: admin.headers, body: approval });
  expect(approved.status).toBe(200);
  return vendor;
}

const runPayouts = (admin: Who, base = store.baseUrl) => onStore('/api/payouts/run', admin, 'POST', undefined, base);

/** Every payout of the vendor, as an administrator lists them. */
async function payoutsOf(admin: Who, vendorId: number): Promise<Row[]> {
  const reply = await onStore(`/api/payouts?vendor_id=${vendorId}&per_page=100`, admin);
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply.body.data.data;
}

const fakeState = async (fake: { baseUrl: string }): Promise<FakeTransfersState> =>
  (await (await fetch(new URL('/__fake/state', fake.baseUrl))).json()) as FakeTransfersState;
const fakeSwitch = async (fake: { baseUrl: string }, action: string, body: unknown) => {
  const reply = await fetch(new URL(`/__fake/${action}`, fake.baseUrl), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(reply.status, await reply.clone().text()).toBe(200);
};

/**
 * The transfers a fake made to a wallet (its number's last nine digits). The clients send a call again when its
 * first try's fate is unknown, under the same reference, which the network refuses: every call made counts once.
 */
async function transfersTo(fake: { baseUrl: string }, phone: string) {
  const state = await fakeState(fake);
  const made = state.transfers.filter((transfer) => transfer.msisdn.endsWith(phone.slice(-9)));
  const references = new Set(made.map((transfer) => transfer.reference));
  const calls = state.received.filter((call) => call.msisdn.endsWith(phone.slice(-9)));
  expect(calls.every((call) => references.has(call.reference))).toBe(true);
  return made;
}

/** Waits until the vendor's newest payout has left PENDING (the reconciler's rounds are 15 s apart). */
const settled = (vendorId: number) =>
  expect.poll(async () => (await payoutsOf(admin, vendorId))[0]?.status, { timeout: 45_000, interval: 500 }).not.toBe('PENDING');

const smsTo = async (phone: string): Promise<FakeSms[]> =>
  (((await (await fetch(new URL('/__fake/state', inject('smsUrl')))).json()) as Row).messages as FakeSms[]).filter((text) => text.to === phone);

let admin: Who;
let buyer: Who;
/** Paid by bank: UGX 25,000 + 15,000 and 60,000. */
let bankA: Who;
let bankB: Who;
let underMinimum: Who;
let withoutMethod: Who;
let held: Who;
/** Chooses its payout method in its test, then changes it: the new destination waits. */
let newDestination: Who;
/** Paid by mobile money: MTN at once; Airtel declined (its number ends in 13); MTN whose answer is lost (97); MTN pending until decided (98). */
let mtnPaid: Who;
let airtelDeclined: Who;
let mtnLost: Who;
let mtnPending: Who;
const PHONES = { mtnPaid: '+256772500100', airtelDeclined: '+256752500113', mtnLost: '+256772500197', mtnPending: '+256772500198' };

beforeAll(async () => {
  store = await startOwnStore();
  admin = await login(ADMIN.email, ADMIN.password);
  buyer = await newAccount('Okello');
  [bankA, bankB, underMinimum, withoutMethod, held] = [
    await newVendor(admin, 'Nakato'),
    await newVendor(admin, 'Wasswa'),
    await newVendor(admin, 'Achieng'),
    await newVendor(admin, 'Mugisha'),
    await newVendor(admin, 'Kyomuhendo'),
  ];
  newDestination = await newVendor(admin, 'Tumusiime');
  [mtnPaid, airtelDeclined, mtnLost, mtnPending] = [
    await newVendor(admin, 'Nansubuga'),
    await newVendor(admin, 'Odongo'),
    await newVendor(admin, 'Byaruhanga'),
    await newVendor(admin, 'Atim'),
  ];
  await onStoreDatabase(async (db) => {
    await giveAvailableEarnings(db, bankA.id, [25_000, 15_000]);
    await giveAvailableEarnings(db, bankB.id, [60_000]);
    await giveAvailableEarnings(db, underMinimum.id, [6_000, 3_999]);
    await giveAvailableEarnings(db, withoutMethod.id, [50_000]);
    await giveAvailableEarnings(db, held.id, [30_000]);
    await giveAvailableEarnings(db, newDestination.id, [45_000]);
    await setPayoutMethod(db, [bankA.id, bankB.id, underMinimum.id, held.id], BANK);
    await setShopPhone(db, bankA.id, '0772 400 101');
    await setShopPhone(db, bankB.id, '0772 400 102');
    await setLanguage(db, [bankB.id], 'lg');
    await giveAvailableEarnings(db, mtnPaid.id, [12_000, 8_000]);
    await giveAvailableEarnings(db, airtelDeclined.id, [15_000]);
    await giveAvailableEarnings(db, mtnLost.id, [33_000]);
    await giveAvailableEarnings(db, mtnPending.id, [21_000]);
    await setPayoutMethod(db, [mtnPaid.id], { method: 'mtn_momo', phone: PHONES.mtnPaid });
    await setPayoutMethod(db, [airtelDeclined.id], { method: 'airtel_money', phone: PHONES.airtelDeclined });
    await setPayoutMethod(db, [mtnLost.id], { method: 'mtn_momo', phone: PHONES.mtnLost });
    await setPayoutMethod(db, [mtnPending.id], { method: 'mtn_momo', phone: PHONES.mtnPending });
    await setShopPhone(db, mtnPaid.id, PHONES.mtnPaid);
    await setLanguage(db, [mtnPaid.id], 'sw');
  });
  admin = await login(ADMIN.email, ADMIN.password);
}, 400_000);

afterAll(async () => {
  await store?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('a payout run', () => {
  it('skips a held vendor, and pays each vendor once when five runs start at once', async () => {
    const hold = await onStore('/api/payouts/holds', admin, 'POST', { vendor_id: held.id, reason: 'Investigating a complaint' });
    expect(hold.status, JSON.stringify(hold.body)).toBe(200);
    expect(hold.body.data).toMatchObject({ vendor_id: held.id, reason: 'Investigating a complaint' });
    const holds = await onStore('/api/payouts/holds', admin);
    expect(holds.body.data).toEqual([expect.objectContaining({ vendor_id: held.id, vendor_name: 'Kyomuhendo Traders', reason: 'Investigating a complaint' })]);

    const runs = await Promise.all(Array.from({ length: 5 }, () => runPayouts(admin)));
    for (const run of runs) expect(run.status, JSON.stringify(run.body)).toBe(200);
    expect(runs.reduce((sum, run) => sum + run.body.data.payouts, 0)).toBe(6);
    expect(runs.reduce((sum, run) => sum + run.body.data.total, 0)).toBe(100_000 + 20_000 + 15_000 + 33_000 + 21_000);
    for (const phone of [PHONES.mtnPaid, PHONES.mtnLost, PHONES.mtnPending]) expect(await transfersTo(mtn, phone), phone).toHaveLength(1);
    expect(await transfersTo(airtel, PHONES.airtelDeclined)).toHaveLength(1);

    // MTN accepts a transfer and tells its outcome when asked: the reconciler's next round completes it.
    await settled(mtnPaid.id);
    await settled(airtelDeclined.id);
    const [paid] = await payoutsOf(admin, mtnPaid.id);
    const transfer = (await fakeState(mtn)).transfers.find((sent) => sent.msisdn.endsWith(PHONES.mtnPaid.slice(-9)))!;
    expect(paid).toMatchObject({ amount: 20_000, method: 'mtn_momo', status: 'COMPLETED', reference: transfer.transactionId });
    expect(await payoutsOf(admin, airtelDeclined.id)).toEqual([
      expect.objectContaining({ amount: 15_000, status: 'FAILED', failure_reason: expect.any(String) }),
    ]);
    expect(await payoutsOf(admin, mtnPending.id)).toEqual([expect.objectContaining({ amount: 21_000, status: 'PENDING' })]);
    await expect
      .poll(async () => (await smsTo(PHONES.mtnPaid)).map((text) => text.message), { timeout: 10_000 })
      .toEqual([`Duuka: Malipo #${paid!.id} ya UGX 20,000 yametumwa kwa MTN MoMo yako. Kumb: ${transfer.transactionId}`]);

    expect(await payoutsOf(admin, bankA.id)).toEqual([
      expect.objectContaining({ vendor_id: bankA.id, amount: 40_000, method: 'bank', status: 'PENDING', reference: '' }),
    ]);
    expect(await payoutsOf(admin, bankB.id)).toEqual([expect.objectContaining({ amount: 60_000, status: 'PENDING' })]);
    for (const skipped of [underMinimum, withoutMethod, held]) expect(await payoutsOf(admin, skipped.id)).toEqual([]);
  }, 90_000);

  it('settles a transfer whose answer was lost by asking the network, without sending it again', async () => {
    await settled(mtnLost.id);
    const [payout] = await payoutsOf(admin, mtnLost.id);
    const transfer = (await fakeState(mtn)).transfers.find((sent) => sent.msisdn.endsWith(PHONES.mtnLost.slice(-9)))!;
    expect(payout).toMatchObject({ amount: 33_000, status: 'COMPLETED', reference: transfer.transactionId });
    expect(await transfersTo(mtn, PHONES.mtnLost)).toHaveLength(1);
  }, 60_000);

  it('settles a transfer the network fails later when its callback comes; the money is available again', async () => {
    const transfer = (await fakeState(mtn)).transfers.find((sent) => sent.msisdn.endsWith(PHONES.mtnPending.slice(-9)))!;
    // While the network may still pay it, an administrator cannot fail it (the next run would pay it again).
    const [stuck] = await payoutsOf(admin, mtnPending.id);
    const refused = await onStore(`/api/payouts/${stuck!.id}/failed`, admin, 'POST', { reason: 'Looks stuck' });
    expect(refused.status, JSON.stringify(refused.body)).toBe(409);
    expect((await payoutsOf(admin, mtnPending.id))[0]).toMatchObject({ status: 'PENDING' });
    await fakeSwitch(mtn, 'decide', { reference: transfer.reference, outcome: 'fail', reason: 'PAYEE_NOT_FOUND' });
    expect((await onStore('/api/payouts/callback/mtn-momo', null, 'POST', { externalId: 'not-a-payout' })).status).toBe(404);
    const callback = await onStore('/api/payouts/callback/mtn-momo', null, 'PUT', { externalId: transfer.reference, status: 'SUCCESSFUL' });
    expect(callback.status).toBe(200);
    expect(await payoutsOf(admin, mtnPending.id)).toEqual([expect.objectContaining({ status: 'FAILED', failure_reason: 'PAYEE_NOT_FOUND' })]);
  });

  it('pays again only the money that came back; a transfer that never reached the network is sent again under its reference', async () => {
    await fakeSwitch(airtel, 'fail', { path: 'standard/v1/disbursements/', method: 'POST', mode: 'http500', times: 1 });
    const again = await runPayouts(admin);
    expect(again.body.data).toMatchObject({ payouts: 2, total: 15_000 + 21_000 });
    await settled(airtelDeclined.id);
    const [retried, first] = await payoutsOf(admin, airtelDeclined.id);
    expect(retried).toMatchObject({ amount: 15_000, status: 'FAILED' });
    expect(first).toMatchObject({ status: 'FAILED' });
    // One transfer per payout reached Airtel: the refused call never made one.
    expect(await transfersTo(airtel, PHONES.airtelDeclined)).toHaveLength(2);

    const pending = (await fakeState(mtn)).transfers.filter((sent) => sent.msisdn.endsWith(PHONES.mtnPending.slice(-9)) && sent.state === 'PENDING');
    expect(pending).toHaveLength(1);
    await fakeSwitch(mtn, 'decide', { reference: pending[0]!.reference, outcome: 'success' });
    await settled(mtnPending.id);
    expect((await payoutsOf(admin, mtnPending.id))[0]).toMatchObject({ amount: 21_000, status: 'COMPLETED' });

    expect((await onStore('/api/payouts/holds', admin, 'POST', { vendor_id: airtelDeclined.id, reason: 'Wallet refuses payouts' })).status).toBe(200);
    expect((await runPayouts(admin)).body.data).toMatchObject({ payouts: 0, total: 0 });
    expect(await payoutsOf(admin, bankA.id)).toHaveLength(1);
  }, 120_000);

  it('pays a held vendor once released', async () => {
    expect((await onStore(`/api/payouts/holds/${held.id}/release`, admin, 'POST')).status).toBe(200);
    expect((await onStore(`/api/payouts/holds/${held.id}/release`, admin, 'POST')).status).toBe(409);
    expect((await onStore('/api/payouts/holds', admin)).body.data).toEqual([expect.objectContaining({ vendor_id: airtelDeclined.id })]);
    expect((await runPayouts(admin)).body.data).toMatchObject({ payouts: 1, total: 30_000 });
    expect(await payoutsOf(admin, held.id)).toEqual([expect.objectContaining({ amount: 30_000, status: 'PENDING' })]);
  });

  it('pays a first destination at once, and a new one that replaced it only after PAYOUT_METHOD_WAIT_HOURS', async () => {
    const first = await onStore('/api/payouts/method', newDestination, 'POST', { method: 'mtn_momo', phone: '0772 500 301', password: 'Kampala-2026!' });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data.payouts_from).toBeNull();
    const changed = await onStore('/api/payouts/method', newDestination, 'POST', { method: 'airtel_money', phone: '0752 500 302', password: 'Kampala-2026!' });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const resumes = Date.parse(changed.body.data.payouts_from);
    expect(resumes - Date.now()).toBeGreaterThan(23.9 * 60 * 60_000);
    expect(resumes - Date.now()).toBeLessThanOrEqual(24 * 60 * 60_000);
    expect((await onStore('/api/payouts/method', newDestination)).body.data.payouts_from).toBe(changed.body.data.payouts_from);

    expect((await runPayouts(admin)).body.data).toMatchObject({ payouts: 0, total: 0 });
    expect(await payoutsOf(admin, newDestination.id)).toEqual([]);

    // A day later (the change moved back in time), the run pays the new destination, once.
    await onStoreDatabase(async (db) => {
      await db
        .update(payoutAccounts)
        .set({ destination_changed_at: new Date(Date.now() - 24 * 60 * 60_000 - 60_000) })
        .where(eq(payoutAccounts.vendor_id, newDestination.id));
    });
    admin = await login(ADMIN.email, ADMIN.password);
    expect((await onStore('/api/payouts/method', newDestination)).body.data.payouts_from).toBeNull();
    const runs = await Promise.all([runPayouts(admin), runPayouts(admin)]);
    expect(runs.map((run) => run.body.data.total).sort((a, b) => a - b)).toEqual([0, 45_000]);
    await settled(newDestination.id);
    expect(await payoutsOf(admin, newDestination.id)).toEqual([expect.objectContaining({ amount: 45_000, method: 'airtel_money', status: 'COMPLETED' })]);
    expect(await transfersTo(airtel, '+256752500302')).toHaveLength(1);
    expect(await transfersTo(mtn, '+256772500301')).toHaveLength(0);
  }, 90_000);
});

describe('a bank payout', () => {
  it('is marked paid once, and the vendor is texted the reference', async () => {
    const [payout] = await payoutsOf(admin, bankA.id);
    const paid = await onStore(`/api/payouts/${payout!.id}/paid`, admin, 'POST', { reference: 'STB-20261126-0042' });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body.data).toMatchObject({ id: payout!.id, status: 'COMPLETED', reference: 'STB-20261126-0042', vendor_name: 'Nakato Traders' });
    expect(paid.body.data.completed_at).toBeTruthy();
    const again = await onStore(`/api/payouts/${payout!.id}/paid`, admin, 'POST', { reference: 'STB-OTHER' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This payout is already paid');
    expect((await onStore(`/api/payouts/${payout!.id}/failed`, admin, 'POST', { reason: 'Account closed' })).status).toBe(409);
    expect((await payoutsOf(admin, bankA.id))[0]).toMatchObject({ status: 'COMPLETED', reference: 'STB-20261126-0042' });
    await expect
      .poll(async () => (await smsTo('+256772400101')).map((text) => text.message), { timeout: 10_000 })
      .toEqual([`Duuka: Payout #${payout!.id} of UGX 40,000 was sent to your Stanbic. Ref: STB-20261126-0042`]);
  });

  it('marked failed returns its amount to available: the next run pays it again, and the vendor is texted in its language', async () => {
    const [payout] = await payoutsOf(admin, bankB.id);
    const failed = await onStore(`/api/payouts/${payout!.id}/failed`, admin, 'POST', { reason: 'Account number refused' });
    expect(failed.status, JSON.stringify(failed.body)).toBe(200);
    expect(failed.body.data).toMatchObject({ status: 'FAILED', failure_reason: 'Account number refused' });
    expect((await onStore(`/api/payouts/${payout!.id}/failed`, admin, 'POST', { reason: 'Again' })).status).toBe(409);
    expect((await runPayouts(admin)).body.data).toMatchObject({ payouts: 1, total: 60_000 });
    const [newest, first] = await payoutsOf(admin, bankB.id);
    expect(newest).toMatchObject({ amount: 60_000, status: 'PENDING' });
    expect(first).toMatchObject({ id: payout!.id, status: 'FAILED' });
    await expect
      .poll(async () => (await smsTo('+256772400102')).map((text) => text.message), { timeout: 10_000 })
      .toEqual([
        `Duuka: Ssente zo #${payout!.id} eza 60,000 UGX tezisobodde kuweerezebwa. Ensonga: Account number refused. Ssente zizziddwayo ku akawunti yo.`,
      ]);
  });

  it('refuses bad input with a 400 and an unknown payout with a 404', async () => {
    const [payout] = await payoutsOf(admin, bankB.id);
    expect((await onStore(`/api/payouts/${payout!.id}/paid`, admin, 'POST', {})).status).toBe(400);
    expect((await onStore(`/api/payouts/${payout!.id}/paid`, admin, 'POST', { reference: 'x'.repeat(101) })).status).toBe(400);
    expect((await onStore(`/api/payouts/${payout!.id}/failed`, admin, 'POST', { reason: '' })).status).toBe(400);
    expect((await onStore('/api/payouts/99999999/paid', admin, 'POST', { reference: 'R1' })).status).toBe(404);
    expect((await onStore('/api/payouts/abc/paid', admin, 'POST', { reference: 'R1' })).status).toBe(404);
    expect((await onStore('/api/payouts/holds', admin, 'POST', { vendor_id: buyer.id, reason: 'Not a vendor' })).status).toBe(404);
    expect((await onStore('/api/payouts/holds', admin, 'POST', { vendor_id: bankA.id })).status).toBe(400);
    expect((await onStore('/api/payouts?status=LOST', admin)).status).toBe(400);
    expect((await onStore('/api/payouts?per_page=1000', admin)).status).toBe(400);
  });
});

describe('who may do what', () => {
  const routes = (payoutId: number) => [
    { method: 'POST', path: '/api/payouts/run' },
    { method: 'POST', path: `/api/payouts/${payoutId}/paid`, body: { reference: 'R-1' } },
    { method: 'POST', path: `/api/payouts/${payoutId}/failed`, body: { reason: 'Refused' } },
    { method: 'GET', path: '/api/payouts/holds' },
    { method: 'POST', path: '/api/payouts/holds', body: { vendor_id: 1, reason: 'Checking' } },
    { method: 'POST', path: `/api/payouts/holds/${bankA.id}/release` },
  ];

  it('signed out: 401 everywhere; a buyer: 403 everywhere', async () => {
    const [payout] = await payoutsOf(admin, bankB.id);
    for (const route of [{ method: 'GET', path: '/api/payouts' }, ...routes(payout!.id)]) {
      expect((await onStore(route.path, null, route.method, route.body)).status, `${route.method} ${route.path}`).toBe(401);
      expect((await onStore(route.path, buyer, route.method, route.body)).status, `${route.method} ${route.path}`).toBe(403);
    }
  });

  it('a vendor sees only its own payouts and can neither run, mark nor hold', async () => {
    const [payout] = await payoutsOf(admin, bankB.id);
    for (const route of routes(payout!.id))
      expect((await onStore(route.path, bankA, route.method, route.body)).status, `${route.method} ${route.path}`).toBe(403);
    const own = await onStore(`/api/payouts?vendor_id=${bankB.id}`, bankA);
    expect(own.status).toBe(200);
    expect(own.body.data.data.map((row: Row) => row.vendor_id)).toEqual([bankA.id]);
    expect((await payoutsOf(admin, bankB.id))[0]).toMatchObject({ status: 'PENDING' });
  });

  it('an administrator lists everyone’s payouts by status', async () => {
    const completed = await onStore('/api/payouts?status=COMPLETED', admin);
    const ours = [bankA.id, mtnPaid.id, mtnLost.id, mtnPending.id, newDestination.id];
    const listed: Row[] = completed.body.data.data;
    expect(listed.every((row) => row.status === 'COMPLETED')).toBe(true);
    // On PostgreSQL the suite's other stores share the database, and may have paid the demo vendors too.
    expect(
      listed
        .map((row) => row.vendor_id)
        .filter((id: number) => ours.includes(id))
        .sort(),
    ).toEqual(ours.sort());
    expect(completed.body.data.current_page).toBe(1);
    if (!databaseUrl) expect(completed.body.data.total).toBe(5);
  });
});

describe.runIf(databaseUrl)('two stores on one PostgreSQL', () => {
  it('running payouts at the same moment pay each vendor once', async () => {
    const vendors = [await newVendor(admin, 'Namubiru'), await newVendor(admin, 'Tumusiime'), await newVendor(admin, 'Opio')];
    await onStoreDatabase(async (db) => {
      for (const [index, vendor] of vendors.entries()) await giveAvailableEarnings(db, vendor.id, [20_000 + index * 1_000, 5_000]);
      await setPayoutMethod(
        db,
        vendors.map((vendor) => vendor.id),
        BANK,
      );
    });
    const second = await startOwnStore();
    try {
      const runs = await Promise.all(Array.from({ length: 6 }, (_, index) => runPayouts(admin, index % 2 ? second.baseUrl : store.baseUrl)));
      for (const run of runs) expect(run.status, JSON.stringify(run.body)).toBe(200);
      expect(runs.reduce((sum, run) => sum + run.body.data.payouts, 0)).toBe(3);
      for (const [index, vendor] of vendors.entries())
        expect(await payoutsOf(admin, vendor.id)).toEqual([expect.objectContaining({ amount: 25_000 + index * 1_000 })]);
    } finally {
      await second.stop();
    }
  }, 300_000);

  it('start a payout day’s run once between them', async () => {
    const vendors = [await newVendor(admin, 'Kisakye'), await newVendor(admin, 'Ochieng')];
    await onStoreDatabase(async (db) => {
      for (const vendor of vendors) await giveAvailableEarnings(db, vendor.id, [18_000]);
      await setPayoutMethod(
        db,
        vendors.map((vendor) => vendor.id),
        BANK,
      );
    });
    const everyDay = { PAYOUT_DAYS: 'sun,mon,tue,wed,thu,fri,sat' };
    const scheduled = await Promise.all([startOwnStore(everyDay), startOwnStore(everyDay)]);
    try {
      for (const vendor of vendors)
        await expect.poll(async () => (await payoutsOf(admin, vendor.id)).length, { timeout: 30_000, interval: 500 }).toBeGreaterThan(0);
      const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Kampala' }).format(new Date());
      const runs = await onDatabase({ url: databaseUrl }, (db) => db.select().from(payoutRuns).where(like(payoutRuns.key, 'scheduled:%')));
      expect(runs.map((run) => run.key)).toEqual([`scheduled:${today}`]);
      for (const vendor of vendors) expect(await payoutsOf(admin, vendor.id)).toEqual([expect.objectContaining({ amount: 18_000 })]);
    } finally {
      await Promise.all(scheduled.map((running) => running.stop()));
    }
  }, 300_000);
});
