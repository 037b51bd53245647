/**
 * Pictures within limits: a storm of never-requested sizes is encoded at most PICTURE_ENCODES at a time with
 * PICTURE_ENCODE_QUEUE waiting (one and two on the test store); the rest are answered at once with a size
 * already made or a 503 to come back, while the store's API goes on answering. Only the widths pages use are
 * served, and an uploaded picture's sizes are made when it is uploaded.
 */
import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, url } from './client';
import { register } from './callers';
import { PICTURE_QUEUE } from './server.setup';
import { variantCachePath } from '../../src/server/media/variants';
import { IMAGE_FORMATS, IMAGE_QUALITIES, IMAGE_WIDTHS } from '../../src/lib/image-variants';

type Row = Record<string, any>;
type Answer = { size: string; status: number; cacheControl: string | null; retryAfter: string | null; contentType: string | null; width?: number };

// The server runs from the repository with the default storage folder, so its cache is this one.
const cacheDir = path.resolve(process.env.STORAGE_DIR || 'storage', 'cache', 'img');
const EXACT = 'public, max-age=2592000';
const STAND_IN = 'public, max-age=60';
/** Every size pages may show a picture at: data-saver pages show 240 but never 1200, other pages the reverse. */
const PAGE_SIZES = (['standard', 'low'] as const).flatMap((quality) =>
  (quality === 'low' ? ([160, 240, 320, 480, 640, 800] as const) : ([160, 320, 480, 640, 800, 1200] as const)).flatMap((width) =>
    IMAGE_FORMATS.map((format) => ({ width, format, quality })),
  ),
);
/** The dearest sizes to encode: what an attacker asks for. */
const STORM_SIZES = [
  [1200, 'avif'],
  [800, 'avif'],
] as const;

let products: Row[];
let photos: string[];

beforeAll(async () => {
  products = [];
  for (const page of [1, 2]) products.push(...(await api(`/api/products?limit=100&page=${page}`)).body.data.data);
  photos = [...new Set(products.map((product) => product.feature_photo as string))];
  // The store makes each picture's stand-in size in the background as it starts: let it finish first.
  const deadline = Date.now() + 60_000;
  while (photos.some((file) => !existsSync(variantCachePath(480, 'jpeg', file))) && Date.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, 250));
}, 90_000);

/** Removes every size made of `file`, as if nobody had ever asked for it. */
function forgetSizes(file: string) {
  for (const quality of IMAGE_QUALITIES) {
    for (const width of IMAGE_WIDTHS) for (const format of IMAGE_FORMATS) rmSync(variantCachePath(width, format, file, quality), { force: true });
  }
}

async function ask(size: string): Promise<Answer> {
  const response = await fetch(url(size));
  const body = Buffer.from(await response.arrayBuffer());
  const answer: Answer = {
    size,
    status: response.status,
    cacheControl: response.headers.get('cache-control'),
    retryAfter: response.headers.get('retry-after'),
    contentType: response.headers.get('content-type'),
  };
  if (response.status === 200) answer.width = (await sharp(body).metadata()).width;
  return answer;
}

/** Asks for the storm's sizes of `files` all at once; meanwhile makes a search nobody made before (its time is measured by `npm run bench:pictures`). */
async function storm(files: string[]) {
  const sizes = files.flatMap((file) => STORM_SIZES.map(([width, format]) => `/img/${width}/${format}/${file}`));
  const answers = Promise.all(sizes.map(ask));
  await new Promise((resolve) => setTimeout(resolve, 20));
  // A real word with a price bound never asked before: no cache holds this search.
  const word = products[7]!.name.split(' ')[0];
  const search = await api(`/api/products?search=${encodeURIComponent(word)}&min_price=${1000 + Math.floor(Math.random() * 1_000_000)}`);
  return { answers: await answers, search };
}

function expectWithinLimits(answers: Answer[]) {
  for (const answer of answers) {
    if (answer.status === 503) {
      expect(answer.retryAfter, answer.size).toMatch(/^[1-9][0-9]*$/);
      expect(answer.cacheControl, answer.size).toBe('no-store');
    } else {
      expect(answer.status, answer.size).toBe(200);
      expect([EXACT, STAND_IN], answer.size).toContain(answer.cacheControl);
    }
  }
  const encoded = answers.filter((answer) => answer.cacheControl === EXACT);
  // What the queue holds, and a few whose encode finished while the storm was still arriving.
  expect(encoded.length).toBeLessThanOrEqual(PICTURE_QUEUE.encodes + PICTURE_QUEUE.waiting + 6);
}

describe('a storm of cold picture sizes', () => {
  it(
    'answers 503 with Retry-After for sizes of pictures with nothing made yet, beyond what the queue holds, while the API answers',
    { timeout: 60_000 },
    async () => {
      const files = photos.slice(0, 20);
      files.forEach(forgetSizes);
      const { answers, search } = await storm(files);

      expectWithinLimits(answers);
      const refused = answers.filter((answer) => answer.status === 503);
      expect(refused.length, JSON.stringify(answers.map((answer) => answer.status))).toBeGreaterThanOrEqual(20);
      expect(search.status).toBe(200);

      // Coming back as told, a refused size is encoded and kept.
      const again = refused[0]!.size;
      await expect.poll(async () => (await ask(again)).cacheControl, { timeout: 20_000, interval: Number(refused[0]!.retryAfter) * 200 }).toBe(EXACT);
    },
  );

  it('answers with the nearest size already made, kept only briefly, when the queue is full', async () => {
    const files = photos.slice(20, 40);
    for (const file of files) {
      forgetSizes(file);
      expect((await ask(`/img/480/jpeg/${file}`)).cacheControl).toBe(EXACT);
    }
    const { answers, search } = await storm(files);

    expectWithinLimits(answers);
    const standIns = answers.filter((answer) => answer.cacheControl === STAND_IN);
    expect(standIns.length, JSON.stringify(answers.map((answer) => answer.cacheControl))).toBeGreaterThanOrEqual(20);
    // The stand-in made before the storm, or for a 1200 px AVIF the 800 px one encoded during it.
    for (const answer of standIns) expect(['image/jpeg 480', 'image/avif 800'], answer.size).toContain(`${answer.contentType} ${answer.width}`);
    expect(answers.filter((answer) => answer.status === 503)).toEqual([]);
    expect(search.status).toBe(200);
    // A stand-in is never kept under the size it stood for.
    for (const answer of standIns) expect(existsSync(path.join(cacheDir, answer.size.replace('/img/', ''))), answer.size).toBe(false);
  });
});

describe('widths no page uses', () => {
  it('answers 404 for a width pages never ask for at that quality', async () => {
    const photo = photos[0]!;
    for (const pathname of [`/img/240/webp/${photo}`, `/img/240/avif/${photo}`, `/img/low/1200/jpeg/${photo}`, `/img/low/1200/avif/${photo}`]) {
      const response = await fetch(url(pathname));
      expect(response.status, pathname).toBe(404);
      expect(response.headers.get('content-type'), pathname).toMatch(/^text\/plain/);
    }
    expect(existsSync(variantCachePath(240, 'webp', photo))).toBe(false);
    expect(existsSync(variantCachePath(1200, 'jpeg', photo, 'low'))).toBe(false);
  });

  it('still serves 240 at the low quality and 1200 at the standard one', async () => {
    for (const pathname of [`/img/low/240/webp/${photos[0]}`, `/img/1200/jpeg/${photos[0]}`]) expect((await fetch(url(pathname))).status, pathname).toBe(200);
  });
});

describe('an uploaded picture', () => {
  it('has every size pages ask for made on disk shortly after the upload', { timeout: 60_000 }, async () => {
    const shopper = await register('10.241.0.1', 'Nakato');
    const logo = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#1d6e8c' } })
      .jpeg()
      .toBuffer();
    const body = new FormData();
    body.append('business_name', `Nakato Crafts ${Date.now()}`);
    body.append('business_address', 'Plot 3, Bombo Road, Kampala');
    body.append('business_phone_number', '0772 123 457');
    body.append('business_logo', new File([new Uint8Array(logo)], 'logo.jpg', { type: 'image/jpeg' }));
    const reply = await api('/api/vendors', { method: 'POST', headers: shopper.headers, body });
    expect(reply.status, reply.body.message).toBe(201);
    const file: string = reply.body.data.business_logo;

    const missing = () => PAGE_SIZES.filter(({ width, format, quality }) => !existsSync(variantCachePath(width, format, file, quality)));
    await expect.poll(() => missing().length, { timeout: 25_000, interval: 250 }).toBe(0);

    // Served from disk as it is: the exact size, kept for 30 days.
    const answer = await ask(`/img/800/avif/${file}`);
    expect(answer).toMatchObject({ status: 200, cacheControl: EXACT, contentType: 'image/avif', width: 800 });
  });
});
