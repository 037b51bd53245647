/**
 * Mails and texts reach a shopper in their language, through the real store: the account takes the language
 * of the page it registered from (Accept-Language, which the islands' API client sets to their page's tag),
 * the profile may change it, an order is placed in the language asked for (the account's when a client asks
 * for none) and the account follows it; the password reset mail is in the account's language, an order's texts
 * in the order's. Run on PostgreSQL as well as PGlite.
 */
import { beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { api } from './client';
import { call, login, type Caller } from './callers';
import { mailsIn } from '../support/outbox';
import { ADMIN } from './server.setup';
import { gsm7Length, isGsm7 } from '../../src/lib/gsm7';
import type { FakeSms } from '../support/fake-africastalking';

type Row = Record<string, any>;
type Shopper = Caller & { email: string; password: string; phone: string };

let phones = 0;
/** A number of its own for each shopper: the one it logs in with and writes on its orders, so it hears every text of them. */
const newPhone = () => `0772 59${String(phones++).padStart(4, '0')}`;
/** The number each order's texts went to, by order id. */
const orderNumbers = new Map<number, string>();
const PASSWORD = 'Kampala-2026!';

let admin: Caller;
let location: Row;
let products: Row[];
let addressCounter = 0;
const newAddress = () => `10.251.${addressCounter >> 8}.${(addressCounter++ & 255) + 1}`;

/** Registers a shopper named `firstName` from a page in `acceptLanguage` (no header when null). */
async function registerFrom(acceptLanguage: string | null, firstName = 'Nakato'): Promise<{ shopper: Shopper; account: Row }> {
  const email = `${firstName.toLowerCase()}.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.com`;
  const phone = newPhone();
  const reply = await api('/api/users/register', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': newAddress(), ...(acceptLanguage ? { 'Accept-Language': acceptLanguage } : {}) },
    body: JSON.stringify({ email, phone_number: phone, password: PASSWORD, first_name: firstName, last_name: 'Namubiru' }),
  });
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
  const account = reply.body.data;
  return { shopper: { id: account.id, email, password: PASSWORD, phone, headers: { Authorization: `Bearer ${account.token}` } }, account };
}

/** Asks for a password reset code from a page in `acceptLanguage`: the mail's language must not follow it. */
async function askResetCode(email: string, acceptLanguage = 'en-UG') {
  const reply = await api('/api/users/login', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': newAddress(), 'Accept-Language': acceptLanguage },
    body: JSON.stringify({ task: 'request_password_reset', username: email }),
  });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
}

const updateProfile = (shopper: Shopper, fields: Row) =>
  call('/api/update-profile', shopper, 'POST', { first_name: 'Nakato', last_name: 'Namubiru', phone_number_1: shopper.phone, ...fields });

/** The account's language as a fresh login shows it. */
const accountLanguage = async (shopper: Shopper) =>
  (
    await api('/api/users/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': newAddress() },
      body: JSON.stringify({ username: shopper.email, password: shopper.password }),
    })
  ).body.data.language;

/** Places a cash-on-delivery order for one product, from a page in `acceptLanguage` (fetch's own `*` when null). */
async function placeOrder(shopper: Shopper, acceptLanguage: string | null, product: Row): Promise<Row> {
  const reply = await api('/api/orders', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...shopper.headers, ...(acceptLanguage ? { 'Accept-Language': acceptLanguage } : {}) },
    body: JSON.stringify({
      items: [{ product_id: product.id, quantity: 1 }],
      customer_name: 'Nakato Sarah',
      customer_phone: shopper.phone,
      delivery_location_id: location.id,
      delivery_address: 'Plot 5, Ntinda Road',
      payment_gateway: 'cash_on_delivery',
    }),
  });
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
  orderNumbers.set(reply.body.data.id, `+256${shopper.phone.replace(/\D/g, '').slice(-9)}`);
  return reply.body.data;
}

const mailsTo = (email: string, atLeast = 1) => mailsIn(inject('outboxDir'), email, atLeast);

const smsFake = async (path: string, body?: unknown) =>
  (
    await fetch(
      new URL(path, inject('smsUrl')),
      body === undefined ? {} : { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) },
    )
  ).json();

/** Waits until the buyer has been sent `count` texts about the order; gives them, oldest first. */
async function textsToBuyer(orderId: number, count: number): Promise<string[]> {
  let sent: string[] = [];
  for (const started = Date.now(); Date.now() - started < 10_000; await new Promise((resolve) => setTimeout(resolve, 100))) {
    const messages = (await smsFake('/__fake/state')).messages as FakeSms[];
    sent = messages
      .filter((message) => message.outcome === 'sent' && message.to === orderNumbers.get(orderId) && new RegExp(`#${orderId}(?!\\d)`).test(message.message))
      .map((message) => message.message);
    if (sent.length >= count) return sent;
  }
  throw new Error(`texts to the buyer about order ${orderId}: ${JSON.stringify(sent)}`);
}

const moveOrder = async (orderId: number, status: string, extra: Record<string, unknown> = {}) => {
  const reply = await call(`/api/orders/${orderId}/status`, admin, 'POST', { status, ...extra });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
};

beforeAll(async () => {
  admin = await login(ADMIN.email, ADMIN.password, '10.251.255.1');
  location = (await api('/api/manifest')).body.data.delivery_locations[0];
  const simple = (p: Row) => p.has_colors !== 'Yes' && p.has_sizes !== 'Yes' && p.stock.total_items - p.stock.items_sold >= 10;
  products = ((await api('/api/products?limit=100&in_stock=1')).body.data.data as Row[]).filter(simple);
  expect(products.length).toBeGreaterThan(4);
});

beforeEach(async () => {
  await smsFake('/__fake/reset', {});
});

describe('an account’s language', () => {
  it('is the language of the page the shopper registered from, English when the request names none of ours', async () => {
    expect((await registerFrom('lg-UG')).account.language).toBe('lg');
    expect((await registerFrom('fr-FR, sw;q=0.5')).account.language).toBe('sw');
    expect((await registerFrom('fr-FR')).account.language).toBe('en');
    expect((await registerFrom(null)).account.language).toBe('en');
  });

  it('is changed in the profile, and a language the store does not speak is refused and changes nothing', async () => {
    const { shopper } = await registerFrom('lg-UG');
    const refused = await updateProfile(shopper, { language: 'fr' });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: 0, message: 'language: must be en (English), lg (Luganda) or sw (Kiswahili)' });
    expect(await accountLanguage(shopper)).toBe('lg');

    const changed = await updateProfile(shopper, { language: 'sw' });
    expect(changed.status).toBe(200);
    expect(changed.body.data.language).toBe('sw');
    // A profile update that names no language leaves it as it is.
    expect((await updateProfile(shopper, { address: 'Plot 5, Ntinda Road' })).body.data.language).toBe('sw');
    expect(await accountLanguage(shopper)).toBe('sw');
  });
});

describe('the password reset mail', () => {
  it('reaches a shopper registered from a Luganda page in Luganda, whatever page asks for it, and its code works', async () => {
    const { shopper } = await registerFrom('lg-UG');
    await askResetCode(shopper.email, 'en-UG');
    const [mail] = await mailsTo(shopper.email);
    expect(mail!.subject).toMatch(/^Koodi yo ey'okukyusa ekigambo ky'ekyama ku Duuka: \d{6}$/);
    expect(mail!.text).toMatch(/^Gyebale ko Nakato,\n\nKoodi yo ey'okukyusa ekigambo ky'ekyama ye \d{6}\. Ekola omulundi gumu, okumala eddakiika 15\./);
    const code = /ye (\d{6})\./.exec(mail!.text)![1];
    const reset = await api('/api/users/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': newAddress() },
      body: JSON.stringify({ task: 'reset_password', email: shopper.email, code, password: 'Entebbe-2027!' }),
    });
    expect(reset.status, JSON.stringify(reset.body)).toBe(200);
  });

  it('follows the language chosen in the profile, and stays English for an English account', async () => {
    const { shopper } = await registerFrom('lg-UG');
    await updateProfile(shopper, { language: 'sw' });
    await askResetCode(shopper.email, 'lg-UG');
    const [swahili] = await mailsTo(shopper.email);
    expect(swahili!.subject).toMatch(/^Msimbo wako wa kubadilisha nenosiri la Duuka: \d{6}$/);
    expect(swahili!.text).toContain('kwa dakika 15.');

    const english = (await registerFrom('en-UG')).shopper;
    await askResetCode(english.email, 'sw-UG');
    const [mail] = await mailsTo(english.email);
    expect(mail!.subject).toMatch(/^Your Duuka password reset code: \d{6}$/);
    expect(mail!.text).toMatch(/^Hello Nakato,\n\nYour password reset code is \d{6}\. It works once, for 15 minutes\./);
  });
});

describe('an order’s texts', () => {
  it('are in Swahili for an order placed from a Swahili page, at placing and at each status change, and the account follows', async () => {
    const { shopper } = await registerFrom('en-UG');
    const order = await placeOrder(shopper, 'sw-UG', products[0]!);
    expect(order.language).toBe('sw');
    expect((await call(`/api/orders/${order.id}`, shopper)).body.data.language).toBe('sw');
    expect(await accountLanguage(shopper)).toBe('sw');

    const [placed] = await textsToBuyer(order.id, 1);
    const total = `UGX ${order.total.toLocaleString('en-US')}`;
    expect(placed).toMatch(new RegExp(`^Duuka: Habari Nakato, oda yako #${order.id} imepokelewa\\. Jumla ${total}, utalipa ukiipokea\\. `));
    expect(placed).toMatch(new RegExp(`Tazama http://127\\.0\\.0\\.1:\\d+/sw/account/orders/${order.id}$`));

    await moveOrder(order.id, 'processing');
    await moveOrder(order.id, 'shipped');
    const shipped = (await textsToBuyer(order.id, 2))[1]!;
    const code = (await call(`/api/orders/${order.id}`, shopper)).body.data.parts[0].handover_code;
    expect(shipped).toBe(
      `Duuka: Habari Nakato, oda yako #${order.id} iko njiani kukufikia. Mpe msafirishaji namba ${code} ikifika. Tafadhali lipa ukiipokea. Maswali? Piga +256 700 123 456`,
    );
    await moveOrder(order.id, 'delivered', { handover_code: code });
    expect((await textsToBuyer(order.id, 3))[2]).toBe(
      `Duuka: Habari Nakato, oda yako #${order.id} imekufikia. Asante kwa kununua na Duuka! Maswali? Piga +256 700 123 456`,
    );
  });

  it('are in Luganda, in GSM-7 and one SMS, for a Luganda order cancelled; a client that names none of the store’s languages orders in the account’s', async () => {
    const { shopper } = await registerFrom('lg-UG');
    const order = await placeOrder(shopper, 'fr-FR', products[1]!);
    expect((await placeOrder(shopper, null, products[3]!)).language).toBe('lg');
    expect(order.language).toBe('lg');
    await moveOrder(order.id, 'cancelled');
    const [placed, cancelled] = await textsToBuyer(order.id, 2);
    expect(placed).toMatch(
      new RegExp(`^Duuka: Gyebale Nakato, oda yo #${order.id} tugifunye\\. Awamu ${order.total.toLocaleString('en-US')} UGX, ogisasula ng'etuuse\\. `),
    );
    expect(cancelled).toBe(`Duuka: Gyebale Nakato, oda yo #${order.id} esaziddwamu. Ebibuuzo? Kuba +256 700 123 456`);
    for (const text of [placed!, cancelled!]) {
      expect(isGsm7(text), text).toBe(true);
      expect(gsm7Length(text), text).toBeLessThanOrEqual(160);
    }

    // The same shopper orders from an English page: the order and the account are English again.
    const english = await placeOrder(shopper, 'en-UG', products[2]!);
    expect(english.language).toBe('en');
    expect((await textsToBuyer(english.id, 1))[0]).toMatch(new RegExp(`^Duuka: Hi Nakato, order #${english.id} is placed\\. `));
    expect(await accountLanguage(shopper)).toBe('en');
  });
});

describe('a return’s mails and texts', () => {
  it('are in the order’s language: Luganda, with the reason in Luganda and the link to the Luganda order page', async () => {
    const { shopper } = await registerFrom('lg-UG');
    const order = await placeOrder(shopper, 'lg-UG', products[4]!);
    for (const status of ['processing', 'shipped', 'delivered']) await moveOrder(order.id, status);
    const line = order.items[0];
    const asked = await call(`/api/orders/${order.id}/returns`, shopper, 'POST', {
      lines: [{ order_item_id: line.id, quantity: 1 }],
      reason: 'does_not_fit',
      details: 'Too small',
    });
    expect(asked.status, JSON.stringify(asked.body)).toBe(201);
    const [requested] = await mailsTo(shopper.email);
    expect(requested!.subject).toBe(`Okusaba kwo okuzzaayo ebintu by'oda #${order.id}`);
    expect(requested!.text).toContain(`Ensonga: Tekinsaanira (Too small)`);
    expect(requested!.text).toMatch(new RegExp(`Kirabe ku oda yo: http://127\\.0\\.0\\.1:\\d+/lg/account/orders/${order.id}\\n`));

    const accepted = await call(`/api/returns/${asked.body.data.id}/status`, admin, 'POST', { status: 'awaiting_item' });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect((await mailsTo(shopper.email, 2))[1]!.subject).toBe(`Okuzzaayo ebintu by'oda #${order.id} kukkiriziddwa`);
    // Placed, shipped, delivered, accepted (being prepared is not texted).
    const texts = await textsToBuyer(order.id, 4);
    expect(texts.at(-1)).toMatch(new RegExp(`^Duuka: Gyebale Nakato, okuzzaayo ebintu by'oda #${order.id} kukkiriziddwa\\. Bizzeeyo eri `));
    for (const text of texts) {
      expect(isGsm7(text), text).toBe(true);
      expect(gsm7Length(text), text).toBeLessThanOrEqual(160);
    }
  });
});
