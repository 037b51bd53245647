/**
 * Data-saver mode through the real store: a page asked with `Save-Data: on` (or with the footer switch's cookie)
 * offers lighter pictures a step smaller and says it varies by Save-Data; the page cache keeps each kind of a
 * page apart and never answers one with the other; a write drops both; the switch sets and clears its cookie
 * and sends the browser back only to a page of the store; the lighter pictures are served at /img/low/.
 */
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, url } from './client';
import { login } from './callers';
import { ADMIN } from './server.setup';

type Row = Record<string, any>;

const SAVE_DATA = { 'Save-Data': 'on' };
const SWITCHED_ON = { Cookie: 'data_saver=1' };
const WIDTHS = [160, 240, 320, 480, 640, 800, 1200];

const page = (path: string, headers: Record<string, string> = {}) => fetch(url(path), { headers });

/** Asks for a page until the cache answers it, and gives that cached answer with its text. */
async function cached(path: string, headers: Record<string, string> = {}): Promise<{ response: Response; html: string }> {
  await (await page(path, headers)).text();
  const response = await page(path, headers);
  const html = await response.text();
  expect(response.headers.get('x-astro-cache'), `${path} ${JSON.stringify(headers)}`).toBe('HIT');
  return { response, html };
}

/** The candidates of the first <source type="image/avif"> after `marker`: each picture's address and the width it claims. */
function avifCandidates(html: string, marker: string): { path: string; claimed: number }[] {
  const from = html.indexOf(marker);
  expect(from, marker).toBeGreaterThan(-1);
  const srcset = /<source type="image\/avif" srcset="([^"]+)"/.exec(html.slice(from))![1]!;
  return srcset.split(', ').map((candidate) => {
    const [path, descriptor] = candidate.split(' ');
    return { path: path!, claimed: Number(descriptor!.replace('w', '')) };
  });
}

const standardAddresses = (html: string) => html.match(/\/img\/\d+\/(avif|webp|jpeg)\/[^"\s,]+/g) ?? [];
const lightAddresses = (html: string) => html.match(/\/img\/low\/\d+\/(avif|webp|jpeg)\/[^"\s,]+/g) ?? [];

let product: Row;
let admin: Awaited<ReturnType<typeof login>>;

beforeAll(async () => {
  const listed: Row[] = (await api('/api/products?limit=100&sort_by=price_1&sort_order=desc')).body.data.data;
  product = listed.find((p) => p.images.length >= 3)!;
  expect(product, 'a product with three pictures').toBeDefined();
  admin = await login(ADMIN.email, ADMIN.password, '10.242.0.2');
});

describe('a page in data-saver mode', () => {
  it('offers the product picture a step smaller at the lower quality, for the same widths', async () => {
    const path = `/product/${product.id}`;
    const [normal, light] = await Promise.all([cached(path), cached(path, SAVE_DATA)]);
    const normalCandidates = avifCandidates(normal.html, 'class="gallery"');
    const lightCandidates = avifCandidates(light.html, 'class="gallery"');
    expect(lightCandidates.map((c) => c.claimed)).toEqual(normalCandidates.map((c) => c.claimed));
    for (const { path: address, claimed } of normalCandidates) expect(address).toMatch(new RegExp(`^/img/${claimed}/avif/`));
    for (const { path: address, claimed } of lightCandidates) {
      const stepDown = WIDTHS[Math.max(0, WIDTHS.indexOf(claimed) - 1)];
      expect(address).toMatch(new RegExp(`^/img/low/${stepDown}/avif/`));
    }
  });

  it('asks for no standard picture at all, while the normal page asks for no light one', async () => {
    const path = `/product/${product.id}`;
    const [normal, light] = await Promise.all([cached(path), cached(path, SAVE_DATA)]);
    expect(standardAddresses(light.html)).toEqual([]);
    expect(lightAddresses(light.html).length).toBeGreaterThan(0);
    expect(lightAddresses(normal.html)).toEqual([]);
  });

  it('shows the first gallery picture and keeps the others in a closed <details>, without thumbnails', async () => {
    const { html } = await cached(`/product/${product.id}`, SAVE_DATA);
    expect(html).toMatch(new RegExp(`<details class="more-pictures"[^>]*>\\s*<summary[^>]*>\\s*Show ${product.images.length - 1} more pictures`));
    expect(html).not.toContain('<details class="more-pictures" open');
    expect(html).not.toContain('class="thumbs"');
    const { html: normalHtml } = await cached(`/product/${product.id}`);
    expect(normalHtml).toContain('class="thumbs"');
    expect(normalHtml).not.toContain('more-pictures');
  });

  it('shows one banner picture on the home page and the other banners as links', async () => {
    const [normal, light] = await Promise.all([cached('/'), cached('/', SAVE_DATA)]);
    const banners = (html: string) => (html.match(/<a class="banner"/g) ?? []).length;
    expect(banners(normal.html)).toBeGreaterThan(1);
    expect(banners(light.html)).toBe(1);
    expect(light.html).toContain('class="banner-links"');
    expect(normal.html).not.toContain('class="banner-links"');
  });

  it('says so in the footer: the phone’s setting is explained, the switch is offered otherwise', async () => {
    const path = `/product/${product.id}`;
    const [normal, phone, switched] = await Promise.all([cached(path), cached(path, SAVE_DATA), cached(path, SWITCHED_ON)]);
    expect(normal.html).toContain('Data saver: off');
    expect(normal.html).toMatch(/<button[^>]*name="data_saver" value="on"[^>]*>\s*Turn on data saver/);
    expect(phone.html).toContain('Data saver: on');
    expect(phone.html).toContain('turn off Data Saver (or Lite mode) in your phone’s browser settings');
    expect(phone.html).not.toContain('name="data_saver"');
    expect(switched.html).toContain('Data saver: on');
    expect(switched.html).toMatch(/<button[^>]*name="data_saver" value="off"[^>]*>\s*Turn off data saver/);
    expect(switched.html).toContain(`name="back" value="/product/${product.id}#data-saver"`);
  });

  it('says every page varies by Save-Data (and, for an edge, by the cookies the data-saver and language choices live in), on a render and on a hit', async () => {
    for (const path of ['/', `/product/${product.id}`, '/about']) {
      const first = await page(path, SAVE_DATA);
      await first.text();
      expect(first.headers.get('vary'), path).toMatch(/Save-Data/);
      const { response } = await cached(path);
      expect(response.headers.get('vary'), path).toBe('Accept-Encoding, Save-Data, Cookie');
    }
  });
});

describe('the page cache in both modes', () => {
  it('answers each kind from its own entry, never with the other kind, and each with its own ETag', async () => {
    const path = `/product/${product.id}?reviews_page=2`;
    // Interleaved, so a shared entry would answer one of them with the other's body.
    for (let round = 0; round < 2; round++) {
      const normal = await cached(path);
      const phone = await cached(path, SAVE_DATA);
      const switched = await cached(path, SWITCHED_ON);
      expect(normal.html).toContain('Data saver: off');
      expect(lightAddresses(normal.html)).toEqual([]);
      for (const light of [phone, switched]) {
        expect(light.html).toContain('Data saver: on');
        expect(standardAddresses(light.html)).toEqual([]);
      }
      expect(new Set([normal, phone, switched].map((kind) => kind.response.headers.get('etag'))).size).toBe(3);
    }
  });

  it('answers each request in its own mode when both kinds of a new page are asked for at once', async () => {
    const path = `/product/${product.id}?reviews_page=3`;
    const kinds = [{}, SAVE_DATA, SWITCHED_ON];
    const replies = await Promise.all(
      Array.from({ length: 24 }, async (_, i) => {
        const headers = kinds[i % kinds.length]!;
        const response = await page(path, headers);
        return { light: headers !== kinds[0], html: await response.text() };
      }),
    );
    for (const { light, html } of replies) {
      expect(html).toContain(light ? 'Data saver: on' : 'Data saver: off');
      expect(light ? standardAddresses(html) : lightAddresses(html)).toEqual([]);
    }
  });

  it('does not answer 304 to a copy of the other kind', async () => {
    const path = `/product/${product.id}`;
    const normal = await cached(path);
    const revalidated = await page(path, { ...SAVE_DATA, 'If-None-Match': normal.response.headers.get('etag')! });
    expect(revalidated.status).toBe(200);
    expect(await revalidated.text()).toContain('Data saver: on');
    const same = await page(path, { 'If-None-Match': normal.response.headers.get('etag')! });
    expect(same.status).toBe(304);
  });

  it('drops both kinds on a write, so both show the change at once', async () => {
    const listed: Row[] = (await api('/api/products?limit=100&sort_by=price_1&sort_order=asc')).body.data.data;
    const changed = listed.find((p) => p.images.length >= 2 && p.id !== product.id)!;
    const path = `/product/${changed.id}`;
    await Promise.all([cached(path), cached(path, SAVE_DATA), cached(path, SWITCHED_ON)]);

    const newPrice = Number(changed.price_1) + 1_000;
    const form = new FormData();
    form.append('price_1', String(newPrice));
    const reply = await api(`/api/products/${changed.id}?_method=PUT`, { method: 'POST', headers: admin.headers, body: form });
    expect(reply.status, reply.body.message).toBe(200);

    const shown = newPrice.toLocaleString('en-US');
    for (const headers of [{}, SAVE_DATA, SWITCHED_ON]) {
      const after = await page(path, headers);
      expect(after.headers.get('x-astro-cache'), JSON.stringify(headers)).not.toBe('HIT');
      expect(await after.text(), JSON.stringify(headers)).toContain(shown);
    }
  });
});

describe('POST /data-saver (the footer switch)', () => {
  const flip = (fields: Record<string, string>, headers: Record<string, string> = {}) =>
    fetch(url('/data-saver'), {
      method: 'POST',
      redirect: 'manual',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
      body: new URLSearchParams(fields).toString(),
    });

  it('turns the mode on with a cookie remembered for a year, and goes back to the page it was on', async () => {
    const reply = await flip({ data_saver: 'on', back: `/product/${product.id}?reviews_page=2#data-saver` });
    expect(reply.status).toBe(303);
    expect(reply.headers.get('location')).toBe(`/product/${product.id}?reviews_page=2#data-saver`);
    expect(reply.headers.get('set-cookie')).toBe('data_saver=1; Path=/; SameSite=Lax; Max-Age=31536000');
    expect(reply.headers.get('cache-control')).toBe('no-store');

    const cookie = reply.headers.get('set-cookie')!.split(';')[0]!;
    const after = await page(`/product/${product.id}?reviews_page=2`, { Cookie: cookie });
    expect(await after.text()).toContain('Data saver: on');
  });

  it('turns it off by clearing the cookie', async () => {
    const reply = await flip({ data_saver: 'off', back: '/' }, { Cookie: 'data_saver=1', Origin: new URL(url('/')).origin });
    expect(reply.status).toBe(303);
    expect(reply.headers.get('location')).toBe('/');
    expect(reply.headers.get('set-cookie')).toBe('data_saver=; Path=/; SameSite=Lax; Max-Age=0');
  });

  it('never sends the browser to another site: anything but a path of the store goes home', async () => {
    for (const back of ['https://evil.example/', '//evil.example/x', '/\\evil.example', '/\t/evil.example', 'javascript:alert(1)', '']) {
      const reply = await flip({ data_saver: 'on', back });
      expect(reply.status, back).toBe(303);
      expect(reply.headers.get('location'), back).toBe('/');
    }
    const missing = await flip({ data_saver: 'on' });
    expect(missing.headers.get('location')).toBe('/');
  });

  it('refuses a form from another site, changing nothing', async () => {
    const foreign: Record<string, string>[] = [{ Origin: 'https://evil.example' }, { 'Sec-Fetch-Site': 'cross-site' }, { 'Sec-Fetch-Site': 'same-site' }];
    for (const headers of foreign) {
      const reply = await flip({ data_saver: 'on', back: '/' }, headers);
      expect(reply.status, JSON.stringify(headers)).toBe(403);
      expect(reply.headers.get('set-cookie')).toBeNull();
      expect(await reply.json()).toEqual({ code: 0, message: 'The data saver switch works only from the store’s own pages', data: null });
    }
  });

  it('refuses a choice other than on or off', async () => {
    const refused: Record<string, string>[] = [{ data_saver: 'maybe', back: '/' }, { back: '/' }];
    for (const fields of refused) {
      const reply = await flip(fields);
      expect(reply.status).toBe(400);
      expect((await reply.json()).message).toBe('data_saver: on or off');
      expect(reply.headers.get('set-cookie')).toBeNull();
    }
  });
});

describe('GET /img/low/{width}/{format}/{file}', () => {
  it('sends a lighter picture of the same size and type, cacheable like the standard one', async () => {
    for (const format of ['avif', 'webp', 'jpeg']) {
      const [standard, low] = await Promise.all([
        fetch(url(`/img/480/${format}/${product.feature_photo}`)),
        fetch(url(`/img/low/480/${format}/${product.feature_photo}`)),
      ]);
      expect(low.status, format).toBe(200);
      expect(low.headers.get('content-type'), format).toBe(standard.headers.get('content-type'));
      expect(low.headers.get('cache-control'), format).toBe('public, max-age=2592000');
      const [standardBody, lowBody] = [Buffer.from(await standard.arrayBuffer()), Buffer.from(await low.arrayBuffer())];
      expect(lowBody.length, format).toBeLessThan(standardBody.length);
      expect((await sharp(lowBody).metadata()).width, format).toBe(480);
    }
  });

  it('answers 404 for a width or format it does not serve, and the default picture briefly for a missing file', async () => {
    for (const path of [`/img/low/333/webp/${product.feature_photo}`, `/img/low/320/gif/${product.feature_photo}`, `/img/low/webp/${product.feature_photo}`]) {
      expect((await fetch(url(path))).status, path).toBe(404);
    }
    const missing = await fetch(url('/img/low/320/webp/no-such-photo.jpg'));
    expect(missing.status).toBe(200);
    expect(missing.headers.get('cache-control')).toBe('public, max-age=300');
  });
});
