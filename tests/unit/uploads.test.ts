import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { reloadConfig } from '~/server/config';
import { MAX_IMAGE_BYTES } from '~/lib/picture-uploads';
import { englishFailureOf } from '../support/english-failure';

type Uploads = typeof import('~/server/media/uploads');

let storage: string;
let images: string;
let uploads: Uploads;

beforeAll(async () => {
  storage = await mkdtemp(path.join(tmpdir(), 'uploads-test-'));
  images = path.join(storage, 'images');
  // storage.ts reads STORAGE_DIR when it is first imported.
  reloadConfig({ STORAGE_DIR: storage });
  uploads = await import('~/server/media/uploads');
  const { IMAGES_DIR } = await import('~/server/media/storage');
  expect(IMAGES_DIR).toBe(images);
});

afterAll(async () => {
  // Each upload's sizes are made in the background under the storage folder.
  await (await import('~/server/media/variants')).encodesFinished();
  reloadConfig();
  await rm(storage, { recursive: true, force: true });
});

beforeEach(async () => {
  await rm(images, { recursive: true, force: true });
});

const stored = async () => readdir(images).catch(() => [] as string[]);

const picture = (
  width: number,
  height: number,
  format: 'png' | 'jpeg' | 'webp',
  background: string | { r: number; g: number; b: number; alpha: number } = '#3a7',
) => {
  const image = sharp({ create: { width, height, channels: background === '#3a7' ? 3 : 4, background } });
  return (format === 'png' ? image.png() : format === 'jpeg' ? image.jpeg() : image.webp()).toBuffer();
};

const file = (bytes: Uint8Array | string, name = 'x.png', type = 'image/png') =>
  new File([typeof bytes === 'string' ? bytes : new Uint8Array(bytes)], name, { type });

const refusal = async (work: Promise<unknown>) => {
  const error = await work.then(
    () => undefined,
    (e: unknown) => e,
  );
  // The refusal as the endpoint wrapper answers it.
  const answer = englishFailureOf(error);
  expect(answer).not.toBeNull();
  const { status, message } = answer!;
  return { status, message };
};

const NAME = /^product-[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}\.jpg$/;

describe('storeUploadedImage', () => {
  it.each([
    ['png', 'image/png'],
    ['jpeg', 'image/jpeg'],
    ['webp', 'image/webp'],
  ] as const)('stores a %s as <prefix>-<uuid>.jpg, a JPEG, under storage/images', async (format, type) => {
    const name = await uploads.storeUploadedImage(file(await picture(300, 200, format), `x.${format}`, type), 'feature_photo', 'product');
    expect(name).toMatch(NAME);
    expect(await stored()).toEqual([name]);
    const metadata = await sharp(path.join(images, name)).metadata();
    expect(metadata).toMatchObject({ format: 'jpeg', width: 300, height: 200 });
  });

  it('gives every upload its own name', async () => {
    const bytes = await picture(40, 40, 'png');
    const first = await uploads.storeUploadedImage(file(bytes), 'images', 'product');
    const second = await uploads.storeUploadedImage(file(bytes), 'images', 'product');
    expect(first).not.toBe(second);
    expect((await stored()).sort()).toEqual([first, second].sort());
  });

  it('uses the prefix it is given', async () => {
    const name = await uploads.storeUploadedImage(file(await picture(40, 40, 'png')), 'image', 'category');
    expect(name).toMatch(/^category-[0-9a-f-]{36}\.jpg$/);
  });

  it('shrinks a large picture to at most 1600 px on its longer side, keeping its shape', async () => {
    expect(uploads.STORED_IMAGE_MAX_SIDE).toBe(1600);
    const wide = await uploads.storeUploadedImage(file(await picture(3000, 1000, 'png')), 'feature_photo', 'product');
    expect(await sharp(path.join(images, wide)).metadata()).toMatchObject({ format: 'jpeg', width: 1600, height: 533 });
    const tall = await uploads.storeUploadedImage(file(await picture(1000, 3200, 'jpeg'), 'x.jpg', 'image/jpeg'), 'feature_photo', 'product');
    expect(await sharp(path.join(images, tall)).metadata()).toMatchObject({ width: 500, height: 1600 });
  });

  it('does not enlarge a small picture', async () => {
    const name = await uploads.storeUploadedImage(file(await picture(120, 80, 'png')), 'feature_photo', 'product');
    expect(await sharp(path.join(images, name)).metadata()).toMatchObject({ width: 120, height: 80 });
  });

  it('flattens transparency onto white', async () => {
    const transparent = await picture(50, 50, 'png', { r: 0, g: 0, b: 0, alpha: 0 });
    expect((await sharp(transparent).metadata()).hasAlpha).toBe(true);
    const name = await uploads.storeUploadedImage(file(transparent), 'feature_photo', 'product');
    const output = sharp(path.join(images, name));
    expect((await output.metadata()).hasAlpha).toBe(false);
    const { data, info } = await output.raw().toBuffer({ resolveWithObject: true });
    expect(info.channels).toBe(3);
    // Every pixel is (nearly) white, not the black a transparent pixel would turn into.
    expect(Math.min(...data)).toBeGreaterThanOrEqual(250);
  });

  it('turns a picture upright and drops its metadata', async () => {
    const sideways = await sharp({ create: { width: 200, height: 100, channels: 3, background: '#3a7' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    expect((await sharp(sideways).metadata()).orientation).toBe(6);
    const name = await uploads.storeUploadedImage(file(sideways, 'x.jpg', 'image/jpeg'), 'feature_photo', 'product');
    const metadata = await sharp(path.join(images, name)).metadata();
    expect(metadata).toMatchObject({ width: 100, height: 200 });
    expect(metadata.orientation).toBeUndefined();
    expect(metadata.exif).toBeUndefined();
  });

  it('refuses a text file labelled image/png with 400 and writes nothing', async () => {
    expect(await refusal(uploads.storeUploadedImage(file('hello, this is not a picture'), 'feature_photo', 'product'))).toEqual({
      status: 400,
      message: 'feature_photo: must be a JPEG, PNG, WebP or AVIF picture',
    });
    expect(await stored()).toEqual([]);
  });

  it('refuses an SVG with 400', async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>';
    expect(await refusal(uploads.storeUploadedImage(file(svg, 'x.svg', 'image/svg+xml'), 'images', 'product'))).toEqual({
      status: 400,
      message: 'images: must be a JPEG, PNG, WebP or AVIF picture',
    });
    expect(await refusal(uploads.storeUploadedImage(file(svg, 'x.png', 'image/png'), 'images', 'product'))).toEqual({
      status: 400,
      message: 'images: must be a JPEG, PNG, WebP or AVIF picture',
    });
    expect(await stored()).toEqual([]);
  });

  it('refuses a truncated PNG with 400', async () => {
    const whole = await picture(200, 200, 'png');
    expect(await refusal(uploads.storeUploadedImage(file(whole.subarray(0, 40)), 'image', 'category'))).toEqual({
      status: 400,
      message: 'image: must be a JPEG, PNG, WebP or AVIF picture',
    });
    expect(await stored()).toEqual([]);
  });

  it('refuses a file over 5 MB with 413 and writes nothing', async () => {
    expect(MAX_IMAGE_BYTES).toBe(5 * 1024 * 1024);
    const big = new Uint8Array(MAX_IMAGE_BYTES + 1);
    big.set(await picture(10, 10, 'png'));
    expect(await refusal(uploads.storeUploadedImage(file(big), 'feature_photo', 'product'))).toEqual({
      status: 413,
      message: 'feature_photo: must be at most 5 MB',
    });
    expect(await stored()).toEqual([]);
  });
});

describe('isUploadedFile', () => {
  it('is true for a file with content only', () => {
    expect(uploads.isUploadedFile(file('x'))).toBe(true);
    expect(uploads.isUploadedFile(new File([], 'blank.png', { type: 'image/png' }))).toBe(false);
    expect(uploads.isUploadedFile(new File([], ''))).toBe(false);
    expect(uploads.isUploadedFile('photo.png')).toBe(false);
    expect(uploads.isUploadedFile('')).toBe(false);
    expect(uploads.isUploadedFile(undefined)).toBe(false);
    expect(uploads.isUploadedFile(null)).toBe(false);
    expect(uploads.isUploadedFile(new Blob(['x']))).toBe(false);
    expect(uploads.isUploadedFile({ size: 3, name: 'x.png' })).toBe(false);
  });
});

describe('removeStoredImages', () => {
  it('removes the named pictures and leaves the others', async () => {
    const bytes = await picture(20, 20, 'png');
    const [a, b, keep] = await Promise.all([1, 2, 3].map(() => uploads.storeUploadedImage(file(bytes), 'images', 'product')));
    await uploads.removeStoredImages([a!, b!]);
    expect(await stored()).toEqual([keep]);
  });

  it('ignores unsafe names and missing files without throwing', async () => {
    const keep = await uploads.storeUploadedImage(file(await picture(20, 20, 'png')), 'images', 'product');
    await writeFile(path.join(storage, 'x'), 'outside the images folder');
    await writeFile(path.join(images, '.hidden'), 'a dot-file');
    await expect(uploads.removeStoredImages(['../x', '.hidden', `../images/${keep}`, '/etc/passwd', '', 'missing.jpg'])).resolves.toBeUndefined();
    // The folder of the sizes made of uploads aside, nothing outside the images folder was touched.
    expect((await readdir(storage)).filter((name) => name !== 'cache').sort()).toEqual(['images', 'x']);
    expect((await stored()).sort()).toEqual(['.hidden', keep]);
  });

  it('does nothing for an empty list or a missing folder', async () => {
    await expect(uploads.removeStoredImages([])).resolves.toBeUndefined();
    await expect(uploads.removeStoredImages(['product-gone.jpg'])).resolves.toBeUndefined();
  });
});
