/**
 * Returns within the window after a part's delivery: who may ask and who may answer (the buyer, another buyer,
 * the part's vendor, another vendor, an administrator), the window just inside and after, lines of two parts,
 * too many units, photos, stock given back once however many mark a return received at once, the money: paid
 * back through Stripe by itself or recorded by hand, never twice; and the mails. Run on PostgreSQL as well as
 * PGlite: PGlite's single connection hides races.
 */
import { readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { api, type Reply } from './client';
import { approveShop, call, login, register, type Caller } from './callers';
import { ADMIN, RETURN_WINDOW_SECONDS } from './server.setup';
import { DEMO_ACCOUNTS } from '../../src/server/demo-data/demo-accounts';
import { kampalaDate } from '../../src/lib/dates';

type Row = Record<string, any>;
type Buyer = Caller & { email: string };

const ASK_FAILED = 'Failed to request the return';
const UPDATE_FAILED = 'Failed to update the return';
const SELLERS_ONLY = 'Only a vendor or an administrator can do this';
const IMAGES_DIR = path.resolve(process.env.STORAGE_DIR || 'storage', 'images');

let buyer: Buyer;
let otherBuyer: Buyer;
let admin: Caller;
let vendor: Caller;
let otherVendor: Caller;
let location: Row;
let mine: Row[];
let theirs: Row[];
let next = 0;
let PNG: Uint8Array<ArrayBuffer>;
const storedPhotos = new Set<string>();
/** A part delivered at the start, asked about once its window has passed (the last test). */
let late: { order: Row; part: Row };

/** One of the demo vendor's products and one of another vendor's, different each time so orders never compete for stock. */
const productPair = () => [mine[next % mine.length]!, theirs[next++ % theirs.length]!];

async function placeOrder(lines: { product: Row; quantity: number }[], gateway = 'cash_on_delivery'): Promise<Row> {
  const reply = await call('/api/orders', buyer, 'POST', {
    items: lines.map(({ product, quantity }) => ({ product_id: product.id, quantity })),
    customer_name: 'Nakato Sarah',
    customer_phone: '0772 555 061',
    delivery_location_id: location.id,
    delivery_address: 'Plot 8, Kira Road',
    payment_gateway: gateway,
  });
  expect(reply.status, reply.body.message).toBe(201);
  return reply.body.data;
}

const order = async (id: number) => (await call(`/api/orders/${id}`, buyer)).body.data;

/** The part moved by its vendor (an administrator for the other vendor's) all the way to delivered. */
async function deliver(placed: Row, part: Row) {
  const who = part.vendor_id === vendor.id ? vendor : admin;
  for (const status of ['processing', 'shipped', 'delivered']) {
    const moved = await call(`/api/orders/${placed.id}/parts/${part.id}/status`, who, 'POST', { status });
    expect(moved.status, moved.body.message).toBe(200);
  }
}

/** A two-vendor order (2 of the demo vendor's product, 1 of another's), the demo vendor's part delivered. */
async function deliveredOrder(gateway = 'cash_on_delivery', quantity = 2): Promise<{ placed: Row; own: Row; other: Row }> {
  const [product, otherProduct] = productPair();
  const placed = await placeOrder(
    [
      { product: product!, quantity },
      { product: otherProduct!, quantity: 1 },
    ],
    gateway,
  );
  const [own, other] = placed.parts;
  expect(own.vendor_id).toBe(vendor.id);
  await deliver(placed, own);
  return { placed, own, other };
}

const lineOf = (part: Row) => part.lines[0];
const ask = (who: Caller | null, orderId: number, body: Row | FormData) =>
  body instanceof FormData
    ? api(`/api/orders/${orderId}/returns`, { method: 'POST', headers: who?.headers ?? {}, body })
    : call(`/api/orders/${orderId}/returns`, who, 'POST', body);
const askFor = (part: Row, quantity = 1, extra: Row = {}) => ({ lines: [{ order_item_id: lineOf(part).id, quantity }], reason: 'damaged', ...extra });
const move = (who: Caller | null, returnId: number, body: Row) => call(`/api/returns/${returnId}/status`, who, 'POST', body);

async function asked(placed: Row, part: Row, quantity = 1): Promise<Row> {
  const reply = await ask(buyer, placed.id, askFor(part, quantity));
  expect(reply.status, reply.body.message).toBe(201);
  return reply.body.data;
}

async function moved(who: Caller, returnId: number, body: Row): Promise<Row> {
  const reply = await move(who, returnId, body);
  expect(reply.status, reply.body.message).toBe(200);
  return reply.body.data;
}

function expectRefused(reply: Reply, status: number, message: string | RegExp) {
  expect(reply.status, `${reply.status} ${reply.body.message}`).toBe(status);
  expect(reply.body.code).toBe(0);
  if (typeof message === 'string') expect(reply.body.message).toBe(message);
  else expect(reply.body.message).toMatch(message);
  expect(reply.body.data).toBeNull();
}

const stockLeft = async (id: number) => {
  const product = (await api(`/api/products/${id}?fresh=${Date.now()}`)).body.data;
  return product.stock.total_items - product.stock.items_sold;
};
const history = async (orderId: number) => (await call(`/api/orders/${orderId}/payment-history`, admin)).body.data;
const returnFiles = async () => (await readdir(IMAGES_DIR)).filter((name) => name.startsWith('return-')).sort();

/** The subjects of the mails written to `email`, oldest first, waiting a little for those sent after a reply. */
async function mailSubjects(email: string, atLeast: number): Promise<string[]> {
  const dir = inject('outboxDir');
  let subjects: string[] = [];
  for (let i = 0; i < 50; i++) {
    const files = (await readdir(dir)).filter((file) => file.includes(email)).sort();
    subjects = await Promise.all(files.map(async (file) => (await readFile(path.join(dir, file), 'utf8')).match(/^Subject: (.*)$/m)?.[1] ?? ''));
    if (subjects.length >= atLeast) return subjects;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return subjects;
}

const photo = (name = 'crack.png', type = 'image/png') => new File([PNG], name, { type });
function returnForm(part: Row, photos: File[], fields: Row = {}): FormData {
  const form = new FormData();
  form.append('lines', JSON.stringify([{ order_item_id: lineOf(part).id, quantity: 1 }]));
  form.append('reason', 'damaged');
  form.append('details', 'The handle came off');
  for (const [key, value] of Object.entries(fields)) form.append(key, String(value));
  for (const file of photos) form.append('photos', file);
  return form;
}

beforeAll(async () => {
  PNG = new Uint8Array(
    await sharp({ create: { width: 64, height: 48, channels: 3, background: '#a33' } })
      .png()
      .toBuffer(),
  );
  [buyer, otherBuyer, admin, vendor, otherVendor] = await Promise.all([
    register('10.232.0.1', 'Nakato'),
    register('10.232.0.2', 'Okello'),
    login(ADMIN.email, ADMIN.password, '10.232.0.3'),
    login(DEMO_ACCOUNTS.vendor.email, DEMO_ACCOUNTS.vendor.password, '10.232.0.4'),
    register('10.232.0.5', 'Akello'),
  ]);
  await approveShop(otherVendor, 'Akello Returns Hardware', admin);

  location = (await api('/api/manifest')).body.data.delivery_locations[0];
  const plain = (p: Row) => p.has_colors !== 'Yes' && p.has_sizes !== 'Yes' && p.stock.total_items - p.stock.items_sold >= 12 && Number(p.price_1) >= 5000;
  mine = ((await api(`/api/products?limit=100&in_stock=1&vendor=${vendor.id}`)).body.data.data as Row[]).filter(plain);
  theirs = ((await api('/api/products?limit=100&in_stock=1')).body.data.data as Row[]).filter(
    (p) => plain(p) && p.supplier && Number(p.supplier) !== vendor.id,
  );
  expect(mine.length).toBeGreaterThan(3);
  expect(theirs.length).toBeGreaterThan(3);

  const { placed, own } = await deliveredOrder();
  late = { order: placed, part: own };
});

afterAll(async () => {
  await Promise.all([...storedPhotos].map((name) => rm(path.join(IMAGES_DIR, name), { force: true })));
});

describe('asking for a return', () => {
  it('the order shows until when each part may be returned and what may still be; the buyer asks for one line of the delivered part', async () => {
    const { placed, own } = await deliveredOrder();
    const seen = await order(placed.id);
    const [ownSeen, otherSeen] = seen.parts;
    expect(ownSeen.status).toBe('delivered');
    expect(Date.parse(ownSeen.return_until) - Date.parse(ownSeen.delivered_at)).toBe(RETURN_WINDOW_SECONDS * 1000);
    expect(ownSeen.returnable).toEqual([{ order_item_id: lineOf(own).id, quantity: 2 }]);
    expect(otherSeen).toMatchObject({ return_until: null, returnable: [] });
    expect(seen.returns).toEqual([]);

    const reply = await ask(buyer, placed.id, askFor(own, 1, { details: 'The lid is cracked' }));
    expect(reply.status, reply.body.message).toBe(201);
    expect(reply.body).toMatchObject({ code: 1, message: 'Return requested' });
    const back = reply.body.data;
    expect(back).toMatchObject({
      order_id: placed.id,
      part_id: own.id,
      user_id: buyer.id,
      vendor_id: vendor.id,
      status: 'requested',
      status_label: 'Return requested',
      reason: 'damaged',
      reason_label: 'Arrived damaged or broken',
      details: 'The lid is cracked',
      photos: [],
      amount: lineOf(own).unit_price,
      note: '',
      refund_method: '',
      return_until: ownSeen.return_until,
      refunds: [],
      refund_pending_through: null,
    });
    expect(back.lines).toEqual([
      expect.objectContaining({ order_item_id: lineOf(own).id, product_name: lineOf(own).product_name, quantity: 1, unit_price: lineOf(own).unit_price }),
    ]);

    const after = await order(placed.id);
    expect(after.returns.map((entry: Row) => entry.id)).toEqual([back.id]);
    expect(after.parts[0].returnable).toEqual([{ order_item_id: lineOf(own).id, quantity: 1 }]);
    expect(after.events.at(-1)).toMatchObject({ status: 'return:requested', note: `Return requested: 1 × ${lineOf(own).product_name}` });
  });

  it.each([
    ['a guest', (): Caller | null => null, 401, 'Unauthenticated'],
    ['another buyer', () => otherBuyer, 404, 'Order not found'],
    ['another vendor', () => otherVendor, 404, 'Order not found'],
    ["the part's vendor", () => vendor, 403, `${ASK_FAILED}: only the buyer who placed the order can ask for a return`],
    ['an administrator', () => admin, 403, `${ASK_FAILED}: only the buyer who placed the order can ask for a return`],
  ] as const)('refuses %s, and nothing is asked', async (_label, who, status, message) => {
    const { placed, own } = await deliveredOrder();
    expectRefused(await ask(who(), placed.id, askFor(own)), status, message);
    expect((await order(placed.id)).returns).toEqual([]);
  });

  it('refuses lines of two parts, a part not delivered, more units than are left and another reason without words', async () => {
    const { placed, own, other } = await deliveredOrder();
    const both = { lines: [lineOf(own), lineOf(other)].map((line: Row) => ({ order_item_id: line.id, quantity: 1 })), reason: 'wrong_item' };
    expectRefused(await ask(buyer, placed.id, both), 400, `${ASK_FAILED}: choose items from one vendor at a time: each vendor handles its own returns`);
    expectRefused(await ask(buyer, placed.id, askFor(other)), 409, `${ASK_FAILED}: items can be returned once they are delivered`);
    expectRefused(await ask(buyer, placed.id, askFor(own, 3)), 409, `${ASK_FAILED}: ${lineOf(own).product_name}: at most 2 more can be returned`);
    expectRefused(await ask(buyer, placed.id, askFor(own, 1, { reason: 'other' })), 400, `${ASK_FAILED}: details: say what is wrong with the items`);
    expectRefused(await ask(buyer, placed.id, askFor(own, 1, { part_id: other.id })), 400, `${ASK_FAILED}: part_id: the items chosen are not in that part`);
    expectRefused(await ask(buyer, placed.id, { lines: [], reason: 'damaged' }), 400, `${ASK_FAILED}: lines: choose at least one item to return`);
    expectRefused(await ask(buyer, placed.id, askFor(own, 1, { reason: 'bored' })), 400, /^Failed to request the return: reason: must be one of damaged, /);

    await asked(placed, own, 2);
    expectRefused(await ask(buyer, placed.id, askFor(own, 1)), 409, `${ASK_FAILED}: ${lineOf(own).product_name}: every unit is already in a return`);
    expect((await order(placed.id)).parts[0].returnable).toEqual([]);
  });

  it('five requests at once for one unit each of a line of two: two are taken, three refused', async () => {
    const { placed, own } = await deliveredOrder();
    const replies = await Promise.all(Array.from({ length: 5 }, () => ask(buyer, placed.id, askFor(own, 1))));
    expect(replies.map((reply) => reply.status).sort()).toEqual([201, 201, 409, 409, 409]);
    const returns = (await order(placed.id)).returns;
    expect(returns.reduce((sum: number, entry: Row) => sum + entry.lines[0].quantity, 0)).toBe(2);
  });
});

describe('photos', () => {
  it('takes three pictures in a multipart request, stored as JPEGs shown to the buyer and the vendor', async () => {
    const { placed, own } = await deliveredOrder();
    const reply = await ask(buyer, placed.id, returnForm(own, [photo('a.png'), photo('b.png'), photo('c.png')]));
    expect(reply.status, reply.body.message).toBe(201);
    const names: string[] = reply.body.data.photos;
    for (const name of names) storedPhotos.add(name);
    expect(names).toHaveLength(3);
    for (const name of names) {
      expect(name).toMatch(/^return-[0-9a-f-]{36}\.jpg$/);
      const file = await fetch(new URL(`/storage/images/${name}`, inject('baseUrl')));
      expect(file.headers.get('content-type')).toBe('image/jpeg');
      expect((await sharp(Buffer.from(await file.arrayBuffer())).metadata()).format).toBe('jpeg');
    }
    const listed = (await call('/api/returns', vendor)).body.data.data.find((entry: Row) => entry.id === reply.body.data.id);
    expect(listed.photos).toEqual(names);
    expect((await order(placed.id)).returns[0].photos).toEqual(names);
  });

  it('refuses a fourth picture and a file that is not a picture, and keeps nothing of either request', async () => {
    const { placed, own } = await deliveredOrder();
    const before = await returnFiles();
    expectRefused(await ask(buyer, placed.id, returnForm(own, [photo(), photo(), photo(), photo()])), 400, `${ASK_FAILED}: photos: at most 3 pictures`);
    const notPicture = new File([new TextEncoder().encode('just some text')], 'crack.png', { type: 'image/png' });
    expectRefused(await ask(buyer, placed.id, returnForm(own, [photo(), notPicture])), 400, `${ASK_FAILED}: photos: must be a JPEG, PNG, WebP or AVIF picture`);
    expectRefused(
      await ask(buyer, placed.id, { ...askFor(own), photos: ['return-x.jpg'] }),
      400,
      `${ASK_FAILED}: photos: send the pictures as files in a multipart form`,
    );
    expect(await returnFiles()).toEqual(before);
    expect((await order(placed.id)).returns).toEqual([]);
  });
});

describe('answering a return', () => {
  it.each([
    ['the buyer who asked', () => buyer, 403, `${UPDATE_FAILED}: ${SELLERS_ONLY}`],
    ['another buyer', () => otherBuyer, 403, `${UPDATE_FAILED}: ${SELLERS_ONLY}`],
    ['another vendor', () => otherVendor, 403, `${UPDATE_FAILED}: only the vendor of these items or the store can answer this return`],
    ['a guest', (): Caller | null => null, 401, 'Unauthenticated'],
  ] as const)('refuses %s at every step, and the return does not move', async (_label, who, status, message) => {
    const { placed, own } = await deliveredOrder();
    const back = await asked(placed, own);
    const steps = [{ status: 'awaiting_item' }, { status: 'received' }, { status: 'refunded', refund_method: 'cash' }];
    for (const step of steps) {
      expectRefused(await move(who(), back.id, step), status, message);
      // The part's vendor and an administrator take turns taking the step.
      await moved(step.status === 'received' ? admin : vendor, back.id, step);
    }
    expectRefused(await move(who(), back.id, { status: 'refused', note: 'x' }), status, message);
    expect((await order(placed.id)).returns[0].status).toBe('refunded');
  });

  it('an unknown return is not found; a refusal needs a note and frees the units; a step not allowed says why', async () => {
    expectRefused(await move(vendor, 2_000_000_000, { status: 'awaiting_item' }), 404, 'Return not found');
    const { placed, own } = await deliveredOrder('cash_on_delivery', 1);
    const back = await asked(placed, own);
    expectRefused(await move(vendor, back.id, { status: 'refused' }), 400, `${UPDATE_FAILED}: note: say why the return is refused`);
    expectRefused(await move(vendor, back.id, { status: 'requested' }), 400, /^Failed to update the return: status: must be one of awaiting_item, /);
    expectRefused(await move(vendor, back.id, { status: 'received' }), 409, `${UPDATE_FAILED}: a return that is requested cannot become received`);
    const refused = await moved(vendor, back.id, { status: 'refused', note: 'The seal is broken: it was used' });
    expect(refused).toMatchObject({ status: 'refused', status_label: 'Return refused', note: 'The seal is broken: it was used' });
    expectRefused(await move(admin, back.id, { status: 'awaiting_item' }), 409, `${UPDATE_FAILED}: a return that is refused cannot become accepted`);
    // A refused return no longer holds its unit: the buyer may ask again while the window is open.
    expect((await order(placed.id)).parts[0].returnable).toEqual([{ order_item_id: lineOf(own).id, quantity: 1 }]);
    expect((await ask(buyer, placed.id, askFor(own))).status).toBe(201);
  });

  it('lists returns for who may see them: the buyer their own, the vendor those on its parts, an administrator all', async () => {
    const { placed, own } = await deliveredOrder();
    const back = await asked(placed, own);
    const ids = async (who: Caller, query = '') => ((await call(`/api/returns${query}`, who)).body.data.data as Row[]).map((entry) => entry.id);
    expect(await ids(buyer)).toContain(back.id);
    expect(await ids(vendor)).toContain(back.id);
    expect(await ids(admin)).toContain(back.id);
    expect(await ids(otherBuyer)).not.toContain(back.id);
    expect(await ids(otherVendor)).not.toContain(back.id);
    expect(await ids(buyer, '?status=requested')).toContain(back.id);
    expect(await ids(buyer, '?status=refunded')).not.toContain(back.id);
    const page = (await call('/api/returns', buyer)).body.data;
    expect(page).toMatchObject({ current_page: 1, per_page: 20, path: '/api/returns' });
    expect(page.data[0].id).toBe(back.id);
    expectRefused(await call('/api/returns?status=lost', buyer), 400, /^status: must be one of requested, /);
    expectRefused(await call('/api/returns', null), 401, 'Unauthenticated');
  });
});

describe('stock and money', () => {
  it('gives the stock back once when five mark the return received at once', async () => {
    const { placed, own } = await deliveredOrder('cash_on_delivery', 3);
    const productId = lineOf(own).product_id;
    const back = await asked(placed, own, 2);
    await moved(vendor, back.id, { status: 'awaiting_item', note: 'Bring them to our Kikuubo shop' });
    const before = await stockLeft(productId);
    const replies = await Promise.all(Array.from({ length: 5 }, (_, i) => move(i % 2 ? admin : vendor, back.id, { status: 'received' })));
    expect(replies.map((reply) => reply.status)).toEqual([200, 200, 200, 200, 200]);
    expect(await stockLeft(productId)).toBe(before + 2);
    const events = (await order(placed.id)).events.filter((event: Row) => event.status === 'return:received');
    expect(events).toHaveLength(1);
  });

  it('a cash-on-delivery return is recorded as refunded by hand, with how; mails go to the buyer at each step and to the vendor when asked', async () => {
    const { placed, own } = await deliveredOrder();
    const back = await asked(placed, own);
    await moved(vendor, back.id, { status: 'awaiting_item' });
    await moved(vendor, back.id, { status: 'received', note: 'Received in good condition' });
    expectRefused(
      await move(vendor, back.id, { status: 'refunded' }),
      400,
      `${UPDATE_FAILED}: refund_method: say how the money was paid back (cash or mobile_money)`,
    );
    expectRefused(
      await move(vendor, back.id, { status: 'refunded', refund_method: 'gateway' }),
      400,
      /^Failed to update the return: refund_method: must be one of cash, mobile_money/,
    );
    const refunded = await moved(vendor, back.id, { status: 'refunded', refund_method: 'cash', note: 'Paid at the shop counter' });
    expect(refunded).toMatchObject({ status: 'refunded', refund_method: 'cash', note: 'Paid at the shop counter', refunds: [] });
    // Again is nothing new.
    expect((await moved(admin, back.id, { status: 'refunded', refund_method: 'mobile_money' })).refund_method).toBe('cash');

    const order_ = `order #${placed.id}`;
    expect(await mailSubjects(buyer.email, 4)).toEqual(
      expect.arrayContaining([
        `Your return request for ${order_}`,
        `Your return for ${order_} is accepted`,
        `Your returned items from ${order_} have arrived`,
        `Your refund for ${order_}: UGX ${back.amount.toLocaleString('en-US')}`,
      ]),
    );
    // The vendor's mail goes to its shop's address (its own when the shop has none).
    expect(await mailSubjects('', 1)).toContain(`Return requested for order #${placed.id}`);
    expect(await mailSubjects(otherBuyer.email, 0)).toEqual([]);
  });

  it('a Stripe-paid return is paid back to the card by itself when the items are received', async () => {
    const { placed, own } = await stripePaidAndDelivered();
    const back = await asked(placed, own);
    await moved(vendor, back.id, { status: 'awaiting_item' });
    const received = await moved(vendor, back.id, { status: 'received' });
    expect(received).toMatchObject({ status: 'refunded', refund_method: 'gateway', refunds: [{ amount: back.amount, status: 'refunded', gateway: 'stripe' }] });
    const refunds = (await history(placed.id)).refunds;
    expect(refunds).toEqual([expect.objectContaining({ amount: back.amount, reason: 'returned', return_id: back.id, status: 'refunded' })]);
    const session = (await stripeFake('/__fake/state')).sessions.find((entry: Row) => entry.client_reference_id === String(placed.id));
    const paidBack = (await stripeFake('/__fake/state')).refunds.filter((refund: Row) => refund.payment_intent === session.payment_intent);
    expect(paidBack).toEqual([expect.objectContaining({ amount: back.amount * 100, status: 'succeeded' })]);
    // Recording it by hand now changes nothing and pays nobody again.
    expect((await moved(admin, back.id, { status: 'refunded', refund_method: 'cash' })).refund_method).toBe('gateway');
    expect((await history(placed.id)).refunds).toHaveLength(1);
    expect(await mailSubjects(buyer.email, 1)).toContain(`Your refund for order #${placed.id}: UGX ${back.amount.toLocaleString('en-US')}`);
  });

  it('refuses recording a refund by hand while Stripe pays it back, and takes it once Stripe has refused', async () => {
    const { placed, own } = await stripePaidAndDelivered();
    const back = await asked(placed, own);
    await moved(vendor, back.id, { status: 'awaiting_item' });
    await stripeFake('/__fake/fail', { path: '/v1/refunds', mode: 'slow', ms: 3_000 });
    const receiving = move(vendor, back.id, { status: 'received' });
    await waitFor(async () => (await history(placed.id)).refunds.length === 1);
    expectRefused(
      await move(admin, back.id, { status: 'refunded', refund_method: 'mobile_money' }),
      409,
      `${UPDATE_FAILED}: the money is being paid back through Card (Stripe): the return shows as refunded by itself once it is paid`,
    );
    expect((await receiving).body.data).toMatchObject({ status: 'refunded', refund_method: 'gateway' });

    const second = await stripePaidAndDelivered();
    const again = await asked(second.placed, second.own);
    await moved(vendor, again.id, { status: 'awaiting_item' });
    await stripeFake('/__fake/fail', { path: '/v1/refunds', mode: 'http500' });
    const stuck = await moved(vendor, again.id, { status: 'received' });
    expect(stuck).toMatchObject({ status: 'received', refund_pending_through: null, refunds: [{ amount: again.amount, status: 'failed', gateway: 'stripe' }] });
    const byHand = await moved(vendor, again.id, { status: 'refunded', refund_method: 'mobile_money', note: 'MTN MoMo 81234567' });
    expect(byHand).toMatchObject({ status: 'refunded', refund_method: 'mobile_money', refunds: [{ status: 'refunded' }] });
    expect((await history(second.placed.id)).refunds).toEqual([expect.objectContaining({ status: 'refunded', note: 'Mobile money: MTN MoMo 81234567' })]);
  });

  it("a Pesapal-paid return's refund waits for the vendor, who records it on the return (not on the refunds page)", async () => {
    const { placed, own } = await pesapalPaidAndDelivered();
    const back = await asked(placed, own);
    await moved(vendor, back.id, { status: 'awaiting_item' });
    const received = await moved(vendor, back.id, { status: 'received' });
    expect(received).toMatchObject({ status: 'received', refunds: [{ amount: back.amount, status: 'due', gateway: 'pesapal' }], refund_pending_through: null });
    const [refund] = (await history(placed.id)).refunds;
    expect(refund).toMatchObject({ reason: 'returned', return_id: back.id, status: 'due' });
    expectRefused(
      await call(`/api/refunds/${refund.id}`, admin, 'POST', { note: 'x' }),
      409,
      'This refund is for returned items: record it on the return, with how it was paid back',
    );
    await moved(vendor, back.id, { status: 'refunded', refund_method: 'mobile_money', note: 'Airtel 7731' });
    expect((await history(placed.id)).refunds).toEqual([expect.objectContaining({ id: refund.id, status: 'refunded', note: 'Mobile money: Airtel 7731' })]);
    // The whole payment paid back (an order of that one item, delivered free) is a refunded payment; delivery paid for is still owed.
    expect((await order(placed.id)).payment_status).toBe(placed.delivery_fee === 0 ? 'REFUNDED' : 'COMPLETED');
  });
});

describe('the window', () => {
  it('takes a request asked just after delivery', async () => {
    const { placed, own } = await deliveredOrder();
    expect((await ask(buyer, placed.id, askFor(own))).status).toBe(201);
  });

  it(
    'refuses a request once the window has passed, saying when the part was delivered; the order offers nothing more to return',
    async () => {
      const seen = (await order(late.order.id)).parts[0];
      const wait = Date.parse(seen.return_until) + 1_000 - Date.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      const after = (await order(late.order.id)).parts[0];
      expect(after.returnable).toEqual([]);
      expect(after.return_until).toBe(seen.return_until);
      expectRefused(
        await ask(buyer, late.order.id, askFor(late.part)),
        409,
        `${ASK_FAILED}: returns are accepted within 7 days of delivery; this part was delivered on ${kampalaDate(seen.delivered_at)}`,
      );
    },
    RETURN_WINDOW_SECONDS * 1000 + 30_000,
  );
});

async function stripeFake(pathname: string, body?: unknown) {
  const response = await fetch(
    new URL(pathname, inject('stripeUrl')),
    body === undefined ? {} : { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) },
  );
  return response.json();
}

async function waitFor(check: () => Promise<boolean>, withinMs = 10_000) {
  const started = Date.now();
  while (Date.now() - started < withinMs) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('waited in vain');
}

/** A Stripe-paid two-vendor order with the demo vendor's part delivered. */
async function stripePaidAndDelivered() {
  const [product, otherProduct] = productPair();
  const placed = await placeOrder(
    [
      { product: product!, quantity: 1 },
      { product: otherProduct!, quantity: 1 },
    ],
    'stripe',
  );
  await stripeFake('/__fake/pay', { sessionId: placed.payment.redirect_url.split('/').at(-1) });
  expect((await order(placed.id)).payment_status).toBe('COMPLETED');
  const own = placed.parts[0];
  await deliver(placed, own);
  return { placed, own };
}

/** A Pesapal-paid order of the demo vendor's product, delivered. */
async function pesapalPaidAndDelivered() {
  const [product] = productPair();
  const placed = await placeOrder([{ product: product!, quantity: 1 }], 'pesapal');
  const trackingId = placed.payment.redirect_url.split('/').at(-1);
  const fake = (pathname: string, body: unknown) =>
    fetch(new URL(pathname, inject('pesapalUrl')), { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  await fake('/__fake/status', { trackingId, status_code: 1 });
  await fake('/__fake/notify', { trackingId });
  expect((await order(placed.id)).payment_status).toBe('COMPLETED');
  const own = placed.parts[0];
  await deliver(placed, own);
  return { placed, own };
}
