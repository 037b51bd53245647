/**
 * The refusals a shopper meets placing an order, saving an address or making an account, asked in Luganda and
 * Swahili: each says none of the English words of the same refusal in English (product names and the API's
 * field names, kept in parentheses for developers, aside), and English stays as it was.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { api, type Reply } from './client';
import { register, type Caller } from './callers';
import { expectRefusedInEveryLanguage as expectRefused } from './refused-in-languages';

type Row = Record<string, any>;

let shopper: Caller;
let location: Row;
let plain: Row[];
let coloured: Row;

const left = (product: Row) => product.stock.total_items - product.stock.items_sold;

const send = (path: string, language: string, body: unknown, raw = false): Promise<Reply> =>
  api(path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Accept-Language': language, ...shopper.headers },
    body: raw ? (body as string) : JSON.stringify(body),
  });

function orderOf(items: { product: Row; quantity: number }[], extra: Row = {}) {
  return {
    items: items.map(({ product, quantity }) => ({ product_id: product.id, quantity, price: Number(product.price_1) })),
    customer_name: 'Nakato Sarah',
    customer_phone: '0772 123 456',
    delivery_location_id: location.id,
    delivery_address: 'Plot 5, Ntinda Road, near the market',
    payment_gateway: 'cash_on_delivery',
    ...extra,
  };
}

/** Sends the same refused request in English, Luganda and Swahili; English must be `expected`, the others none of its words. */
const expectRefusedInEveryLanguage = (path: string, body: unknown, status: number, expected: string, names: string[] = [], raw = false) =>
  expectRefused((language) => send(path, language, body, raw), status, expected, names);

beforeAll(async () => {
  shopper = await register('10.243.0.1', 'Nansubuga');
  location = (await api('/api/manifest')).body.data.delivery_locations[0];
  const listed: Row[] = (await api('/api/products?limit=100&in_stock=1')).body.data.data;
  plain = listed.filter((product) => product.has_colors !== 'Yes' && product.has_sizes !== 'Yes');
  coloured = listed.find((product) => product.has_colors === 'Yes' && product.colors)!;
});

describe('placing an order, refused in the language asked for', () => {
  it('a missing field: the field named in the language (its API name kept in parentheses) and the rule', async () => {
    const { customer_name: _left, ...unnamed } = orderOf([{ product: plain[0]!, quantity: 1 }]);
    await expectRefusedInEveryLanguage('/api/orders', unnamed, 400, 'Failed to place order: customer_name: Invalid input: expected string, received undefined');
    const swahili = await send('/api/orders', 'sw', unnamed);
    expect(swahili.body.message).toBe('Imeshindikana kuweka oda: jina la mpokeaji (customer_name): kinahitajika');
  });

  it('more than is left in stock, the product named as it is', async () => {
    const scarce = plain.find((product) => left(product) < 99)!;
    const order = orderOf([{ product: scarce, quantity: left(scarce) + 1 }]);
    await expectRefusedInEveryLanguage('/api/orders', order, 409, `Failed to place order: only ${left(scarce)} of ${scarce.name} left in stock`, [scarce.name]);
    const swahili = await send('/api/orders', 'sw', order);
    expect(swahili.body.message).toBe(`Imeshindikana kuweka oda: zimebaki ${left(scarce)} tu za ${scarce.name}`);
  });

  it('a changed price, an unknown product, a missing colour, a bad phone, an empty cart and a quantity too large', async () => {
    const product = plain[1]!;
    const priced = orderOf([{ product, quantity: 1 }]);
    priced.items[0]!.price = 1;
    const price = `UGX ${Number(product.price_1).toLocaleString('en-US')}`;
    await expectRefusedInEveryLanguage(
      '/api/orders',
      priced,
      409,
      `Failed to place order: the price of ${product.name} changed to ${price}. Please check your cart`,
      [product.name, price],
    );
    await expectRefusedInEveryLanguage(
      '/api/orders',
      { ...orderOf([]), items: [{ product_id: 99_999_999, quantity: 1 }] },
      409,
      'Failed to place order: product 99999999 is no longer for sale',
    );
    await expectRefusedInEveryLanguage(
      '/api/orders',
      orderOf([{ product: coloured, quantity: 1 }]),
      400,
      `Failed to place order: Please select a color for ${coloured.name}`,
      [coloured.name],
    );
    await expectRefusedInEveryLanguage(
      '/api/orders',
      orderOf([{ product, quantity: 1 }], { customer_phone: 'call me' }),
      400,
      'Failed to place order: customer_phone: Enter a phone number, e.g. 0772 123 456',
    );
    await expectRefusedInEveryLanguage('/api/orders', { ...orderOf([]), items: [] }, 400, 'Failed to place order: items: Your cart is empty');
    await expectRefusedInEveryLanguage(
      '/api/orders',
      orderOf([{ product, quantity: 500 }]),
      400,
      'Failed to place order: items.0.quantity: must be at most 99',
    );
    await expectRefusedInEveryLanguage(
      '/api/orders',
      orderOf([{ product, quantity: 1 }], { payment_gateway: 'mtn_momo', customer_phone: '0752 123 456' }),
      400,
      'Failed to place order: That is not an MTN number: MTN Mobile Money numbers start with 076, 077 or 078',
      ['MTN Mobile Money', 'MTN'],
    );
  });
});

describe('addresses, accounts and request bodies, refused in the language asked for', () => {
  it('an address with a bad phone and one in no delivery location', async () => {
    const address = { name: 'Nakato Sarah', phone: '0772 123 456', delivery_location_id: location.id, address: 'Plot 5, Ntinda Road' };
    await expectRefusedInEveryLanguage('/api/addresses', { ...address, phone: 'call me' }, 400, 'phone: Enter a phone number, e.g. 0772 123 456');
    await expectRefusedInEveryLanguage('/api/addresses', { ...address, delivery_location_id: 99_999_999 }, 400, 'Choose a delivery location from the list');
  });

  it('a registration with a short password', async () => {
    const body = { email: `short.${Date.now()}@example.com`, password: 'short', first_name: 'Nakato', last_name: 'Sarah' };
    await expectRefusedInEveryLanguage('/api/users/register', body, 400, 'password: must be at least 8 characters');
  });

  it('a body that is not JSON', async () => {
    await expectRefusedInEveryLanguage('/api/orders', '{"items": [', 400, 'The request body is not valid JSON', ['JSON'], true);
  });
});
