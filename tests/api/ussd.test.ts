/**
 * Shopping by USSD through the real store (Africa's Talking's callback, tests/api/ussd-support.ts): whole orders for
 * a new number and for an existing account, paid on delivery and by mobile money (approved and declined by the
 * fakes), the order being the number's account's on the web; My orders and cancelling; wrong keys and hostile
 * input; the secret in the address; a session cut off and continued; the language chosen and remembered.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { api } from './client';
import { call, register } from './callers';
import { freshNumber, postUssd, screenOf, startOf, UssdPhone } from './ussd-support';

type Row = Record<string, any>;

let plain: Row[];
let next = 0;
let place: Row;
const nextProduct = () => plain[next++ % plain.length]!;

beforeAll(async () => {
  place = (await api('/api/manifest')).body.data.delivery_locations[0];
  const listed: Row[] = (await api('/api/products?limit=100&in_stock=1&sort_by=price_1&sort_order=asc')).body.data.data;
  plain = listed.filter((p) => p.has_colors !== 'Yes' && p.has_sizes !== 'Yes' && p.stock.total_items - p.stock.items_sold >= 20 && p.name.length < 40);
  expect(plain.length).toBeGreaterThan(8);
});

/** Walks from dialling to the confirmation of `quantity` of `product`, paying the way `pay` names; gives the phone. */
async function walkToConfirm(phone: UssdPhone, product: Row, pay: RegExp, { quantity = 2, name = 'Nakato Sarah' } = {}): Promise<UssdPhone> {
  expect(await phone.dial()).toMatch(/^CON Duuka\n1 Shop by category\n2 Search\n3 My orders\n4 Language\n5 Help$/);
  expect(await phone.send('2')).toBe('CON What are you looking for?\n00 Back');
  await phone.send(product.name);
  await pickProduct(phone, product);
  expect(phone.last).toContain('In stock');
  await phone.choose(/^Buy$/);
  expect(phone.last).toContain('How many? Type 1-');
  await phone.send(String(quantity));
  expect(phone.last).toMatch(/^CON Deliver to\?/);
  await phone.choose(new RegExp(`^${place.name}$`));
  expect(phone.last).toMatch(/^CON Pay how\?/);
  await phone.choose(pay);
  if (phone.last.startsWith('CON Your name?')) await phone.send(name);
  expect(phone.last).toContain(`${quantity} x ${product.name}`);
  expect(phone.last).toContain(`Total UGX ${(Number(product.price_1) * quantity).toLocaleString('en-US')}`);
  return phone;
}

/** Picks the product from a list by its name and price, paging on when it is not on the screen. */
async function pickProduct(phone: UssdPhone, product: Row): Promise<void> {
  const line = new RegExp(`${startOf(product.name).source}.* ${Number(product.price_1).toLocaleString('en-US')}$`);
  for (let page = 0; page < 4 && !phone.last.split('\n').some((text) => line.test(text.replace(/^\d+ /, ''))); page++) await phone.send('0');
  await phone.choose(line);
  expect(phone.last).toContain(product.name);
  expect(phone.last).toContain(`UGX ${Number(product.price_1).toLocaleString('en-US')}`);
}

/** The order number in a last screen. */
const orderIdIn = (text: string) => Number(/Order #(\d+) placed/.exec(text)![1]);

/** Logs in on the web with a code texted to the number, as the number's owner would; gives the account's headers. */
async function loginByText(e164: string): Promise<Record<string, string>> {
  return (await logInByText(e164)).headers;
}

/** The same, with the account the login answers. */
async function logInByText(e164: string): Promise<{ headers: Record<string, string>; account: Row }> {
  const address = `10.77.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
  const asked = await api('/api/users/login', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': address },
    body: JSON.stringify({ task: 'send_code', phone_number: e164 }),
  });
  expect(asked.status, asked.body.message).toBe(200);
  let code: string | undefined;
  for (let i = 0; i < 100 && !code; i++) {
    const state = await (await fetch(new URL('/__fake/state', inject('smsUrl')))).json();
    code = (state.messages as Row[])
      .filter((text) => text.to === e164)
      .map((text) => /^(\d{6}) /.exec(text.message)?.[1])
      .find(Boolean);
    if (!code) await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const verified = await api('/api/users/login', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': address },
    body: JSON.stringify({ task: 'verify_code', phone_number: e164, code }),
  });
  expect(verified.status, verified.body.message).toBe(200);
  return { headers: { Authorization: `Bearer ${verified.body.data.token}` }, account: verified.body.data };
}

const orderAs = async (headers: Record<string, string>, id: number) => (await api(`/api/orders/${id}`, { headers })).body.data as Row;

/** Asks again until `done` holds for the order (the fakes answer in the background). */
async function orderOnce(headers: Record<string, string>, id: number, done: (order: Row) => boolean): Promise<Row> {
  let latest = await orderAs(headers, id);
  for (let i = 0; i < 80 && !done(latest); i++) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    latest = await orderAs(headers, id);
  }
  return latest;
}

describe('a whole order by USSD', () => {
  it('for a new number paying on delivery: the number gets a buyer account with the name typed, and can log in on the web', async () => {
    const product = nextProduct();
    const before = (await api(`/api/products/${product.id}`)).body.data.stock.items_sold;
    const phone = await walkToConfirm(new UssdPhone(freshNumber('77')), product, /^Cash on delivery$/);
    const done = await phone.send('1');
    expect(done).toMatch(/^END Order #\d+ placed\. Pay UGX [\d,]+ on delivery\.$/);
    // A confirmation the network sends again is answered the same, and places nothing more.
    expect(await phone.post()).toBe(done);

    const { headers, account } = await logInByText(phone.phone);
    expect(account).toMatchObject({ first_name: 'Nakato', last_name: 'Sarah', login_phone: phone.phone, user_type: 'Customer' });
    const order = await orderAs(headers, orderIdIn(done));
    expect(order).toMatchObject({ customer_name: 'Nakato Sarah', payment_gateway: 'cash_on_delivery', payment_status: 'PAY_ON_DELIVERY', status: 'pending' });
    expect(order.items).toMatchObject([{ product_id: product.id, quantity: 2 }]);
    expect((await api(`/api/products/${product.id}`)).body.data.stock.items_sold).toBe(before + 2);
  });

  it('for a new MTN number paying by mobile money: the request goes to the dialing number, and its approval pays the order', async () => {
    const phone = await walkToConfirm(new UssdPhone(freshNumber('77')), nextProduct(), /^MTN Mobile Money on this number$/, { quantity: 1 });
    const done = await phone.send('1');
    expect(done).toMatch(/^END Order #\d+ placed\. Approve UGX [\d,]+ on your phone\.$/);
    const headers = await loginByText(phone.phone);
    const order = await orderOnce(headers, orderIdIn(done), (o) => o.payment_status === 'COMPLETED');
    expect(order.payment_status).toBe('COMPLETED');
    expect(order.payment.details.payer_phone).toBe(phone.phone.slice(1));
  });

  it('for an Airtel number whose network declines: the order waits, and My orders asks the phone again', async () => {
    // The fakes decline numbers ending in 13.
    const phone = await walkToConfirm(new UssdPhone(freshNumber('75', '13')), nextProduct(), /^Airtel Money on this number$/, {
      quantity: 1,
      name: 'Okello John',
    });
    const done = await phone.send('1');
    expect(done).toMatch(/^END Order #\d+ placed/);
    const id = orderIdIn(done);
    const headers = await loginByText(phone.phone);
    expect((await orderOnce(headers, id, (o) => o.payment_status === 'FAILED')).payment_status).toBe('FAILED');

    const again = new UssdPhone(phone.phone);
    await again.dial();
    await again.choose(/^My orders$/);
    await again.choose(new RegExp(`^#${id} `));
    expect(again.last).toMatch(/Pay UGX [\d,]+ now/);
    expect(await again.choose(/^Pay UGX/)).toMatch(/^END Approve UGX [\d,]+ on your phone\.$/);
  });

  it("for an existing account: its orders are the number's, the name is not asked, and a web order shows in My orders", async () => {
    const e164 = freshNumber('70');
    const account = await register('10.78.0.1', 'Auma', `0${e164.slice(4)}`);
    const web = await call('/api/orders', account, 'POST', {
      items: [{ product_id: nextProduct().id, quantity: 1 }],
      customer_name: 'Auma Grace',
      customer_phone: `0${e164.slice(4)}`,
      delivery_location_id: place.id,
      delivery_address: 'Plot 3, Bukoto Street',
      payment_gateway: 'cash_on_delivery',
    });
    expect(web.status).toBe(201);

    const phone = await walkToConfirm(new UssdPhone(e164), nextProduct(), /^Cash on delivery$/, { quantity: 1 });
    const done = await phone.send('1');
    const ussdOrder = await orderAs(account.headers, orderIdIn(done));
    expect(ussdOrder.customer_name).toBe('Auma Tester');

    const mine = new UssdPhone(e164);
    await mine.dial();
    const list = await mine.choose(/^My orders$/);
    expect(list).toContain(`#${ussdOrder.id} `);
    expect(list).toContain(`#${web.body.data.id} `);
  });
});

describe('My orders', () => {
  it("opens an order's parts and cancels it while the web allows, and says nothing of orders that are not the number's", async () => {
    const phone = await walkToConfirm(new UssdPhone(freshNumber('77')), nextProduct(), /^Cash on delivery$/, { quantity: 1 });
    const id = orderIdIn(await phone.send('1'));

    const mine = new UssdPhone(phone.phone);
    await mine.dial();
    await mine.choose(/^My orders$/);
    expect(mine.last).toMatch(new RegExp(`#${id} Order placed UGX`));
    await mine.choose(new RegExp(`^#${id} `));
    expect(mine.last).toMatch(new RegExp(`^CON #${id} Order placed, UGX`));
    const part = await mine.send('1');
    expect(part).toMatch(new RegExp(`^CON #${id} .+: Order placed\\n1 x `));
    await mine.send('00');
    await mine.choose(/^Cancel order$/);
    expect(mine.last).toContain(`Cancel order #${id}?`);
    expect(await mine.choose(/^Yes$/)).toBe(`END Order #${id} is cancelled.`);
    const headers = await loginByText(phone.phone);
    expect((await orderAs(headers, id)).status).toBe('cancelled');

    const stranger = new UssdPhone(freshNumber('77'));
    await stranger.dial();
    expect(await stranger.choose(/^My orders$/)).toBe('CON You have no orders yet.\n00 Back');
  });
});

describe('wrong keys and hostile input', () => {
  it('show the same screen again with "Choose 1-5" and never end the session', async () => {
    const phone = new UssdPhone(freshNumber('77'));
    const main = await phone.dial();
    for (const odd of ['9', 'abc', '', '***', '0', '00', 'x'.repeat(200), '1'.repeat(200), '<script>', '\u0007', 'DROP TABLE users;']) {
      expect(await phone.send(odd), JSON.stringify(odd)).toBe(main.replace(/^CON /, 'CON Choose 1-5\n'));
    }
    await phone.send('1');
    expect(await phone.send('99')).toMatch(/^CON Choose 1-5\nCategories/);
    expect(await phone.send('00')).toBe(main);
    await phone.send('2');
    expect(await phone.send('a')).toBe('CON Type at least 2 letters.\nWhat are you looking for?\n00 Back');
    expect(await phone.send('%%%%'.repeat(40))).toMatch(/^CON Type at least 2 letters/);
    expect(await phone.send('zzqxjv wprtk')).toMatch(/^CON Nothing found for "zzqxjv wprtk"\./);
    expect(await phone.send('1')).toMatch(/^CON Send 00 to go back\.\nNothing found/);
  });

  it('asks for a quantity within the stock', async () => {
    const product = nextProduct();
    const phone = new UssdPhone(freshNumber('77'));
    await phone.dial();
    await phone.send('2');
    await phone.send(product.name);
    await pickProduct(phone, product);
    await phone.choose(/^Buy$/);
    for (const odd of ['0', '-1', 'two', '1.5', '100000']) expect(await phone.send(odd)).toMatch(/^CON Type a number from 1 to \d+\./);
  });

  it('answers a callback without its fields, or not as a form, without an error', async () => {
    expect(screenOf(await postUssd({}))).toBe('END Sorry, that did not work. Please try again.');
    expect(screenOf(await postUssd({ sessionId: 'x'.repeat(500), phoneNumber: '+256772000001', text: '' }))).toMatch(/^END /);
    expect(screenOf(await postUssd({ sessionId: 'ATUid_kenya', phoneNumber: '+254712345678', networkCode: '63902', text: '' }))).toBe(
      'END Samahani, Duuka kwa USSD ni kwa namba za simu za Uganda tu.',
    );
    const garbage = await fetch(new URL('/api/ussd/test-ussd-token-2026', inject('baseUrl')), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"sessionId":',
    });
    expect(garbage.status).toBe(200);
    expect(await garbage.text()).toMatch(/^END /);
  });
});

describe('the callback address', () => {
  it("answers 404 to a wrong token, in the API's envelope, and starts no session", async () => {
    const fields = { sessionId: `ATUid_wrong_${Date.now()}`, serviceCode: '*384*12#', phoneNumber: freshNumber('77'), networkCode: '64110', text: '4' };
    for (const token of ['wrong-token', 'test-ussd-token-2027', 'test-ussd-token-2026x']) {
      const reply = await postUssd(fields, { token });
      expect(reply.status).toBe(404);
      expect(JSON.parse(reply.text)).toMatchObject({ code: 0, message: 'Not found' });
      expect((await postUssd({ sessionId: fields.sessionId }, { token, path: '/events' })).status).toBe(404);
    }
    // The session is new to the right address: its first callback applies the text as dialled.
    expect(screenOf(await postUssd(fields))).toMatch(/^CON Language\n1 English\n2 Luganda\n3 Kiswahili\n00 Back$/);
  });

  it('records the end-of-session notification', async () => {
    const phone = new UssdPhone(freshNumber('77'));
    await phone.dial();
    const reply = await postUssd(
      { sessionId: phone.sessionId, status: 'Incomplete', duration: '12', cost: 'UGX 0.0000', phoneNumber: phone.phone },
      { path: '/events' },
    );
    expect(reply).toMatchObject({ status: 200, text: 'OK' });
  });
});

describe('sessions', () => {
  it('offer "Continue your order?" to a number that dials again after being cut off mid-order', async () => {
    const product = nextProduct();
    const first = await walkToConfirm(new UssdPhone(freshNumber('77')), product, /^Cash on delivery$/, { quantity: 3 });
    const again = new UssdPhone(first.phone);
    expect(await again.dial()).toMatch(/^CON Continue your order\? /);
    const confirm = await again.choose(/^Yes$/);
    expect(confirm).toContain(`3 x ${product.name}`);
    expect(await again.send('1')).toMatch(/^END Order #\d+ placed/);
    // Continued once: a third session starts at the main menu.
    expect(await new UssdPhone(first.phone).dial()).toMatch(/^CON Duuka\n/);
  });

  it('speak the language chosen in menu 4, and remember it for the number', async () => {
    const phone = new UssdPhone(freshNumber('77'));
    await phone.dial();
    await phone.choose(/^Language$/);
    expect(await phone.choose(/^Luganda$/)).toMatch(/^CON Olulimi lukyusiddwa\.\nDuuka\n1 Gula/);
    expect(await phone.send('9')).toMatch(/^CON Londa 1-5\n/);
    expect(await new UssdPhone(phone.phone).dial()).toMatch(/^CON Duuka\n1 Gula/);
    const swahili = new UssdPhone(phone.phone);
    await swahili.dial();
    await swahili.send('4');
    expect(await swahili.send('3')).toMatch(/^CON Lugha imehifadhiwa\.\nDuuka\n1 Nunua/);
    await swahili.send('2');
    // Search finds Luganda words too ("essimu": a phone).
    expect(await swahili.send('essimu')).toMatch(/^CON "essimu"\n1 /);
  });
});
