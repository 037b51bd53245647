/**
 * The store behind a real edge: two instances on one throwaway PostgreSQL with Varnish in front
 * (deploy/varnish/default.vcl, round-robin over both) and EDGE_PURGE_URLS naming it. Pages the store lets the
 * edge keep are kept, a write through either instance drops them before its reply, personal replies never
 * stay, and a purge that cannot reach an edge is retried while the write goes through. Needs `npm run build`
 * and Varnish (installed from apt when root: tests/support/varnish.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import http from 'node:http';
import net from 'node:net';
import sharp from 'sharp';
import { freePort } from '../support/free-port';
import { startS3Server, type RunningS3Server } from '../support/s3-server';
import { startStore, type RunningStore } from '../support/server';
import { startThrowawayPostgres, type ThrowawayPostgres } from '../support/throwaway-postgres';
import { ensureVarnish, startVarnish, type RunningVarnish } from '../support/varnish';

type Row = Record<string, any>;

const ADMIN_ENV = { ADMIN_EMAIL: 'edge-admin@store.test', ADMIN_PASSWORD: 'Admin-Kampala-2026' };
const PURGE_SECRET = 'purge-Kampala-2026';

let postgres: ThrowawayPostgres | undefined;
let bucket: RunningS3Server | undefined;
let first: RunningStore | undefined;
let second: RunningStore | undefined;
let varnish: RunningVarnish | undefined;
/** An edge nobody listens on: every purge to it fails, and is retried. */
let closedEdge: string;
let product: Row;
let buyerToken: string;
let location: Row;

async function json(base: string, path: string, init: RequestInit = {}): Promise<{ status: number; body: Row }> {
  const reply = await fetch(new URL(path, base), { ...init, headers: { 'Content-Type': 'application/json', ...init.headers } });
  return { status: reply.status, body: (await reply.json()) as Row };
}

/** A request through Varnish, with what the edge did with it (X-Cache: HIT, MISS or PASS). */
async function throughEdge(path: string, headers: Record<string, string> = {}) {
  const reply = await fetch(new URL(path, varnish!.url), { headers, redirect: 'manual' });
  return { reply, status: reply.status, cache: reply.headers.get('X-Cache'), body: await reply.text() };
}

/** A PURGE sent as if from `address`, with the purge secret: the status line Varnish answers. */
function purgeFrom(address: string, tags: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(varnish!.proxyPort, '127.0.0.1', () =>
      socket.write(
        `PROXY TCP4 ${address} 127.0.0.1 40000 ${varnish!.port}\r\nPURGE / HTTP/1.1\r\nHost: edge\r\nxkey: ${tags}\r\n` +
          `X-Purge-Secret: ${PURGE_SECRET}\r\nConnection: close\r\n\r\n`,
      ),
    );
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk));
    socket.on('end', () => resolve(answer.split('\r\n', 1)[0]!));
    socket.on('error', reject);
  });
}

/**
 * A TLS terminator's stand-in on the edge's machine (hitch or nginx in front of Varnish): it passes every request on
 * from 127.0.0.1, adding the shopper's address to X-Forwarded-For as deploy/README.md has it do.
 */
async function startFrontDoor(): Promise<{ url: string; stop: () => Promise<void> }> {
  const server = http.createServer((request, reply) => {
    const headers = { ...request.headers, 'x-forwarded-for': '203.0.113.9' };
    const onward = http.request(new URL(request.url ?? '/', varnish!.url), { method: request.method, headers }, (answer) => {
      reply.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(reply);
    });
    onward.on('error', () => reply.writeHead(502).end());
    request.pipe(onward);
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${port}`, stop: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** "3 sold · 17 left" on a product page, as numbers. */
function soldAndLeft(page: string): { sold: number; left: number } {
  const match = /(\d+) sold · (\d+) left/.exec(page);
  if (!match) throw new Error('the product page shows no "sold · left" line');
  return { sold: Number(match[1]), left: Number(match[2]) };
}

const orderOn = (store: RunningStore) =>
  json(store.baseUrl, '/api/orders', {
    method: 'POST',
    headers: { Authorization: `Bearer ${buyerToken}` },
    body: JSON.stringify({
      items: [{ product_id: product.id, quantity: 1 }],
      customer_name: 'Akello Edge',
      customer_phone: '0772 555 039',
      delivery_location_id: location.id,
      delivery_address: 'Plot 39, Jinja Road',
      payment_gateway: 'cash_on_delivery',
    }),
  });

beforeAll(async () => {
  const setup = ensureVarnish();
  if (!setup.ready) throw new Error(setup.message);
  [postgres, bucket] = await Promise.all([startThrowawayPostgres({ log: () => {} }), startS3Server()]);
  const [varnishPort, closedPort, firstPort, secondPort] = await Promise.all([freePort(), freePort(), freePort(), freePort()]);
  closedEdge = `http://127.0.0.1:${closedPort}`;
  const env = {
    ...bucket.env,
    ...ADMIN_ENV,
    SEED_PRODUCTS: '20',
    EDGE_PURGE_URLS: `http://127.0.0.1:${varnishPort},${closedEdge}`,
    EDGE_PURGE_SECRET: PURGE_SECRET,
  };
  // The first seeds the catalogue; the second starts on it.
  first = await startStore({ databaseUrl: postgres.url, port: firstPort, env });
  [second, varnish] = await Promise.all([
    startStore({ databaseUrl: postgres.url, port: secondPort, env: { ...env, SEED_ON_START: '0' } }),
    startVarnish({ varnishd: setup.path, backendPorts: [firstPort, secondPort], purgeSecret: PURGE_SECRET, port: varnishPort }),
  ]);

  const products = (await json(first.baseUrl, '/api/products?limit=50&in_stock=1')).body.data.data as Row[];
  product = products.find((p) => p.has_colors !== 'Yes' && p.has_sizes !== 'Yes' && p.stock.total_items - p.stock.items_sold > 3)!;
  const registered = await json(first.baseUrl, '/api/users/register', {
    method: 'POST',
    body: JSON.stringify({ email: `edge.${Date.now()}@example.com`, password: 'Kampala-2026!', first_name: 'Akello', last_name: 'Edge' }),
  });
  buyerToken = registered.body.data.token;
  location = (await json(first.baseUrl, '/api/manifest')).body.data.delivery_locations[0];
}, 300_000);

afterAll(async () => {
  await Promise.all([varnish?.stop(), first?.stop(), second?.stop()]);
  await Promise.all([postgres?.stop(), bucket?.stop()]);
});

describe('Varnish in front of two instances', () => {
  it('keeps a product page: the second request is a hit, without the edge-only headers', async () => {
    const path = `/product/${product.id}`;
    const missed = await throughEdge(path);
    expect(missed.status).toBe(200);
    const hit = await throughEdge(path);
    expect(hit.cache).toBe('HIT');
    expect(hit.body).toBe(missed.body);
    for (const name of ['Surrogate-Control', 'xkey', 'Cache-Tag']) expect(hit.reply.headers.get(name), name).toBeNull();
    expect(hit.reply.headers.get('Cache-Control')).toBe('public, no-cache');

    // The browser's copy is revalidated through the edge: the same ETag costs a 304 and no body.
    const etag = hit.reply.headers.get('ETag')!;
    const revalidated = await throughEdge(path, { 'If-None-Match': etag });
    expect(revalidated.status).toBe(304);
    expect(revalidated.body).toBe('');
  });

  it('keeps one copy per coding and data-saver mode, each right for who asks', async () => {
    const path = `/product/${product.id}`;
    const kinds: Record<string, string>[] = [
      { 'Accept-Encoding': 'gzip, deflate, br' },
      { 'Accept-Encoding': 'gzip' },
      { 'Save-Data': 'on' },
      { Cookie: 'data_saver=1' },
    ];
    for (const headers of kinds) {
      await throughEdge(path, headers);
      const again = await throughEdge(path, headers);
      expect(again.cache, JSON.stringify(headers)).toBe('HIT');
    }
    const brotli = await fetch(new URL(path, varnish!.url), { headers: { 'Accept-Encoding': 'br;q=1, gzip;q=0.5' } });
    expect(brotli.headers.get('Content-Encoding')).toBe('br');
    const noBrotli = await fetch(new URL(path, varnish!.url), { headers: { 'Accept-Encoding': 'gzip, br;q=0' } });
    expect(noBrotli.headers.get('Content-Encoding')).toBe('gzip');
    const light = await throughEdge(path, { 'Save-Data': 'on' });
    const normal = await throughEdge(path);
    expect(light.reply.headers.get('ETag')).not.toBe(normal.reply.headers.get('ETag'));
  });

  it('shows the new stock at once after an order committed on the other instance', async () => {
    const path = `/product/${product.id}`;
    await throughEdge(path);
    const before = await throughEdge(path);
    expect(before.cache).toBe('HIT');
    const shown = soldAndLeft(before.body);

    const order = await orderOn(second!);
    expect(order.status, order.body.message).toBe(201);
    const replied = Date.now();
    let after = await throughEdge(path);
    while (soldAndLeft(after.body).sold === shown.sold && Date.now() - replied < 1_000) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      after = await throughEdge(path);
    }
    expect(soldAndLeft(after.body)).toEqual({ sold: shown.sold + 1, left: shown.left - 1 });
    expect(Date.now() - replied).toBeLessThan(1_000);
  });

  it('never keeps what belongs to someone: a session, a bearer token, account pages', async () => {
    const path = `/product/${product.id}`;
    const cookie = { Cookie: `duuka_session=${encodeURIComponent(buyerToken)}` };
    for (const [target, headers] of [
      [path, cookie],
      ['/account', cookie],
      ['/account/addresses', cookie],
      ['/api/addresses', { Authorization: `Bearer ${buyerToken}` }],
      ['/api/orders', { Authorization: `Bearer ${buyerToken}` }],
    ] as const) {
      const firstTime = await throughEdge(target, headers);
      const again = await throughEdge(target, headers);
      expect([firstTime.cache, again.cache], target).toEqual(['PASS', 'PASS']);
    }
    // Nor does a shopper without the session get what was fetched with it.
    const account = await throughEdge('/account');
    expect(account.body).not.toContain('Akello');
  });

  it('never keeps a reply that sets a cookie, nor the language redirect', async () => {
    for (let round = 0; round < 2; round++) {
      const guest = await throughEdge('/api/search-history');
      expect(guest.reply.headers.get('Set-Cookie')).toMatch(/^duuka_guest=/);
      expect(guest.cache).not.toBe('HIT');
    }
    const path = `/product/${product.id}`;
    await throughEdge(path);
    expect((await throughEdge(path)).cache).toBe('HIT');
    for (let round = 0; round < 2; round++) {
      const redirected = await throughEdge(path, { Cookie: 'lang=lg' });
      expect(redirected.status).toBe(302);
      expect(redirected.reply.headers.get('Location')).toBe(`/lg${path}`);
      expect(redirected.cache).not.toBe('HIT');
    }
    // The redirect kept from the edge does not keep the page from the others, whatever other cookies they carry.
    expect((await throughEdge(path, { Cookie: '_ga=GA1.2.3; duuka_guest=x' })).cache).toBe('HIT');
  });

  it('answers PURGE only from the addresses it trusts, with the secret, and only with tags', async () => {
    const secret = { 'X-Purge-Secret': PURGE_SECRET };
    const noTags = await fetch(varnish!.url, { method: 'PURGE', headers: secret });
    expect(noTags.status).toBe(400);
    const purged = await fetch(varnish!.url, { method: 'PURGE', headers: { ...secret, xkey: `product:${product.id}` } });
    expect(purged.status).toBe(200);
    expect((await throughEdge(`/product/${product.id}`)).cache).toBe('MISS');
    expect((await throughEdge(`/product/${product.id}`)).cache).toBe('HIT');

    // From an address outside its ACL (given by the PROXY protocol, as a load balancer in front would).
    const stranger = await purgeFrom('203.0.113.9', `product:${product.id}`);
    expect(stranger).toMatch(/^HTTP\/1\.1 403 /);
    // From the machine itself, without the secret or with another.
    for (const headers of [{}, { 'X-Purge-Secret': 'guessed' }, { 'X-Purge-Secret': '' }] as Record<string, string>[]) {
      const refused = await fetch(varnish!.url, { method: 'PURGE', headers: { ...headers, xkey: `product:${product.id}` } });
      expect(refused.status, JSON.stringify(headers)).toBe(403);
    }
    expect((await throughEdge(`/product/${product.id}`)).cache).toBe('HIT');
  });

  it('refuses a purge that came through a proxy on its own machine, even one carrying the secret', async () => {
    const frontDoor = await startFrontDoor();
    try {
      const page = await fetch(new URL(`/product/${product.id}`, frontDoor.url));
      expect(page.status).toBe(200);
      await page.arrayBuffer();
      expect((await throughEdge(`/product/${product.id}`)).cache).toBe('HIT');
      for (const headers of [{ 'X-Purge-Secret': PURGE_SECRET }, {}] as Record<string, string>[]) {
        const attempt = await fetch(frontDoor.url, { method: 'PURGE', headers: { ...headers, xkey: `product:${product.id} all` } });
        expect(attempt.status, JSON.stringify(headers)).toBe(403);
      }
      // A client's own X-Forwarded-For is no way round it either.
      const spoofed = await fetch(varnish!.url, { method: 'PURGE', headers: { 'X-Purge-Secret': PURGE_SECRET, 'X-Forwarded-For': '127.0.0.1', xkey: 'all' } });
      expect(spoofed.status).toBe(403);
      expect((await throughEdge(`/product/${product.id}`)).cache).toBe('HIT');
    } finally {
      await frontDoor.stop();
    }
  });

  it("drops a page on the store's own purge after the refused ones: a write still reaches the edge", async () => {
    await throughEdge(`/product/${product.id}`);
    expect((await throughEdge(`/product/${product.id}`)).cache).toBe('HIT');
    const order = await orderOn(second!);
    expect(order.status, order.body.message).toBe(201);
    expect((await throughEdge(`/product/${product.id}`)).cache).toBe('MISS');
  });

  it('retries a purge that cannot reach an edge, and the write still succeeds', async () => {
    const order = await orderOn(first!);
    expect(order.status, order.body.message).toBe(201);
    // The first attempt failed before the reply; the retry follows a second later, and fails again.
    const attempts = () =>
      first!
        .output()
        .split('\n')
        .filter((line) => line.includes(closedEdge) && line.includes('edge purge failed'))
        .map((line) => JSON.parse(line) as { attempt: number; retryInMs: number });
    const deadline = Date.now() + 10_000;
    while (!attempts().some(({ attempt }) => attempt >= 2) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(attempts().map(({ attempt }) => attempt)).toEqual(expect.arrayContaining([1, 2]));
    // The edge that is there got its purge at once: the product page shows the order.
    const page = await throughEdge(`/product/${product.id}`);
    expect(page.cache).toBe('MISS');
  });

  it('serves a picture uploaded through one instance from either, its sizes too, kept at the edge', async () => {
    const login = await json(first!.baseUrl, '/api/users/login', {
      method: 'POST',
      body: JSON.stringify({ username: ADMIN_ENV.ADMIN_EMAIL, password: ADMIN_ENV.ADMIN_PASSWORD }),
    });
    expect(login.status, login.body.message).toBe(200);
    const form = new FormData();
    form.set('category', 'Pictures behind the edge');
    const tile = await sharp({ create: { width: 900, height: 900, channels: 3, background: '#0b6e4f' } })
      .png()
      .toBuffer();
    form.set('image', new File([new Uint8Array(tile)], 'tile.png', { type: 'image/png' }));
    const created = await fetch(new URL('/api/categories', first!.baseUrl), {
      method: 'POST',
      headers: { Authorization: `Bearer ${login.body.data.token}` },
      body: form,
    });
    expect(created.status).toBe(201);
    const name = ((await created.json()) as Row).data.image.split('/').pop() as string;

    // Varnish takes the instances in turn, hits included: two requests that miss in a row reach both.
    for (const paths of [
      [`/storage/images/${name}`, `/storage/images/${name}?from=edge`],
      [`/img/480/webp/${name}`, `/img/480/webp/${name}?from=edge`],
    ]) {
      const replies = [];
      for (const path of paths) {
        const reply = await fetch(new URL(path, varnish!.url));
        replies.push({ status: reply.status, cache: reply.headers.get('X-Cache'), body: Buffer.from(await reply.arrayBuffer()) });
      }
      expect(replies.map(({ status, cache }) => [status, cache])).toEqual([
        [200, 'MISS'],
        [200, 'MISS'],
      ]);
      expect(replies[0]!.body.equals(replies[1]!.body), paths[0]).toBe(true);
      expect((await throughEdge(paths[0]!)).cache).toBe('HIT');
      // A logged-in shopper's cookies do not keep a picture from the edge.
      expect((await throughEdge(paths[0]!, { Cookie: `duuka_session=${encodeURIComponent(buyerToken)}` })).cache).toBe('HIT');
    }
    const resized = await fetch(new URL(`/img/480/webp/${name}`, varnish!.url));
    expect(await sharp(Buffer.from(await resized.arrayBuffer())).metadata()).toMatchObject({ format: 'webp', width: 480 });
  });
});
