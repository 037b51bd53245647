/**
 * Bounded bodies: every route that reads a body refuses one past its allowance with 413 while it is
 * still arriving (chunked, with no length to check first), without the server's memory moving; picture
 * uploads get a larger allowance and only so many are taken in at once; and the store keeps serving.
 */
import http from 'node:http';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { api, url, type Reply } from './client';
import { ADMIN } from './server.setup';
import { MAX_CONCURRENT_UPLOADS, MAX_UPLOAD_BODY_BYTES } from '../../src/server/http/body-limits';
import { MAX_IMAGE_BYTES } from '../../src/lib/picture-uploads';
import { MAX_GALLERY_IMAGES } from '../../src/server/catalog/product-input';

const MB = 1024 * 1024;
const TOO_LARGE = { code: 0, message: 'Request body is too large', data: null };
const UPLOADS_BUSY = 'The store is busy receiving other pictures; please try again in a few seconds';
const TAG = Array.from({ length: 5 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');
// The server runs from the repository with the default storage folder, so its pictures are written here.
const IMAGES_DIR = path.resolve(process.env.STORAGE_DIR || 'storage', 'images');

type Sent = { status: number; headers: http.IncomingHttpHeaders; body: any; bytesSent: number };

function readReply(response: http.IncomingMessage, bytesSent: () => number): Promise<Sent> {
  return new Promise((resolve, reject) => {
    let text = '';
    response.setEncoding('utf8');
    response.on('data', (part) => (text += part));
    response.on('error', reject);
    response.on('end', () => {
      try {
        resolve({ status: response.statusCode!, headers: response.headers, body: JSON.parse(text), bytesSent: bytesSent() });
      } catch {
        reject(new Error(`answered ${response.statusCode} with something that is not JSON: ${text.slice(0, 200)}`));
      }
    });
  });
}

/**
 * A keep-alive connection of the request's own, like a browser's, never handed to the next request: after
 * a refusal the store closes the connection without reading on, and the shared pool could otherwise give
 * that closing connection to the next test's request.
 */
const ownConnection = () => new http.Agent({ keepAlive: true, maxSockets: 1 });

/**
 * Posts `totalBytes` with Transfer-Encoding: chunked (node:http sends no Content-Length for a body
 * written in pieces), as fast as the server takes them, and stops sending once the reply arrives.
 */
function postChunked(pathname: string, contentType: string, totalBytes: number, headers: Record<string, string> = {}): Promise<Sent> {
  const chunk = Buffer.alloc(64 * 1024, 'a');
  return new Promise((resolve, reject) => {
    let bytesSent = 0;
    let answered = false;
    const request = http.request(url(pathname), {
      agent: ownConnection(),
      method: 'POST',
      headers: { 'Content-Type': contentType, 'X-Forwarded-For': nextAddress(), ...headers },
    });
    request.on('response', (response) => {
      answered = true;
      readReply(response, () => bytesSent)
        .then(resolve, reject)
        .finally(() => request.destroy());
    });
    // Writing into a connection the server has closed after answering fails; that is expected here.
    request.on('error', (error) => !answered && reject(error));
    const pump = () => {
      while (!answered && bytesSent < totalBytes) {
        bytesSent += chunk.byteLength;
        if (!request.write(chunk)) return void request.once('drain', pump);
      }
      if (!answered) request.end();
    };
    pump();
  });
}

/** Sends only the request line and headers, declaring `contentLength`, and waits for the reply. */
function declareOnly(pathname: string, contentType: string, contentLength: number, headers: Record<string, string> = {}): Promise<Sent> {
  return new Promise((resolve, reject) => {
    const request = http.request(url(pathname), {
      agent: ownConnection(),
      method: 'POST',
      headers: { 'Content-Type': contentType, 'Content-Length': contentLength, ...headers },
    });
    request.on('response', (response) => {
      readReply(response, () => 0)
        .then(resolve, reject)
        .finally(() => request.destroy());
    });
    request.on('error', reject);
    request.flushHeaders();
  });
}

/**
 * An upload that the server admits (it answers `100 Continue` only after taking an upload place) and
 * that then sends a little and holds the connection open, like a phone uploading slowly.
 */
function holdUploadOpen(): Promise<http.ClientRequest> {
  return new Promise((resolve, reject) => {
    const request = http.request(url('/api/products'), {
      agent: ownConnection(),
      method: 'POST',
      headers: { ...adminHeaders, 'Content-Type': 'multipart/form-data; boundary=----slow', Expect: '100-continue' },
    });
    request.on('continue', () => {
      request.write('------slow\r\nContent-Disposition: form-data; name="name"\r\n\r\nSlow');
      resolve(request);
    });
    request.on('response', (response) => reject(new Error(`the held upload was answered ${response.statusCode}`)));
    request.on('error', () => {});
    request.flushHeaders();
  });
}

/** The store's resident memory and its peak since the last reset, in bytes, from /proc/<pid>/status. */
function storeMemory(): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${inject('storePid')}/status`, 'utf8');
  const kB = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)![1]) * 1024;
  return { rss: kB('VmRSS'), peak: kB('VmHWM') };
}

/** Sets the peak resident memory back to the current one (Linux: "5" to clear_refs). */
function resetPeakMemory() {
  writeFileSync(`/proc/${inject('storePid')}/clear_refs`, '5');
}

let addressCounter = 0;
const nextAddress = () => `10.170.${Math.floor(addressCounter / 250)}.${(addressCounter++ % 250) + 1}`;

/**
 * A real PNG as large as a picture may be that costs almost nothing to decode: a 64×48 picture with a
 * private ancillary chunk of padding, which decoders skip.
 */
async function paddedPng(totalBytes: number): Promise<Buffer> {
  const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#2a7' } })
    .png()
    .toBuffer();
  const afterHeader = 8 + 8 + 13 + 4; // signature, then the IHDR chunk (length, type, 13 bytes, CRC)
  const padding = Buffer.alloc(totalBytes - png.byteLength - 12, 0x20);
  const chunk = Buffer.alloc(padding.byteLength + 12);
  chunk.writeUInt32BE(padding.byteLength, 0);
  chunk.write('paDd', 4, 'latin1');
  padding.copy(chunk, 8);
  chunk.writeUInt32BE(crc32(chunk.subarray(4, 8 + padding.byteLength)), 8 + padding.byteLength);
  return Buffer.concat([png.subarray(0, afterHeader), chunk, png.subarray(afterHeader)]);
}

let adminHeaders: Record<string, string>;
let categoryId: number;
const createdProducts: number[] = [];
const storedPictures: string[] = [];

async function addProductWithPictures(pictures: Buffer[], name: string): Promise<Reply> {
  const form = new FormData();
  form.append('name', name);
  form.append('price_1', '25000');
  form.append('category', String(categoryId));
  form.append('total_items', '3');
  const [feature, ...gallery] = pictures;
  form.append('feature_photo', new File([new Uint8Array(feature!)], 'feature.png', { type: 'image/png' }));
  for (const [index, picture] of gallery.entries()) form.append('images', new File([new Uint8Array(picture)], `gallery-${index}.png`, { type: 'image/png' }));
  const reply = await api('/api/products', { method: 'POST', headers: adminHeaders, body: form });
  if (reply.status === 201) {
    createdProducts.push(reply.body.data.id);
    storedPictures.push(...reply.body.data.images);
  }
  return reply;
}

async function expectStillServing() {
  const health = await api('/api/health');
  expect(health.status).toBe(200);
  const listing = await api('/api/products?limit=1');
  expect(listing.status).toBe(200);
  expect(listing.body.data.data).toHaveLength(1);
}

beforeAll(async () => {
  const login = await api('/api/users/login', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': nextAddress() },
    body: JSON.stringify({ username: ADMIN.email, password: ADMIN.password }),
  });
  expect(login.status, login.body.message).toBe(200);
  adminHeaders = { Authorization: `Bearer ${login.body.data.token}` };
  const category = await api('/api/categories', {
    method: 'POST',
    headers: { ...adminHeaders, 'Content-Type': 'application/json' },
    body: JSON.stringify({ category: `Bounded Wares ${TAG}` }),
  });
  expect(category.status, category.body.message).toBe(201);
  categoryId = category.body.data.id;
});

afterAll(async () => {
  // Withdraws what was made here, so later files never meet it in their listings.
  for (const id of createdProducts) await api(`/api/products/${id}`, { method: 'DELETE', headers: adminHeaders });
  for (const name of storedPictures) if (/^product-[0-9a-f-]+\.jpg$/.test(name)) rmSync(path.join(IMAGES_DIR, name), { force: true });
});

describe('a chunked body past the allowance', () => {
  const routes = [
    ['the Stripe webhook', '/api/payments/stripe/webhook', 'application/json'],
    ['the Pesapal IPN', '/api/payments/pesapal/ipn', 'application/json'],
    ['an order, posted as multipart', '/api/orders', 'multipart/form-data; boundary=----order'],
    ['a JSON endpoint', '/api/users/login', 'application/json'],
    ["a dashboard page's form", '/vendor-dashboard/orders', 'application/x-www-form-urlencoded'],
  ] as const;

  it('gets 413 in the envelope while still sending, and the store takes in none of it', { timeout: 120_000 }, async () => {
    const before = storeMemory();
    resetPeakMemory();
    const replies = await Promise.all(routes.map(([, pathname, type]) => postChunked(pathname, type, 50 * MB)));
    const after = storeMemory();

    for (const [index, [what]] of routes.entries()) {
      const reply = replies[index]!;
      expect({ what, status: reply.status, body: reply.body }).toEqual({ what, status: 413, body: TOO_LARGE });
      // Answered before the 50 MB were all sent: the server stopped reading, so only socket buffers filled (how
      // many depends on how busy the machine is; the store's memory below shows it took none of it in).
      expect(reply.bytesSent, what).toBeLessThan(50 * MB);
    }
    // Five bodies of 50 MB at once; reading even one of them whole would raise the peak by 50 MB.
    // 250 MB offered; reading them whole took the old store up by 370 MB. What remains is allocator noise.
    expect(after.peak - before.rss, `peak ${after.peak} over ${before.rss} before`).toBeLessThan(32 * MB);
    await expectStillServing();
  });

  it('gets 413 before any byte is sent when the declared length is already too large', async () => {
    const json = await declareOnly('/api/orders', 'application/json', 65 * 1024);
    expect({ status: json.status, body: json.body }).toEqual({ status: 413, body: TOO_LARGE });
    const upload = await declareOnly('/api/products', 'multipart/form-data; boundary=----big', MAX_UPLOAD_BODY_BYTES + 1);
    expect({ status: upload.status, body: upload.body }).toEqual({ status: 413, body: TOO_LARGE });
    await expectStillServing();
  });
});

describe('picture uploads', () => {
  it("take a product's feature photo and full gallery at the largest picture size", { timeout: 120_000 }, async () => {
    const picture = await paddedPng(MAX_IMAGE_BYTES - 4096);
    const pictures = Array.from({ length: MAX_GALLERY_IMAGES + 1 }, () => picture);
    expect(pictures.length * picture.byteLength).toBeGreaterThan(40 * MB);

    const reply = await addProductWithPictures(pictures, `Bounded Lantern ${TAG}`);
    expect(reply.status, reply.body.message).toBe(201);
    expect(reply.body.data.images).toHaveLength(MAX_GALLERY_IMAGES + 1);
    expect(new Set(reply.body.data.images).size).toBe(MAX_GALLERY_IMAGES + 1);
    const stored = await fetch(url(`/storage/images/${reply.body.data.feature_photo}`));
    expect(stored.status).toBe(200);
    expect((await sharp(Buffer.from(await stored.arrayBuffer())).metadata()).format).toBe('jpeg');
  });

  it('get 413 past the upload allowance, sent chunked', { timeout: 120_000 }, async () => {
    const reply = await postChunked('/api/products', 'multipart/form-data; boundary=----huge', MAX_UPLOAD_BODY_BYTES + 4 * MB, adminHeaders);
    expect({ status: reply.status, body: reply.body }).toEqual({ status: 413, body: TOO_LARGE });
    await expectStillServing();
  });

  it('are refused to a caller who is not logged in before any of the body is read', async () => {
    // Only the headers are sent: an answer proves the store did not wait for the body.
    const reply = await declareOnly('/api/products', 'multipart/form-data; boundary=----anon', 8 * MB);
    expect({ status: reply.status, body: reply.body }).toEqual({ status: 401, body: { code: 0, message: 'Unauthenticated', data: null } });
    const forged = await declareOnly('/api/products', 'multipart/form-data; boundary=----anon', MB, { Authorization: 'Bearer not-a-real-token' });
    expect(forged.status).toBe(401);
    const sent = await postChunked('/api/products', 'multipart/form-data; boundary=----anon', 8 * MB);
    expect(sent.status).toBe(401);
    await expectStillServing();
  });

  it(`are taken ${MAX_CONCURRENT_UPLOADS} at a time: the next gets 503 with Retry-After, and a place frees when one ends`, { timeout: 120_000 }, async () => {
    const held = await Promise.all(Array.from({ length: MAX_CONCURRENT_UPLOADS }, holdUploadOpen));
    try {
      const form = new FormData();
      form.append('name', 'One too many');
      const refused = await api('/api/products', { method: 'POST', headers: adminHeaders, body: form });
      expect({ status: refused.status, body: refused.body }).toEqual({ status: 503, body: { code: 0, message: UPLOADS_BUSY, data: null } });
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      // Only uploads wait: everything else is answered while the places are taken.
      await expectStillServing();
      const json = await api('/api/products', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });
      expect(json.status).toBe(401);
    } finally {
      for (const request of held) request.destroy();
    }

    // The held uploads are gone; the server notices within moments and gives their places back.
    const picture = await paddedPng(2 * MB);
    let reply = await addProductWithPictures([picture], `Bounded Stool ${TAG}`);
    for (let attempt = 0; reply.status === 503 && attempt < 50; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      reply = await addProductWithPictures([picture], `Bounded Stool ${TAG}`);
    }
    expect(reply.status, reply.body.message).toBe(201);
    await expectStillServing();
  });
});
