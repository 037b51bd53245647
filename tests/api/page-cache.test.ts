/**
 * The page cache: storefront pages are kept compressed and answered from memory with the same headers as a
 * fresh render; a write drops exactly the pages that show what it changed, so the next page after its reply
 * shows the new state; and a cached page is the same for everyone, never carrying one person's data.
 */
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, url } from './client';
import { call, login, orderProduct, register, type Caller } from './callers';
import { ADMIN } from './server.setup';

type Row = Record<string, any>;

let buyer: Caller;
let admin: Caller;
let location: Row;

const page = (path: string, headers: Record<string, string> = {}) => fetch(url(path), { headers });
const unitsLeft = (row: Row) => row.stock.total_items - row.stock.items_sold;

/** The product's card on a list page (its <article>), or undefined when the page does not show it. */
function cardOf(html: string, productId: number): string | undefined {
  return html.split('<article class="card"').find((card) => card.includes(`href="/product/${productId}"`));
}

/** A plain product (no options) with a few units left, with its price, categories and vendor. */
async function aProduct(): Promise<Row> {
  const listed: Row[] = (await call('/api/products?limit=100&in_stock=1&sort_by=price_1&sort_order=desc', null)).body.data.data;
  const candidates = listed.filter(
    (p) => p.has_colors !== 'Yes' && p.has_sizes !== 'Yes' && p.supplier && p.sub_category && unitsLeft(p) >= 1 && unitsLeft(p) <= 99,
  );
  expect(candidates.length).toBeGreaterThan(2);
  const product = candidates[Math.floor(Math.random() * candidates.length)]!;
  return (await call(`/api/products/${product.id}`, null)).body.data;
}

/** Every page that shows the product, narrowed by price so it is on the first page of each list. */
function pagesShowing(product: Row): string[] {
  const price = `min_price=${product.price_1}&max_price=${product.price_1}`;
  return [`/category/${product.sub_category}?${price}`, `/category/${product.category}?${price}`, `/products?${price}`, `/vendor/${product.supplier}?${price}`];
}

/** Requests each page until the cache answers it, so the check after a write is about a cached page. */
async function warm(paths: string[]) {
  for (const path of paths) {
    await (await page(path)).text();
    const again = await page(path);
    await again.text();
    expect(again.headers.get('x-astro-cache'), path).toBe('HIT');
  }
}

const order = (product: Row, quantity: number) => orderProduct(buyer, product.id, quantity, location.id);

beforeAll(async () => {
  buyer = await register('10.241.0.1', 'Nakato');
  admin = await login(ADMIN.email, ADMIN.password, '10.241.0.2');
  location = (await api('/api/manifest')).body.data.delivery_locations[0];
});

describe('cached pages after a write', () => {
  it('an order for the last units: the product page and every list that shows it say out of stock at once; unrelated pages stay cached', async () => {
    const product = await aProduct();
    const lists = pagesShowing(product);
    await warm([`/product/${product.id}`, ...lists, '/about']);
    for (const path of lists) expect(cardOf(await (await page(path)).text(), product.id), path).not.toContain('Out of stock');

    expect((await order(product, unitsLeft(product))).status).toBe(201);

    const productPage = await (await page(`/product/${product.id}`)).text();
    expect(productPage).toContain('<p>Out of stock');
    for (const path of lists) {
      const card = cardOf(await (await page(path)).text(), product.id);
      expect(card, `${path} shows the product`).toBeDefined();
      expect(card, path).toContain('Out of stock');
    }
    expect((await page('/about')).headers.get('x-astro-cache')).toBe('HIT');
  });

  it('a price change shows on the product page and its lists at once', async () => {
    const product = await aProduct();
    const newPrice = Number(product.price_1) + 1_000;
    await warm([`/product/${product.id}`, `/category/${product.sub_category}`]);
    const form = new FormData();
    form.append('price_1', String(newPrice));
    const changed = await api(`/api/products/${product.id}?_method=PUT`, { method: 'POST', headers: admin.headers, body: form });
    expect(changed.status, changed.body.message).toBe(200);

    const shown = newPrice.toLocaleString('en-US');
    expect(await (await page(`/product/${product.id}`)).text()).toContain(shown);
    const narrowed = `/category/${product.sub_category}?min_price=${newPrice}&max_price=${newPrice}`;
    expect(cardOf(await (await page(narrowed)).text(), product.id)).toContain(shown);
  });

  it("a new review shows in the product page's count at once", async () => {
    const product = await aProduct();
    const countOn = (html: string) => Number(/"reviewCount":(\d+)/.exec(html)?.[1] ?? 0);
    await warm([`/product/${product.id}`]);
    const before = countOn(await (await page(`/product/${product.id}`)).text());
    const reviewed = await call('/api/reviews', buyer, 'POST', { product_id: product.id, rating: 5, comment: 'Came the same day, well packed.' });
    expect(reviewed.status).toBe(201);
    expect(countOn(await (await page(`/product/${product.id}`)).text())).toBe(before + 1);
  });
});

describe('what a cached page answers', () => {
  it('a hit carries the same headers as the render it keeps, security and content policy included', async () => {
    const path = '/help';
    const first = await page(path);
    await first.text();
    const hit = await page(path);
    await hit.text();
    expect(hit.headers.get('x-astro-cache')).toBe('HIT');
    for (const name of [
      'content-security-policy',
      'x-content-type-options',
      'referrer-policy',
      'x-frame-options',
      'permissions-policy',
      'content-type',
      'cache-control',
      'etag',
    ]) {
      expect(hit.headers.get(name), name).toBe(first.headers.get(name));
    }
    expect(hit.headers.get('content-security-policy')).toContain("script-src 'self' 'sha256-");
    expect(hit.headers.get('cache-control')).toBe('public, no-cache');
    expect(hit.headers.get('vary')).toContain('Accept-Encoding');
  });

  it('answers brotli, gzip or plain by Accept-Encoding, each the same page, with its length', async () => {
    const path = '/buyer-protection';
    await (await page(path)).text();
    const raw = async (acceptEncoding: string) => {
      // fetch would undo the encoding; node:http shows the bytes as sent.
      const { request } = await import('node:http');
      return new Promise<{ headers: Record<string, any>; body: Buffer }>((resolve, reject) => {
        request(url(path), { headers: { 'Accept-Encoding': acceptEncoding } }, (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
        })
          .on('error', reject)
          .end();
      });
    };
    const [br, gzip, plain, refused] = await Promise.all([raw('gzip, deflate, br'), raw('gzip'), raw('identity'), raw('br;q=0, gzip;q=0')]);
    expect([br.headers['content-encoding'], gzip.headers['content-encoding'], plain.headers['content-encoding'], refused.headers['content-encoding']]).toEqual([
      'br',
      'gzip',
      undefined,
      undefined,
    ]);
    for (const reply of [br, gzip, plain, refused]) expect(Number(reply.headers['content-length'])).toBe(reply.body.length);
    expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
    expect(gunzipSync(gzip.body).equals(plain.body)).toBe(true);
    expect(br.body.length).toBeLessThan(plain.body.length / 3);
  });

  it('a browser that has the page gets 304 with its ETag; HEAD gets the headers only', async () => {
    const path = '/terms';
    const first = await page(path);
    await first.text();
    const etag = first.headers.get('etag')!;
    const revalidated = await page(path, { 'If-None-Match': etag });
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers.get('etag')).toBe(etag);
    expect(await revalidated.text()).toBe('');
    const head = await fetch(url(path), { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(Number(head.headers.get('content-length'))).toBeGreaterThan(1000);
  });

  it('search results, pages with bad filters and the checkout are not kept', async () => {
    for (const path of ['/products?search=phone', '/category/1?min_price=abc', '/checkout']) {
      await (await page(path)).text();
      const again = await page(path);
      await again.text();
      expect(again.headers.get('x-astro-cache'), path).toBeNull();
    }
  });
});

describe('cached pages are the same for everyone', () => {
  it('a logged-in visit (session cookie and bearer token) leaves nothing of that person for the guest who comes next', async () => {
    const product = await aProduct();
    const path = `/product/${product.id}`;
    const reply = await api('/api/users/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': '10.241.0.3' },
      body: JSON.stringify({ username: ADMIN.email, password: ADMIN.password }),
    });
    const cookie = reply.headers.get('set-cookie')!.split(';')[0]!;
    const token = reply.body.data.token as string;
    const person = reply.body.data as Row;
    expect(cookie).toMatch(/=./);

    // A new page: its first render is for the logged-in visitor.
    const form = new FormData();
    form.append('price_1', String(Number(product.price_1) + 500));
    expect((await api(`/api/products/${product.id}?_method=PUT`, { method: 'POST', headers: admin.headers, body: form })).status).toBe(200);
    const asPerson = await page(path, { Cookie: cookie, Authorization: `Bearer ${token}` });
    const personHtml = await asPerson.text();
    expect(asPerson.headers.get('set-cookie')).toBeNull();

    const asGuest = await page(path);
    const guestHtml = await asGuest.text();
    expect(asGuest.headers.get('x-astro-cache')).toBe('HIT');
    expect(guestHtml).toBe(personHtml);
    for (const secret of [token, cookie.split('=')[1]!, person.email, `${person.first_name} ${person.last_name}`]) expect(guestHtml).not.toContain(secret);
  });

  it('the vendor pages, which read the session cookie, are never kept', async () => {
    const reply = await api('/api/users/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': '10.241.0.4' },
      body: JSON.stringify({ username: ADMIN.email, password: ADMIN.password }),
    });
    const cookie = reply.headers.get('set-cookie')!.split(';')[0]!;
    for (let i = 0; i < 2; i++) {
      const dashboard = await page('/vendor-dashboard', { Cookie: cookie });
      expect(dashboard.status).toBe(200);
      await dashboard.text();
      expect(dashboard.headers.get('x-astro-cache')).toBeNull();
    }
    const guest = await fetch(url('/vendor-dashboard'), { redirect: 'manual' });
    expect(guest.status).toBe(302);
  });
});
