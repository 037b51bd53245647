import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { PageCache, pageKey, replyFrom, SERVER_HEAD_BYTES, type PageCacheOptions, type PageReply } from '~/server/cache/page-cache';
import { securityHeaders } from '~/server/http/security-headers';

const html = (text: string) => Buffer.from(`<!doctype html><title>${text}</title>${'<p>Delivery across Uganda</p>'.repeat(50)}`);
const options = (tags: string[], maxAgeSeconds = 60, staleSeconds = 0): PageCacheOptions => ({ maxAgeSeconds, staleSeconds, tags });
const rendered = (text: string) => ({
  status: 200,
  headers: [
    ['content-type', 'text/html'],
    ['set-cookie', 'a=b'],
    ['cdn-cache-control', 'max-age=60'],
  ] as [string, string][],
  body: html(text),
});
const get = { method: 'GET', acceptEncoding: 'gzip, deflate, br', ifNoneMatch: null };

describe('pageKey', () => {
  it('names a page by path and sorted query, without tracking parameters', () => {
    expect(pageKey(new URL('http://store/category/5?page=2&sort=price&utm_source=x&fbclid=1'))).toBe('/category/5?page=2&sort=price');
    expect(pageKey(new URL('http://store/category/5?sort=price&page=2'))).toBe('/category/5?page=2&sort=price');
    expect(pageKey(new URL('http://other.example/about?gclid=9'))).toBe('/about');
  });
});

describe('pageKey in data-saver mode', () => {
  const plain = { saveData: null, cookie: null };

  it('names the normal kind of a page by its path alone, and each other kind apart from it', () => {
    const keys = [
      pageKey('/product/7', plain),
      pageKey('/product/7', { saveData: 'on', cookie: null }),
      pageKey('/product/7', { saveData: null, cookie: 'data_saver=1' }),
    ];
    expect(keys[0]).toBe('/product/7');
    expect(new Set(keys).size).toBe(3);
    for (const key of keys.slice(1)) expect(key).toMatch(/^[^/]+:\/product\/7$/);
  });

  it('gives the HTTP server (a request target) and Astro (a URL) the same key in every mode', () => {
    for (const headers of [plain, { saveData: 'on', cookie: 'data_saver=1' }, { saveData: 'off', cookie: 'theme=x; data_saver=1' }]) {
      for (const target of ['/product/7', '/category/5?sort=price&page=2&utm_source=x', '/a/./b']) {
        expect(pageKey(target, headers), target).toBe(pageKey(new URL(target, 'http://store.example'), headers));
      }
    }
  });

  it('is the same for the phone asking whatever the switch says', () => {
    expect(pageKey('/', { saveData: 'on', cookie: 'data_saver=1' })).toBe(pageKey('/', { saveData: 'on', cookie: null }));
    expect(pageKey('/', { saveData: 'off', cookie: 'data_saver=0' })).toBe('/');
  });
});

describe('PageCache', () => {
  it('keeps a page compressed and answers each encoding with the same page, without the headers it must not replay', async () => {
    const cache = new PageCache(1024 * 1024);
    await cache.store('/about', rendered('About'), options(['menu']), cache.mark()).kept;
    const { entry, fresh } = cache.lookup('/about')!;
    expect(fresh).toBe(true);
    const br = replyFrom(entry, get, 'HIT');
    const headerOf = (reply: ReturnType<typeof replyFrom>, name: string) => reply.headers[reply.headers.indexOf(name) + 1];
    expect(headerOf(br, 'Content-Encoding')).toBe('br');
    expect(brotliDecompressSync(br.body!).equals(html('About'))).toBe(true);
    const plain = replyFrom(entry, { ...get, acceptEncoding: null }, 'HIT');
    expect(plain.body!.equals(html('About'))).toBe(true);
    expect(headerOf(plain, 'Content-Length')).toBe(String(html('About').length));
    expect(plain.headers).not.toContain('Content-Encoding');
    const names = br.headers.filter((_, i) => i % 2 === 0).map((name) => name.toLowerCase());
    expect(names).not.toContain('set-cookie');
    expect(names).not.toContain('cdn-cache-control');
  });

  it('answers the request that rendered a page in its own encoding, marked as a miss', async () => {
    const cache = new PageCache(1024 * 1024);
    const headerOf = (reply: PageReply, name: string) => reply.headers[reply.headers.indexOf(name) + 1];
    const gzip = await cache.store('/about', rendered('About'), options([]), cache.mark(), { ...get, acceptEncoding: 'gzip' }).reply;
    expect([headerOf(gzip, 'Content-Encoding'), headerOf(gzip, 'X-Astro-Cache')]).toEqual(['gzip', 'MISS']);
    expect(gunzipSync(gzip.body!).equals(html('About'))).toBe(true);
    expect(headerOf(gzip, 'Content-Length')).toBe(String(gzip.body!.length));
    const plain = await cache.store('/about', rendered('About'), options([]), cache.mark(), { ...get, acceptEncoding: null }).reply;
    expect(plain.body!.equals(html('About'))).toBe(true);
    expect(plain.headers).not.toContain('Content-Encoding');
    const current = await cache.store('/about', rendered('About'), options([]), cache.mark(), {
      ...get,
      ifNoneMatch: gzip.headers[gzip.headers.indexOf('ETag') + 1]!,
    }).reply;
    expect([current.status, current.body]).toEqual([304, null]);
  });

  it('keeps a page in the encoding its first request took, and makes the other once, when it is first asked for', async () => {
    const cache = new PageCache(1024 * 1024);
    const headerOf = (reply: PageReply, name: string) => reply.headers[reply.headers.indexOf(name) + 1];
    const { entry } = { entry: await cache.store('/about', rendered('About'), options([]), cache.mark(), { ...get, acceptEncoding: 'gzip' }).kept };
    expect([entry.gzip !== undefined, entry.br]).toEqual([true, undefined]);
    const gzipOnly = cache.stats().bytes;

    // A 304 needs no copy; a browser's first request makes the brotli one, and the cache counts it.
    expect(cache.answer('/about', entry, { ...get, ifNoneMatch: entry.etag }, 'HIT').status).toBe(304);
    expect(entry.br).toBeUndefined();
    const br = cache.answer('/about', entry, get, 'HIT');
    expect(headerOf(br, 'Content-Encoding')).toBe('br');
    expect(headerOf(br, 'Content-Length')).toBe(String(br.body!.length));
    expect(brotliDecompressSync(br.body!).equals(html('About'))).toBe(true);
    expect(cache.stats().bytes).toBe(gzipOnly + entry.br!.length);
    const again = cache.answer('/about', entry, get, 'HIT');
    expect(again.body).toBe(entry.br);
    expect(cache.stats().bytes).toBe(gzipOnly + entry.br!.length);

    // A page first asked for by a browser holds brotli alone; an edge asking for gzip later gets it made.
    const browser = await cache.store('/contact', rendered('Contact'), options([]), cache.mark(), get).kept;
    expect([browser.br !== undefined, browser.gzip]).toEqual([true, undefined]);
    const edge = cache.answer('/contact', browser, { ...get, acceptEncoding: 'gzip' }, 'HIT');
    expect(gunzipSync(edge.body!).equals(html('Contact'))).toBe(true);
    expect(cache.answer('/contact', browser, { ...get, acceptEncoding: null }, 'HIT').body!.equals(html('Contact'))).toBe(true);
  });

  it('compresses a page asked for again harder, in the background, when its reply misses TCP’s first window', async () => {
    // A listing's worth of varied names: about 20 KB in brotli at quality 5.
    let seed = 7;
    const word = () =>
      ['Kakira', 'Sugar', 'Tecno', 'Spark', 'Mukwano', 'Soap', 'Jerrycan', 'Radio', 'Kitenge', 'Sandals'][(seed = (seed * 48271) % 2147483647) % 10];
    const cards = Array.from(
      { length: 1600 },
      (_, n) => `<li><a href="/product/${n * 37}">${word()} ${word()} ${seed % 9973} UGX ${(seed % 500) * 500}</a></li>`,
    );
    const big = { ...rendered('Listing'), body: Buffer.from(`<!doctype html><ul>${cards.join('')}</ul>`) };
    const cache = new PageCache(4 * 1024 * 1024);
    const entry = await cache.store('/products?page=2', big, options([]), cache.mark(), get).kept;
    const small = await cache.store('/about', rendered('About'), options([]), cache.mark(), get).kept;
    const [firstCopy, firstBytes] = [entry.br!, cache.stats().bytes];
    expect(firstCopy.length).toBeGreaterThan(14_600);

    cache.answer('/about', small, get, 'HIT');
    cache.answer('/products?page=2', entry, get, 'HIT');
    await cache.refined();
    expect(small.refined).toBeUndefined();
    expect(entry.br!.length).toBeLessThan(firstCopy.length);
    expect(brotliDecompressSync(entry.br!).equals(big.body)).toBe(true);
    expect(cache.stats().bytes).toBe(firstBytes - (firstCopy.length - entry.br!.length));
    const reply = cache.answer('/products?page=2', entry, get, 'HIT');
    expect([reply.body, reply.headers[reply.headers.indexOf('Content-Length') + 1]]).toEqual([entry.br, String(entry.br!.length)]);
  });

  it('counts the head the HTTP server adds when it asks whether a reply fits the first window', async () => {
    // What serve.ts and node write beside the kept headers, at their longest: HTTPS (with HSTS) and a request id.
    const written = [
      'HTTP/1.1 200 OK',
      ...Object.entries(securityHeaders('https://duuka.example')).map(([name, value]) => `${name}: ${value}`),
      `X-Request-Id: ${crypto.randomUUID()}`,
      `Date: ${new Date().toUTCString()}`,
      'Connection: keep-alive',
      'Keep-Alive: timeout=5',
      '',
    ];
    expect(written.reduce((sum, line) => sum + line.length + 2, 0)).toBeLessThanOrEqual(SERVER_HEAD_BYTES);

    // A page whose kept reply fits the window only without that head is compressed again.
    let seed = 11;
    const letters = (length: number) => Array.from({ length }, () => String.fromCharCode(97 + ((seed = (seed * 48271) % 2147483647) % 26))).join('');
    const keptReply = (entry: { br?: Buffer; hitHeaders: { br?: string[] } }) =>
      entry.br!.length + entry.hitHeaders.br!.reduce((sum, part) => sum + part.length + 2, 0);
    const cache = new PageCache(4 * 1024 * 1024);
    const keep = async (length: number) => {
      seed = 11;
      const kept = await cache.store('/page', { ...rendered('Page'), body: Buffer.from(letters(length)) }, options([]), cache.mark(), get).kept;
      cache.answer('/page', kept, { ...get, acceptEncoding: 'br' }, 'MISS');
      return kept;
    };
    // Random letters compress to about 60%: find a length whose kept reply is just under the window.
    let [low, high] = [10_000, 40_000];
    while (high - low > 8) {
      const middle = Math.floor((low + high) / 2);
      if (keptReply(await keep(middle)) <= 14_600 - SERVER_HEAD_BYTES / 2) low = middle;
      else high = middle;
    }
    const entry = await keep(low);
    expect(keptReply(entry)).toBeLessThanOrEqual(14_600);
    expect(keptReply(entry) + SERVER_HEAD_BYTES).toBeGreaterThan(14_600);
    cache.answer('/page', entry, { ...get, acceptEncoding: 'br' }, 'HIT');
    await cache.refined();
    expect(entry.refined).toBe(true);
  });

  it('stays within its size when a kept page grows by its second copy', async () => {
    const probe = new PageCache(1024 * 1024);
    const onePage = await probe.store('/p/0', rendered('/p/0'), options([]), probe.mark(), get).kept;
    // Room for two pages in one encoding, not for a second copy of either.
    const size = onePage.bytes * 2 + 8;
    const cache = new PageCache(size);
    for (const key of ['/p/1', '/p/2']) await cache.store(key, rendered(key), options([]), cache.mark(), get).kept;
    const { entry } = cache.lookup('/p/2')!;
    cache.answer('/p/2', entry, { ...get, acceptEncoding: 'gzip' }, 'HIT');
    expect(cache.stats().bytes).toBeLessThanOrEqual(size);
    expect([cache.lookup('/p/1'), cache.lookup('/p/2')?.entry.gzip !== undefined]).toEqual([undefined, true]);
  });

  it('answers 304 to the ETag it gave, weak or not; HEAD gets no body', async () => {
    const cache = new PageCache(1024 * 1024);
    const entry = await cache.store('/about', rendered('About'), options([]), cache.mark()).kept;
    expect(replyFrom(entry, { ...get, ifNoneMatch: entry.etag }, 'HIT').status).toBe(304);
    expect(replyFrom(entry, { ...get, ifNoneMatch: `"other", ${entry.etag.slice(2)}` }, 'HIT').status).toBe(304);
    expect(replyFrom(entry, { ...get, ifNoneMatch: '"other"' }, 'HIT').status).toBe(200);
    const head = replyFrom(entry, { ...get, method: 'HEAD' }, 'HIT');
    expect([head.status, head.body]).toEqual([200, null]);
  });

  it('keeps nothing rendered while a write dropped pages, but still answers with it', async () => {
    const cache = new PageCache(1024 * 1024);
    const mark = cache.mark();
    cache.invalidate(['product:1']);
    const { reply, kept } = cache.store('/product/1', rendered('Phone'), options(['product:1']), mark, get);
    expect((await reply).status).toBe(200);
    await kept;
    expect(cache.lookup('/product/1')).toBeUndefined();
  });

  it('keeps a page rendered while writes dropped only other pages; a drop of its address or of everything keeps it out', async () => {
    const cache = new PageCache(1024 * 1024);
    const storedAfter = async (key: string, tags: string[], drop: (cache: PageCache) => void) => {
      const mark = cache.mark();
      drop(cache);
      await cache.store(key, rendered(key), options(tags), mark).kept;
      return cache.lookup(key) !== undefined;
    };
    expect(await storedAfter('/product/1', ['product:1'], (c) => c.invalidate(['product:2', 'menu']))).toBe(true);
    expect(await storedAfter('/about', ['page:about'], (c) => c.invalidatePath('/contact'))).toBe(true);
    expect(await storedAfter('/products?page=2', ['products'], (c) => c.invalidatePath('/products'))).toBe(false);
    expect(await storedAfter('/product/3', ['product:3'], (c) => c.clear())).toBe(false);
    expect(
      await storedAfter('/product/4', ['product:4'], (c) => {
        for (let i = 0; i < 300; i++) c.invalidate([`product:${1000 + i}`]);
      }),
    ).toBe(false);
  });

  it('drops pages by tag and by path', async () => {
    const cache = new PageCache(1024 * 1024);
    for (const [key, tags] of [
      ['/product/1', ['product:1', 'category:2']],
      ['/category/2', ['category:2']],
      ['/category/2?page=2', ['category:2']],
      ['/about', ['page:about']],
    ] as const) {
      await cache.store(key, rendered(key), options([...tags]), cache.mark()).kept;
    }
    cache.invalidate(['product:1']);
    expect(cache.lookup('/product/1')).toBeUndefined();
    expect(cache.lookup('/category/2')).toBeDefined();
    cache.invalidatePath('/category/2');
    expect([cache.lookup('/category/2'), cache.lookup('/category/2?page=2')]).toEqual([undefined, undefined]);
    expect(cache.lookup('/about')).toBeDefined();
  });

  it('keeps both kinds of a page apart, and a purge by tag or path drops both', async () => {
    const cache = new PageCache(1024 * 1024);
    const saving = { saveData: 'on', cookie: null };
    const switched = { saveData: null, cookie: 'data_saver=1' };
    const kinds = [
      [pageKey('/product/1'), 'normal'],
      [pageKey('/product/1', saving), 'light'],
      [pageKey('/product/1?reviews_page=2', switched), 'light page 2'],
    ] as const;
    for (const [key, text] of kinds) await cache.store(key, rendered(text), options(['product:1']), cache.mark()).kept;
    const bodyOf = (key: string) => brotliDecompressSync(replyFrom(cache.lookup(key)!.entry, get, 'HIT').body!).toString();
    for (const [key, text] of kinds) expect(bodyOf(key)).toContain(`<title>${text}</title>`);

    cache.invalidate(['product:1']);
    for (const [key] of kinds) expect(cache.lookup(key), key).toBeUndefined();

    for (const [key, text] of kinds) await cache.store(key, rendered(text), options(['product:1']), cache.mark()).kept;
    cache.invalidatePath('/product/1');
    for (const [key] of kinds) expect(cache.lookup(key), key).toBeUndefined();
  });

  it('says a page varies by what its render varied by, besides the encoding', async () => {
    const cache = new PageCache(1024 * 1024);
    const page = { ...rendered('Home'), headers: [...rendered('Home').headers, ['Vary', 'Save-Data'] as [string, string]] };
    const entry = await cache.store('/', page, options([]), cache.mark()).kept;
    // Every Vary header of a reply (its headers are flat: name, value, name, value ...).
    const vary = (reply: PageReply) => reply.headers.filter((_, i) => i % 2 === 1 && /^vary$/i.test(reply.headers[i - 1]!));
    expect(vary(replyFrom(entry, get, 'HIT'))).toEqual(['Accept-Encoding, Save-Data']);
    expect(vary(replyFrom(entry, { ...get, ifNoneMatch: entry.etag }, 'HIT'))).toEqual(['Accept-Encoding, Save-Data']);
    const plainPage = await cache.store('/about', rendered('About'), options([]), cache.mark()).kept;
    expect(vary(replyFrom(plainPage, get, 'HIT'))).toEqual(['Accept-Encoding']);
  });

  it('serves a page stale within its window and forgets it after', async () => {
    let now = 0;
    const cache = new PageCache(1024 * 1024, () => now);
    await cache.store('/', rendered('Home'), options(['menu'], 60, 30), cache.mark()).kept;
    now = 61_000;
    expect(cache.lookup('/')?.fresh).toBe(false);
    now = 91_001;
    expect(cache.lookup('/')).toBeUndefined();
  });

  it('stays within its size, dropping the least recently used pages first', async () => {
    const probe = new PageCache(1024 * 1024);
    await probe.store('/p/0', rendered('/p/0'), options([]), probe.mark()).kept;
    const onePage = probe.stats().bytes;
    const cache = new PageCache(onePage * 3.5);
    for (const key of ['/p/1', '/p/2', '/p/3']) await cache.store(key, rendered(key), options([]), cache.mark()).kept;
    cache.lookup('/p/1');
    await cache.store('/p/4', rendered('/p/4'), options([]), cache.mark()).kept;
    expect(cache.stats().bytes).toBeLessThanOrEqual(onePage * 3.5);
    expect(['/p/1', '/p/2', '/p/3', '/p/4'].map((key) => cache.lookup(key) !== undefined)).toEqual([true, false, true, true]);
  });

  it('holds no more memory than it counts: each kept copy owns only its own bytes, not zlib’s output chunk', async () => {
    const bound = 256 * 1024;
    const cache = new PageCache(bound);
    const keys = Array.from({ length: 40 }, (_, index) => `/product/${index}`);
    for (const key of keys) await cache.store(key, rendered(key), options([]), cache.mark()).kept;
    const kept = keys.flatMap((key) => cache.lookup(key)?.entry ?? []);
    const held = kept.reduce((sum, entry) => sum + (entry.br?.buffer.byteLength ?? 0) + (entry.gzip?.buffer.byteLength ?? 0), 0);
    expect(kept).toHaveLength(keys.length);
    expect(held).toBeLessThanOrEqual(cache.stats().bytes);
    expect(cache.stats().bytes).toBeLessThanOrEqual(bound);
  });
});
