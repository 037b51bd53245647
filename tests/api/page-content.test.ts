/**
 * The marketers' content API: who may call it, what a publish refuses, the version check (two publishes of
 * the same page at once: exactly one wins), and that a publish is on every page, the sitemap and the search
 * index when its reply arrives.
 */
import { gunzipSync } from 'node:zlib';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, url } from './client';
import { call, login, register, type Caller } from './callers';
import { ADMIN } from './server.setup';
import { DEMO_ACCOUNTS } from '../../src/server/demo-data/demo-accounts';

type Row = Record<string, any>;
const EDITORS_ONLY = 'Only a marketer or an administrator can edit the store’s pages';
/** A page no other API test reads, so its edits disturb nothing else. */
const PAGE = 'mobile-apps';

let marketer: Caller;
let admin: Caller;
let buyer: Caller;
let vendor: Caller;

beforeAll(async () => {
  [marketer, admin, buyer, vendor] = await Promise.all([
    login(DEMO_ACCOUNTS.marketer.email, DEMO_ACCOUNTS.marketer.password, '10.240.0.1'),
    login(ADMIN.email, ADMIN.password, '10.240.0.2'),
    register('10.240.0.3', 'Nakato'),
    login(DEMO_ACCOUNTS.vendor.email, DEMO_ACCOUNTS.vendor.password, '10.240.0.4'),
  ]);
});

const page = async (path: string) => (await fetch(url(path))).text();
/** The Help page's search results for `word` (the server's search, as a browser without script gets it). */
const helpResults = async (word: string) => (await page(`/help?q=${word}`)).split('class="help-results"')[1]!.split('</section>')[0]!;
const current = async (key = PAGE): Promise<Row> => (await call(`/api/content/${key}`, marketer)).body.data;
const publish = (who: Caller, version: number, content: unknown, key = PAGE) => call(`/api/content/${key}/publish`, who, 'POST', { version, content });

/** A word found nowhere else in the store. */
const uniqueWord = (label: string) =>
  `${label}${Math.random()
    .toString(36)
    .replace(/[^a-z]/g, '')
    .slice(0, 8)}`;

describe('who may edit', () => {
  const calls: [string, string, unknown?][] = [
    ['GET', '/api/content'],
    ['GET', `/api/content/${PAGE}`],
    ['PUT', `/api/content/${PAGE}`, { version: 1, content: {} }],
    ['POST', `/api/content/${PAGE}/publish`, { version: 1 }],
    ['POST', `/api/content/${PAGE}/restore`, { version: 1, number: 1 }],
    ['GET', `/api/content/${PAGE}/history`],
    ['POST', `/api/content/${PAGE}/render`, { content: {} }],
  ];

  it('answers guests 401 and buyers and vendors 403 on every call', async () => {
    for (const [method, path, body] of calls) {
      expect((await call(path, null, method, body)).status, `guest ${method} ${path}`).toBe(401);
      for (const who of [buyer, vendor]) {
        const reply = await call(path, who, method, body);
        expect(reply.status, `${method} ${path}`).toBe(403);
        expect(reply.body).toMatchObject({ code: 0, message: EDITORS_ONLY });
      }
    }
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(10)], { type: 'image/png' }), 'x.png');
    const upload = await api('/api/content/images', { method: 'POST', headers: vendor.headers, body: form });
    expect(upload.status).toBe(403);
  });

  it('lets marketers and administrators read every document, pages first', async () => {
    for (const who of [marketer, admin]) {
      const reply = await call('/api/content', who);
      expect(reply.status).toBe(200);
      const keys = (reply.body.data as Row[]).map((document) => document.key);
      expect(keys).toEqual(expect.arrayContaining(['about', 'faq', 'help', 'sell', 'terms', 'privacy', 'contact', 'home-promotions', 'contact-details']));
      expect(keys.slice(-2)).toEqual(['home-promotions', 'contact-details']);
    }
    expect((await call('/api/content/no-such-page', marketer)).status).toBe(404);
  });

  it('is granted and removed by administrators only, and takes effect at once', async () => {
    const profile = `apio.${Date.now()}@example.com`;
    const registered = await api('/api/users/register', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': '10.240.0.5' },
      body: JSON.stringify({ email: profile, password: 'Kampala-2026!', first_name: 'Apio', last_name: 'Tester' }),
    });
    const shopper: Caller = { id: registered.body.data.id, headers: { Authorization: `Bearer ${registered.body.data.token}` } };
    expect((await call('/api/marketers', marketer, 'POST', { email: profile })).status).toBe(403);
    const granted = await call('/api/marketers', admin, 'POST', { email: profile });
    expect(granted.status).toBe(201);
    expect(granted.body.data).toMatchObject({ id: shopper.id, email: profile });
    expect((await call('/api/content', shopper)).status).toBe(200);
    expect(((await call('/api/marketers', admin)).body.data as Row[]).map((row) => row.id)).toContain(shopper.id);

    expect((await call(`/api/marketers/${shopper.id}`, marketer, 'DELETE')).status).toBe(403);
    expect((await call(`/api/marketers/${shopper.id}`, admin, 'DELETE')).status).toBe(200);
    expect((await call('/api/content', shopper)).status).toBe(403);
    expect((await call('/api/marketers', admin, 'POST', { email: 'nobody.here@example.com' })).body.message).toBe(
      'No account has that email: ask them to sign up first, then add them',
    );
  });
});

describe('publishing', () => {
  it('refuses a page that would be broken, naming the field, and changes nothing', async () => {
    const { version, published } = await current();
    const refusals: [Row, string][] = [
      [{ ...published, title: 'Hi' }, 'title: must be at least 5 characters'],
      [{ ...published, title: '   ' }, 'title: must not be empty'],
      [{ ...published, title: 'x'.repeat(71) }, 'title: must be at most 70 characters'],
      [{ ...published, description: undefined }, 'description: is required'],
      [{ ...published, description: 'Too short.' }, 'description: must be at least 50 characters'],
      [{ ...published, body: 'x'.repeat(40_001) }, 'body: must be at most 40000 characters'],
      [{ ...published, body: 'Hello <script>alert(1)</script>' }, 'body: must be Markdown without HTML tags'],
      [{ ...published, body: 'See [our shop](/shopp).' }, 'body: link: /shopp leads nowhere (no such page)'],
      [{ ...published, body: 'See [a phone](/product/999999999).' }, 'body: link: /product/999999999 leads nowhere (no such product)'],
      [{ ...published, body: 'See [help](help).' }, 'body: link: help must start with / (a page of the store) or https://'],
      [{ ...published, body: '![logo](https://example.com/logo.png)' }, 'body: picture: https://example.com/logo.png is not a picture uploaded to the store'],
      [
        { ...published, body: '![gone](/storage/images/content-missing.jpg)' },
        'body: picture: /storage/images/content-missing.jpg is not a picture uploaded to the store',
      ],
      [{ ...published, faqs: [{ question: 'Why?', answer: '' }] }, 'faqs.0.answer: must not be empty'],
      [{ ...published, colour: 'red' }, 'Unrecognized key: "colour"'],
    ];
    for (const [content, message] of refusals) {
      const reply = await publish(marketer, version, content);
      expect(reply.status, message).toBe(400);
      expect(reply.body.message).toContain(message);
    }
    expect((await call(`/api/content/${PAGE}/publish`, marketer, 'POST', { content: published })).body.message).toBe(
      'version: is required (the version of the page you started from)',
    );
    expect((await current()).version).toBe(version);
  });

  it('puts the new text on the page, in the sitemap and in the search index before it replies', async () => {
    const word = uniqueWord('matooke');
    const before = await current();
    const entryBefore = await (await fetch(url('/pagefind/pagefind-entry.json'))).json();
    await page(`/${PAGE}`);
    const reply = await publish(marketer, before.version, { ...before.published, body: `${before.published.body}\n\nAsk about ${word} at our stand.` });
    expect(reply.status).toBe(200);
    expect(reply.body.message).toBe('Published: everyone sees it now');
    expect(reply.body.data).toMatchObject({ version: before.version + 1, published_number: before.published_number + 1, draft: null });

    expect(await page(`/${PAGE}`)).toContain(word);
    const today = new Date().toISOString().slice(0, 10);
    expect(await page('/sitemap-pages.xml')).toContain(`/${PAGE}</loc><lastmod>${today}</lastmod>`);
    const entryAfter = await (await fetch(url('/pagefind/pagefind-entry.json'))).json();
    expect(entryAfter.languages.en.hash).not.toBe(entryBefore.languages.en.hash);
    expect(await helpResults(word)).toContain(`href="/${PAGE}"`);

    const history = (await call(`/api/content/${PAGE}/history`, marketer)).body.data as Row[];
    expect(history[0]).toMatchObject({ number: before.published_number + 1, published_by: 'Sarah Namuli', restored_from: null });
    expect(history.at(-1)).toMatchObject({ number: 1, published_by: 'Starting content' });
  });

  it('keeps a draft to editors only: not on the page, the sitemap or the search', async () => {
    const word = uniqueWord('draftword');
    const before = await current();
    const sitemap = await page('/sitemap-pages.xml');
    const saved = await call(`/api/content/${PAGE}`, marketer, 'PUT', {
      version: before.version,
      content: { ...before.published, body: `${word} ${before.published.body}` },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({ version: before.version + 1, published_number: before.published_number });
    expect(saved.body.data.draft.body).toContain(word);
    expect(await page(`/${PAGE}`)).not.toContain(word);
    expect(await page('/sitemap-pages.xml')).toBe(sitemap);
    expect(await helpResults(word)).toContain('No help pages mention');

    // Publishing without content publishes the draft.
    const published = await call(`/api/content/${PAGE}/publish`, marketer, 'POST', { version: saved.body.data.version });
    expect(published.status).toBe(200);
    expect(await page(`/${PAGE}`)).toContain(word);
    expect(await helpResults(word)).toContain(`href="/${PAGE}"`);
  });

  it('refuses a save that started from an older version, saying who changed the page and when', async () => {
    const before = await current();
    expect((await publish(admin, before.version, before.published)).status).toBe(200);
    const stale = await call(`/api/content/${PAGE}`, marketer, 'PUT', { version: before.version, content: before.published });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toMatch(
      /^Not saved: Store Admin changed this page at \d+ \w+ \d{4}, \d\d:\d\d EAT, after you opened it\. Your text is still in the editor/,
    );
  });

  it('lets exactly one of two publishes of the same version win; the other is told why', async () => {
    for (let round = 0; round < 4; round++) {
      const before = await current();
      const replies = await Promise.all([
        publish(marketer, before.version, { ...before.published, body: `${before.published.body}\n\nRound ${round}, marketer.` }),
        publish(admin, before.version, { ...before.published, body: `${before.published.body}\n\nRound ${round}, administrator.` }),
      ]);
      const statuses = replies.map((reply) => reply.status).sort();
      expect(statuses, `round ${round}`).toEqual([200, 409]);
      expect(replies.find((reply) => reply.status === 409)!.body.message).toMatch(/^Not saved: .+ changed this page at/);
      const after = await current();
      expect(after.version).toBe(before.version + 1);
      expect(after.published_number).toBe(before.published_number + 1);
      const history = (await call(`/api/content/${PAGE}/history`, marketer)).body.data as Row[];
      expect(history.filter((entry) => entry.number === after.published_number)).toHaveLength(1);
    }
  });

  it('restores an old version as the newest one', async () => {
    const before = await current();
    const restored = await call(`/api/content/${PAGE}/restore`, marketer, 'POST', { version: before.version, number: 1 });
    expect(restored.status).toBe(200);
    expect(restored.body.message).toBe('Version restored and published');
    expect(restored.body.data.published_number).toBe(before.published_number + 1);
    const history = (await call(`/api/content/${PAGE}/history`, marketer)).body.data as Row[];
    expect(history[0]).toMatchObject({ restored_from: 1 });
    expect(history[0]!.content).toEqual(history.at(-1)!.content);
    expect(await page(`/${PAGE}`)).not.toContain('Round 0');
    expect((await call(`/api/content/${PAGE}/restore`, marketer, 'POST', { version: restored.body.data.version, number: 999 })).status).toBe(404);
  });

  it('changes the header’s promotion tiles and the footer’s contact details on every page at once', async () => {
    const promotions = await current('home-promotions');
    const contact = await current('contact-details');
    await Promise.all(['/', `/${PAGE}`, '/products'].map(page));
    const tile = { title: 'Back to School', text: 'books and bags', href: '/products' };
    expect((await publish(marketer, promotions.version, { ...promotions.published, tiles: [tile] }, 'home-promotions')).status).toBe(200);
    expect((await publish(marketer, contact.version, { ...contact.published, phone: '+256 700 999 888' }, 'contact-details')).status).toBe(200);
    for (const path of ['/', `/${PAGE}`, '/products']) {
      const html = await page(path);
      expect(html, path).toContain('Back to School');
      expect(html, path).not.toContain('Flash Sales</strong>');
      expect(html, path).toContain('+256 700 999 888');
    }
    const badTile = await publish(
      marketer,
      (await current('home-promotions')).version,
      { tiles: [{ ...tile, href: '/nowhere' }], banners: [] },
      'home-promotions',
    );
    expect(badTile.body.message).toBe('tiles.0.href: /nowhere leads nowhere (no such page)');
    const badPhone = await publish(marketer, (await current('contact-details')).version, { ...contact.published, phone: 'call us' }, 'contact-details');
    expect(badPhone.body.message).toBe('phone: must be a phone number such as +256 700 123 456');
    for (const key of ['home-promotions', 'contact-details']) {
      expect((await call(`/api/content/${key}/restore`, marketer, 'POST', { version: (await current(key)).version, number: 1 })).status).toBe(200);
    }
    expect(await page('/')).toContain('Flash Sales');
  });
});

describe('pictures and the live preview', () => {
  it('takes pictures through the store’s upload path and refuses anything else', async () => {
    const png = await sharp({ create: { width: 1000, height: 500, channels: 3, background: '#c2410c' } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'stall.png');
    const uploaded = await api('/api/content/images', { method: 'POST', headers: marketer.headers, body: form });
    expect(uploaded.status).toBe(201);
    expect(uploaded.body.data.url).toMatch(/^\/storage\/images\/content-[\w-]+\.jpg$/);
    const stored = await fetch(url(uploaded.body.data.url));
    expect(stored.headers.get('content-type')).toBe('image/jpeg');

    const notPicture = new FormData();
    notPicture.append('image', new Blob(['<svg onload="alert(1)"/>'], { type: 'image/png' }), 'x.png');
    const refused = await api('/api/content/images', { method: 'POST', headers: marketer.headers, body: notPicture });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('image: must be a JPEG, PNG, WebP or AVIF picture');

    const rendered = await call(`/api/content/${PAGE}/render`, marketer, 'POST', {
      content: { ...(await current()).published, body: `A stall:\n\n![Our stall](${uploaded.body.data.url})` },
    });
    expect(rendered.status).toBe(200);
    const html: string = rendered.body.data.html;
    expect(html).toContain('<picture>');
    expect(html).toMatch(/<img src="\/img\/800\/jpeg\/content-[\w-]+\.jpg" srcset="[^"]+" sizes="[^"]+" alt="Our stall" width="1000" height="500"/);
  });
});

describe('the search index', () => {
  it('is served from memory, compressed where it helps and revalidated by ETag', async () => {
    const script = await fetch(url('/pagefind/pagefind.js'), { headers: { 'Accept-Encoding': 'gzip' } });
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(script.headers.get('cache-control')).toBe('public, no-cache');
    const etag = script.headers.get('etag')!;
    expect(etag).toMatch(/^W\/".+-gzip"$/);
    expect((await fetch(url('/pagefind/pagefind.js'), { headers: { 'Accept-Encoding': 'gzip', 'If-None-Match': etag } })).status).toBe(304);

    const entry = await (await fetch(url('/pagefind/pagefind-entry.json'))).json();
    const meta = await fetch(url(`/pagefind/pagefind.${entry.languages.en.hash}.pf_meta`), { headers: { 'Accept-Encoding': 'br, gzip' } });
    expect(meta.status).toBe(200);
    expect(meta.headers.get('content-encoding')).toBeNull();
    expect(gunzipSync(Buffer.from(await meta.arrayBuffer())).length).toBeGreaterThan(0);
    expect((await fetch(url('/pagefind/no-such-file.js'))).status).toBe(404);
  });
});
