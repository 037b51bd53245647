import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { reloadConfig } from '~/server/config';
import { isSafeFileName } from '~/server/media/storage';
import { parseImageFormat, parseImageWidth, readVariant, variantPath, type ImageVariant } from '~/server/media/variants';
import { OFFERED_WIDTHS } from '~/lib/image-variants';

describe('variantPath', () => {
  it('builds /img/{width}/{format}/{file}', () => {
    expect(variantPath(320, 'avif', 'p-phones-1.jpg')).toBe('/img/320/avif/p-phones-1.jpg');
    expect(variantPath(1200, 'jpeg', 'default.jpg')).toBe('/img/1200/jpeg/default.jpg');
  });

  it('escapes a name that could change the path', () => {
    expect(variantPath(160, 'webp', '../package.json')).toBe('/img/160/webp/..%2Fpackage.json');
  });
});

describe('parseImageWidth', () => {
  it('accepts exactly the widths pages offer, and at the low quality the step-smaller ones', () => {
    for (const width of OFFERED_WIDTHS) {
      expect(parseImageWidth(width)).toBe(width);
      expect(parseImageWidth(String(width))).toBe(width);
    }
    expect([160, 240, 320, 480, 640, 800].map((width) => parseImageWidth(String(width), 'low'))).toEqual([160, 240, 320, 480, 640, 800]);
  });

  it('refuses widths no page asks for: 240 at the standard quality, 1200 at the low one', () => {
    expect(parseImageWidth('240')).toBeNull();
    expect(parseImageWidth('1200', 'low')).toBeNull();
  });

  it.each(['333', '0', '-320', '320.0', '0320', '0x140', ' 320', '1e3', '', undefined])('rejects %j', (raw) => {
    expect(parseImageWidth(raw)).toBeNull();
  });

  it('rejects numbers that are not served widths', () => {
    expect(parseImageWidth(333)).toBeNull();
    expect(parseImageWidth(320.5)).toBeNull();
  });
});

describe('parseImageFormat', () => {
  it('accepts avif, webp and jpeg only', () => {
    expect(parseImageFormat('avif')).toBe('avif');
    expect(parseImageFormat('webp')).toBe('webp');
    expect(parseImageFormat('jpeg')).toBe('jpeg');
    for (const other of ['gif', 'jpg', 'png', 'AVIF', '', undefined]) expect(parseImageFormat(other)).toBeNull();
  });
});

describe('isSafeFileName', () => {
  it('accepts plain file names', () => {
    for (const name of ['p-phones-1.jpg', 'default.jpg', 'Banner_2.webp']) expect(isSafeFileName(name)).toBe(true);
  });

  it('rejects folders, dot-files and traversal', () => {
    for (const name of ['../package.json', '..', '.env', 'a/b.jpg', 'a\\b.jpg', '', 'x y.jpg', `${'a'.repeat(202)}.jpg`]) {
      expect(isSafeFileName(name)).toBe(false);
    }
  });
});

describe('readVariant with invalid input', () => {
  it('answers null for a width or format that is not served', async () => {
    expect(await readVariant(333, 'avif', 'p-phones-1.jpg')).toBeNull();
    expect(await readVariant('320', 'gif', 'p-phones-1.jpg')).toBeNull();
  });
});

/** The picture a read gave, failing the test when there is none or the queue was full. */
async function made(read: Promise<ImageVariant | 'busy' | null>): Promise<ImageVariant> {
  const answer = await read;
  if (!answer || answer === 'busy') throw new Error(`expected a picture, got ${answer}`);
  return answer;
}

describe('readVariant on disk', () => {
  const storageDir = mkdtempSync(path.join(os.tmpdir(), 'variants-test-'));
  afterAll(() => {
    vi.unstubAllEnvs();
    reloadConfig();
    rmSync(storageDir, { recursive: true, force: true });
  });

  /** A fresh copy of the module whose storage folder is the scratch one. */
  async function variantsInScratchStorage() {
    vi.stubEnv('STORAGE_DIR', storageDir);
    reloadConfig();
    vi.resetModules();
    const imagesDir = path.join(storageDir, 'images');
    mkdirSync(imagesDir, { recursive: true });
    const solidPicture = (colour: string) => sharp({ create: { width: 600, height: 400, channels: 3, background: colour } }).jpeg();
    await solidPicture('#0b6e4f').toFile(path.join(imagesDir, 'photo.jpg'));
    await solidPicture('#cccccc').toFile(path.join(imagesDir, 'default.jpg'));
    return import('~/server/media/variants');
  }

  it('encodes a variant once for concurrent requests, keeps the aspect ratio and caches it', async () => {
    const variants = await variantsInScratchStorage();
    const answers = await Promise.all(Array.from({ length: 5 }, () => made(variants.readVariant(480, 'webp', 'photo.jpg'))));
    // One shared encoding hands every caller the very same buffer.
    for (const answer of answers) expect(answer.body).toBe(answers[0]!.body);
    expect(answers[0]).toMatchObject({ contentType: 'image/webp', fallback: false });
    expect(await sharp(answers[0]!.body).metadata()).toMatchObject({ format: 'webp', width: 480, height: 320 });

    const cacheFolder = path.join(storageDir, 'cache', 'img', '480', 'webp');
    expect(readdirSync(cacheFolder)).toEqual(['photo.jpg']);
    const again = await made(variants.readVariant(480, 'webp', 'photo.jpg'));
    expect(again.body.equals(answers[0]!.body)).toBe(true);
    expect(again.body).not.toBe(answers[0]!.body);
  });

  it('encodes the low quality apart, smaller than the standard one, and caches it under low/', async () => {
    const variants = await variantsInScratchStorage();
    // A picture with detail (a gradient and noise), where the quality shows in the bytes.
    const detailed = sharp({ create: { width: 600, height: 400, channels: 3, background: '#0b6e4f', noise: { type: 'gaussian', mean: 128, sigma: 40 } } });
    await detailed.jpeg({ quality: 95 }).toFile(path.join(storageDir, 'images', 'detailed.jpg'));
    for (const format of ['avif', 'webp', 'jpeg'] as const) {
      const standard = await made(variants.readVariant(480, format, 'detailed.jpg'));
      const low = await made(variants.readVariant(480, format, 'detailed.jpg', 'low'));
      expect(low, format).toMatchObject({ contentType: standard.contentType, fallback: false });
      expect(await sharp(low.body).metadata(), format).toMatchObject({ format: format === 'avif' ? 'heif' : format, width: 480, height: 320 });
      expect(low.body.length, format).toBeLessThan(standard.body.length * 0.85);
      expect(existsSync(path.join(storageDir, 'cache', 'img', 'low', '480', format, 'detailed.jpg')), format).toBe(true);
      expect(existsSync(path.join(storageDir, 'cache', 'img', '480', format, 'detailed.jpg')), format).toBe(true);
    }
  });

  it('never enlarges', async () => {
    const variants = await variantsInScratchStorage();
    const answer = await made(variants.readVariant(1200, 'jpeg', 'photo.jpg'));
    expect(await sharp(answer.body).metadata()).toMatchObject({ format: 'jpeg', width: 600, height: 400 });
  });

  it('falls back to the default image without caching it under the missing name', async () => {
    const variants = await variantsInScratchStorage();
    for (const missing of ['no-such-photo.jpg', '../images/photo.jpg']) {
      const answer = await made(variants.readVariant(160, 'avif', missing));
      expect(answer).toMatchObject({ contentType: 'image/avif', fallback: true });
      expect((await sharp(answer.body).metadata()).width).toBe(160);
    }
    expect(existsSync(path.join(storageDir, 'cache', 'img', '160', 'avif', 'no-such-photo.jpg'))).toBe(false);
    expect(existsSync(path.join(storageDir, 'cache', 'img', '160', 'avif', 'default.jpg'))).toBe(true);
  });

  it('answers, while the encode queue is full, with the nearest size already made, or busy when there is none', async () => {
    vi.stubEnv('PICTURE_ENCODES', '1');
    vi.stubEnv('PICTURE_ENCODE_QUEUE', '1');
    const variants = await variantsInScratchStorage();
    const imagesDir = path.join(storageDir, 'images');
    const noisy = sharp({ create: { width: 1600, height: 1000, channels: 3, background: '#335', noise: { type: 'gaussian', mean: 128, sigma: 60 } } });
    await noisy.jpeg().toFile(path.join(imagesDir, 'big.jpg'));
    await sharp(path.join(imagesDir, 'photo.jpg')).toFile(path.join(imagesDir, 'queued.jpg'));
    await made(variants.readVariant(480, 'webp', 'queued.jpg'));

    // Two slow encodes take the one slot and the one waiting place.
    const slow = [variants.readVariant(1200, 'avif', 'big.jpg'), variants.readVariant(800, 'avif', 'big.jpg')];
    await new Promise((resolve) => setTimeout(resolve, 50));
    const standIn = await made(variants.readVariant(320, 'avif', 'queued.jpg'));
    expect(standIn).toMatchObject({ contentType: 'image/webp', standIn: true, fallback: false });
    expect((await sharp(standIn.body).metadata()).width).toBe(480);
    expect(await variants.readVariant(320, 'jpeg', 'big.jpg')).toBe('busy');
    expect(existsSync(path.join(storageDir, 'cache', 'img', '320', 'avif', 'queued.jpg'))).toBe(false);

    for (const answer of await Promise.all(slow)) expect(answer).toMatchObject({ contentType: 'image/avif', standIn: false });
    expect(await made(variants.readVariant(320, 'avif', 'queued.jpg'))).toMatchObject({ contentType: 'image/avif', standIn: false });
    vi.unstubAllEnvs();
    reloadConfig();
  });

  it('makes every size pages ask for of a new picture in the background', async () => {
    const variants = await variantsInScratchStorage();
    await sharp(path.join(storageDir, 'images', 'photo.jpg')).toFile(path.join(storageDir, 'images', 'uploaded.jpg'));
    await variants.prepareVariants('uploaded.jpg');
    const made = variants
      .everyServedSize()
      .filter(({ width, format, quality }) => existsSync(variants.variantCachePath(width, format, 'uploaded.jpg', quality)));
    expect(made).toHaveLength(36);
    await variants.removeVariants('uploaded.jpg');
    expect(readdirSync(path.join(storageDir, 'cache', 'img', '800', 'avif'))).not.toContain('uploaded.jpg');
  });
});
