/**
 * An order's timeline in the API, in the language asked: an order of two vendors' parts, paid, one part
 * cancelled and refunded, the other delivered and partly returned and refunded. Every entry keeps its status
 * code, kind and values in every language; its `note` is the English the store has always written, or the same
 * entry said in Luganda or Swahili.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { api } from './client';
import { approveShop, call, login, register, type Caller } from './callers';
import { ADMIN } from './server.setup';
import { DEMO_ACCOUNTS } from '../../src/server/demo-data/demo-accounts';
import { sayOrderEvent } from '../../src/lib/order-event-words';

type Row = Record<string, any>;

let buyer: Caller;
let admin: Caller;
let vendor: Caller;
/** The order's id, its two parts, and the return asked on the delivered one. */
let placed: Row;
let own: Row;
let other: Row;
let back: Row;

const ugx = (amount: number) => `UGX ${amount.toLocaleString('en-US')}`;
const orderIn = (languageTag: string | null) =>
  api(`/api/orders/${placed.id}`, { headers: { ...buyer.headers, ...(languageTag ? { 'Accept-Language': languageTag } : {}) } });

async function ok(reply: Promise<{ status: number; body: { message: string; data: Row } }>): Promise<Row> {
  const { status, body } = await reply;
  expect(status, body.message).toBeLessThan(300);
  return body.data;
}

beforeAll(async () => {
  let otherVendor: Caller;
  [buyer, admin, vendor, otherVendor] = await Promise.all([
    register('10.233.0.1', 'Namuli'),
    login(ADMIN.email, ADMIN.password, '10.233.0.2'),
    login(DEMO_ACCOUNTS.vendor.email, DEMO_ACCOUNTS.vendor.password, '10.233.0.3'),
    register('10.233.0.4', 'Ssekandi'),
  ]);
  await approveShop(otherVendor, 'Ssekandi Timeline Traders', admin);

  const location = (await api('/api/manifest')).body.data.delivery_locations[0];
  const plain = (p: Row) => p.has_colors !== 'Yes' && p.has_sizes !== 'Yes' && p.stock.total_items - p.stock.items_sold >= 5 && Number(p.price_1) >= 1000;
  const [mine] = ((await api(`/api/products?limit=100&in_stock=1&vendor=${vendor.id}`)).body.data.data as Row[]).filter(plain).reverse();
  const [theirs] = ((await api('/api/products?limit=100&in_stock=1')).body.data.data as Row[])
    .filter((p) => plain(p) && p.supplier && Number(p.supplier) !== vendor.id)
    .reverse();

  placed = await ok(
    call('/api/orders', buyer, 'POST', {
      items: [
        { product_id: mine!.id, quantity: 2 },
        { product_id: theirs!.id, quantity: 1 },
      ],
      customer_name: 'Namuli Grace',
      customer_phone: '0772 555 071',
      delivery_location_id: location.id,
      delivery_address: 'Plot 3, Ggaba Road',
      payment_gateway: 'manual',
    }),
  );
  [own, other] = placed.parts;
  expect(own.vendor_id).toBe(vendor.id);
  const movePart = (part: Row, who: Caller, status: string) => ok(call(`/api/orders/${placed.id}/parts/${part.id}/status`, who, 'POST', { status }));

  await ok(call(`/api/orders/${placed.id}/status`, admin, 'POST', { payment_status: 'COMPLETED' }));
  await movePart(own, vendor, 'processing');
  await movePart(other, admin, 'cancelled');
  await movePart(own, vendor, 'shipped');
  await movePart(own, vendor, 'delivered');
  back = await ok(call(`/api/orders/${placed.id}/returns`, buyer, 'POST', { lines: [{ order_item_id: own.lines[0].id, quantity: 1 }], reason: 'damaged' }));
  await ok(call(`/api/returns/${back.id}/status`, vendor, 'POST', { status: 'awaiting_item' }));
  await ok(call(`/api/returns/${back.id}/status`, vendor, 'POST', { status: 'received' }));
  await ok(call(`/api/returns/${back.id}/status`, vendor, 'POST', { status: 'refunded', refund_method: 'cash', note: 'Paid at the counter' }));
  const { refunds } = await ok(call(`/api/orders/${placed.id}/payment-history`, admin));
  const cancelledPart = refunds.find((refund: Row) => refund.reason === 'cancelled');
  await ok(call(`/api/refunds/${cancelledPart.id}`, admin, 'POST', { note: 'MTN MoMo 81234567' }));
});

describe("an order's timeline", () => {
  it('says each entry in English as the store always wrote it', async () => {
    const reply = await orderIn(null);
    expect(reply.headers.get('content-language')).toBe('en-UG');
    const ownItem = own.lines[0];
    const otherItem = other.lines[0];
    expect(reply.body.data.events.map(({ status, note }: Row) => [status, note])).toEqual([
      ['pending', 'Order placed'],
      ['payment:COMPLETED', 'Paid'],
      ['part:processing', `Being prepared: ${own.vendor_name} (${ownItem.product_name})`],
      ['part:cancelled', `Cancelled: ${other.vendor_name} (${otherItem.product_name})`],
      ['refund:due', `Refund due: ${ugx(otherItem.subtotal)}`],
      ['shipped', 'On the way'],
      ['delivered', 'Delivered'],
      ['return:requested', `Return requested: 1 × ${ownItem.product_name}`],
      ['return:awaiting_item', `Accepted: send the items back (return #${back.id})`],
      // The ledger records what is owed, and what was paid back, before the return's step.
      ['refund:due', `Refund due: ${ugx(ownItem.unit_price)}`],
      ['return:received', `Items received: refund on the way (return #${back.id})`],
      ['refund:refunded', `Refunded: ${ugx(ownItem.unit_price)}`],
      ['return:refunded', `Refunded (return #${back.id})`],
      ['refund:refunded', `Refunded: ${ugx(otherItem.subtotal)}`],
    ]);
    expect(reply.body.data.events[2]).toMatchObject({
      kind: 'part',
      values: { status: 'processing', vendor: own.vendor_name, items: [ownItem.product_name] },
    });
  });

  it.each([
    ['lg-UG', 'lg'],
    ['sw-UG', 'sw'],
  ] as const)('%s: says each entry in that language, keeping its code, kind and values', async (tag, language) => {
    const english: Row[] = (await orderIn(null)).body.data.events;
    const reply = await orderIn(tag);
    expect(reply.headers.get('content-language')).toBe(tag);
    const events: Row[] = reply.body.data.events;
    expect(events.map(({ note: _note, ...kept }) => kept)).toEqual(english.map(({ note: _note, ...kept }) => kept));
    expect(events.map((event) => event.note)).toEqual(events.map((event) => sayOrderEvent({ kind: event.kind, values: event.values } as never, language)));
    events.forEach((event, at) => expect(event.note, event.status).not.toBe(english[at]!.note));
    const ownItem = own.lines[0].product_name;
    const said = events.map((event) => event.note);
    if (language === 'lg') {
      expect(said).toContain(`Etegekebwa: ${own.vendor_name} (${ownItem})`);
      expect(said).toContain(`Okuzzaayo kusabiddwa: 1 × ${ownItem}`);
      expect(said).toContain(`Kukkiriziddwa: zzaayo ebintu (okuzzaayo #${back.id})`);
    } else {
      expect(said).toContain(`Inaandaliwa: ${own.vendor_name} (${ownItem})`);
      expect(said).toContain(`Urejeshaji umeombwa: 1 × ${ownItem}`);
      expect(said).toContain(`Umekubaliwa: rudisha bidhaa (urejeshaji #${back.id})`);
    }
  });
});
