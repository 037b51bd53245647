/**
 * What the spec's other clients read beside our own fields, and how they reach the store: searches kept
 * where they happen, the manifest's wishlist and suggestions, wishlist items' prices, pictures at
 * /storage/<file>, and calls from a web page on another origin (CORS_ORIGINS).
 */
import { describe, expect, inject, it } from 'vitest';
import { ForeignClient } from './foreign-client';
import { PARTNER_ORIGIN } from '../api/server.setup';

type Row = Record<string, any>;

let serial = 0;
const client = () => new ForeignClient(inject('baseUrl'), `10.242.0.${++serial}`);

describe('search history', () => {
  it("keeps a guest's searches where they happen, typing folded into the term, newest first, clearable", async () => {
    const guest = client();
    // The guest's first call to its history gets the signed id the store keeps its searches under.
    expect((await guest.get('search-history')).recent_searches).toEqual([]);
    for (const q of ['s', 'su', 'sug', 'sugar']) await guest.get('live-search', { q, limit: 6 });
    await guest.get('products', { search: 'Tecno phone', page: 1 });
    await guest.get('products', { search: 'x' });
    const history = await guest.get('search-history', { session_id: guest.sessionId, limit: 10 });
    expect(history.recent_searches.map((search: Row) => search.query)).toEqual(['Tecno phone', 'sugar']);

    const manifest = await guest.get('manifest');
    expect(manifest.recent_search_suggestions.slice(0, 2)).toEqual(['Tecno phone', 'sugar']);

    await guest.post('search-history/clear', { session_id: guest.sessionId });
    expect((await guest.get('search-history', { session_id: guest.sessionId })).recent_searches).toEqual([]);
    // Another guest never sees them.
    const other = client();
    expect((await other.get('search-history', { session_id: other.sessionId })).recent_searches).toEqual([]);
  });

  it("keeps a logged-in shopper's searches with the account, whatever session id is sent", async () => {
    const shopper = client();
    const email = `searcher.${Date.now()}@example.com`;
    shopper.logIn(await shopper.post('users/register', { username: email, email, password: 'Kampala-2026!', first_name: 'Opio', last_name: 'Tester' }));
    await shopper.get('live-search', { q: 'kettle', session_id: shopper.sessionId });
    expect((await shopper.get('search-history')).recent_searches.map((search: Row) => search.query)).toEqual(['kettle']);
    expect((await client().get('search-history', { session_id: shopper.sessionId })).recent_searches).toEqual([]);
  });
});

describe('the manifest and the wishlist', () => {
  it("lists the caller's wishlist rows in the manifest, and wishlist items priced from price_1 and price_2", async () => {
    const shopper = client();
    const email = `wisher.${Date.now()}@example.com`;
    shopper.logIn(await shopper.post('users/register', { username: email, email, password: 'Kampala-2026!', first_name: 'Akello', last_name: 'Tester' }));
    const listed: Row[] = (await shopper.get('products', { limit: 50 })).data;
    const [onSale, plain] = [listed.find((product) => product.price_2 !== '')!, listed.find((product) => product.price_2 === '')!];
    for (const product of [onSale, plain]) await shopper.post('wishlist_add', { product_id: product.id });
    const rows: Row[] = (await shopper.get('manifest')).wishlist;
    expect(rows.map((row) => row.product_id).sort()).toEqual([onSale.id, plain.id].sort());
    for (const product of [onSale, plain]) {
      expect(rows.find((row) => row.product_id === product.id)).toMatchObject({ product_price: product.price_1, product_sale_price: product.price_2 });
    }
    const items: Row[] = await shopper.get('wishlist_get');
    for (const product of [onSale, plain]) {
      expect(items.find((item) => item.product_id === product.id)).toMatchObject({ product_price: product.price_1, product_sale_price: product.price_2 });
    }
    expect((await client().get('manifest')).wishlist).toEqual([]);
  });
});

describe('pictures named in data', () => {
  it('are served at /storage/<file> as at /storage/images/<file>', async () => {
    const guest = client();
    const category = (await guest.get('categories')).find((entry: Row) => entry.image);
    const product = (await guest.get('products', { limit: 1 })).data[0];
    for (const file of [category.image, product.feature_photo]) {
      const [short, long] = await Promise.all([
        fetch(new URL(`/storage/${file}`, inject('baseUrl'))),
        fetch(new URL(`/storage/images/${file}`, inject('baseUrl'))),
      ]);
      expect(short.status, file).toBe(200);
      expect(short.headers.get('content-type')).toBe(long.headers.get('content-type'));
      expect(Buffer.from(await short.arrayBuffer()).equals(Buffer.from(await long.arrayBuffer())), file).toBe(true);
    }
  });
});

describe('calls from a web page on another origin', () => {
  const api = (path: string, init: RequestInit = {}) => fetch(new URL(`/api/${path}`, inject('baseUrl')), init);

  it('answers the preflight of a listed origin with 204, the methods and the headers it asks for', async () => {
    const preflight = await api('orders', {
      method: 'OPTIONS',
      headers: { Origin: PARTNER_ORIGIN, 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'authorization, user-id, content-type' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe(PARTNER_ORIGIN);
    expect(preflight.headers.get('access-control-allow-methods')).toBe('GET, POST, PUT, DELETE, OPTIONS');
    expect(preflight.headers.get('access-control-allow-headers')).toBe('authorization, user-id, content-type');
    expect(preflight.headers.get('access-control-allow-credentials')).toBeNull();
  });

  it('names a listed origin on every reply, refusals included, and gives any other origin no CORS headers', async () => {
    const listed = await api('products?limit=1', { headers: { Origin: PARTNER_ORIGIN } });
    expect(listed.headers.get('access-control-allow-origin')).toBe(PARTNER_ORIGIN);
    expect(listed.headers.get('vary')).toContain('Origin');
    const refused = await api('orders', { headers: { Origin: PARTNER_ORIGIN } });
    expect(refused.status).toBe(401);
    expect(refused.headers.get('access-control-allow-origin')).toBe(PARTNER_ORIGIN);

    for (const origin of ['https://elsewhere.test', `${PARTNER_ORIGIN}.elsewhere.test`, 'null']) {
      const other = await api('products?limit=1', { headers: { Origin: origin } });
      const otherPreflight = await api('products', { method: 'OPTIONS', headers: { Origin: origin, 'Access-Control-Request-Method': 'GET' } });
      for (const reply of [other, otherPreflight]) {
        expect(
          [...reply.headers.keys()].filter((name) => name.startsWith('access-control-')),
          origin,
        ).toEqual([]);
      }
    }
    expect((await fetch(new URL('/', inject('baseUrl')), { headers: { Origin: PARTNER_ORIGIN } })).headers.get('access-control-allow-origin')).toBeNull();
  });
});
