/**
 * Product images pre-sized and re-encoded (AVIF, WebP, JPEG) by sharp, served at /img/{width}/{format}/{file},
 * and at a lower quality for data-saver mode at /img/low/{width}/{format}/{file}. Each variant is encoded once
 * and kept under storage/cache/img/[low/]{width}/{format}/{file}: re-encoding on every request costs ~0.1–0.3 s
 * of CPU per image. Encodes go through the process's one bounded queue (encode-queue.ts): a request that finds
 * it full gets the nearest size already made, or is told to come back (`'busy'`). An upload's sizes are made
 * in the background as soon as it is stored, so shoppers seldom wait for an encode at all.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { DEFAULT_IMAGE, IMAGES_DIR, STORAGE_DIR, isSafeFileName } from './storage';
import { EncodeQueue, encodeQueueLimits } from './encode-queue';
import {
  IMAGE_FORMATS,
  IMAGE_QUALITIES,
  IMAGE_WIDTHS,
  servedWidths,
  variantPath,
  type ImageFormat,
  type ImageQuality,
  type ImageWidth,
} from '../../lib/image-variants';
import { log } from '../log';

export { IMAGE_FORMATS, IMAGE_WIDTHS, variantPath, type ImageFormat, type ImageQuality, type ImageWidth };
/**
 * A picture to send. `fallback`: the default image stands for a missing one; `standIn`: another size (or
 * format) already made stands for one the queue had no room to encode.
 */
export type ImageVariant = { body: Buffer; contentType: string; fallback: boolean; standIn: boolean };
/** One size of a picture. */
export type VariantSize = { width: ImageWidth; format: ImageFormat; quality: ImageQuality };

export const VARIANT_CACHE_DIR = path.join(STORAGE_DIR, 'cache', 'img');

// One thread per encode: the queue decides how many cores encoding takes, never a single big picture.
sharp.concurrency(1);
const encodeQueue = new EncodeQueue(encodeQueueLimits());

/** Resolves once no picture is being encoded or waits to be. */
export const encodesFinished = () => encodeQueue.idle();

const CONTENT_TYPES: Record<ImageFormat, string> = {
  avif: 'image/avif',
  webp: 'image/webp',
  jpeg: 'image/jpeg',
};

/** A width from a URL or a caller: only the exact decimal spelling of a width served at `quality`. */
export function parseImageWidth(value: string | number | undefined, quality: ImageQuality = 'standard'): ImageWidth | null {
  const width = typeof value === 'string' && /^[1-9][0-9]*$/.test(value) ? Number(value) : value;
  return servedWidths(quality).find((allowed) => allowed === width) ?? null;
}

export function parseImageFormat(value: string | undefined): ImageFormat | null {
  return IMAGE_FORMATS.find((allowed) => allowed === value) ?? null;
}

export function variantCachePath(width: ImageWidth, format: ImageFormat, file: string, quality: ImageQuality = 'standard'): string {
  return path.join(VARIANT_CACHE_DIR, ...(quality === 'low' ? ['low'] : []), String(width), format, file);
}

/**
 * Encoder settings by quality. The low ones are about 40% smaller than the standard ones on a photograph at
 * the same width (measured with sharp on a 640 px photo: AVIF 32 → 20 KB, WebP 53 → 42 KB, JPEG 59 → 42 KB),
 * with softer detail but no blocks or banding at phone sizes.
 */
const ENCODER_QUALITY: Record<ImageQuality, Record<ImageFormat, number>> = {
  standard: { avif: 50, webp: 72, jpeg: 75 },
  low: { avif: 35, webp: 50, jpeg: 55 },
};

/**
 * AVIF's effort: 2 rather than sharp's 4. Measured on the demo pictures with one thread, an 800 px AVIF took
 * 0.33 s at effort 2 and 1.5 s at effort 4, for a file about 10% larger (5.1 against 4.6 KB).
 */
const AVIF_EFFORT = 2;

/** Formats a browser that asked for one can show in its place, best first (every browser shows JPEG). */
const STAND_IN_FORMATS: Record<ImageFormat, readonly ImageFormat[]> = {
  avif: ['avif', 'webp', 'jpeg'],
  webp: ['webp', 'jpeg'],
  jpeg: ['jpeg'],
};

/** One encoding per variant at a time: concurrent requests for the same missing variant share it. */
const inFlight = new Map<string, Promise<ImageVariant>>();
const variantKey = ({ width, format, quality }: VariantSize, file: string) => `${quality}/${width}/${format}/${file}`;

/**
 * The variant of an original image, from the disk cache or encoded now and cached. A missing original (or an
 * unsafe name) gives the default image's variant, marked as a fallback. When the encode queue is full: the
 * nearest size already made, marked as a stand-in, or `'busy'` when there is none. Null when the width or
 * format is not one we serve.
 */
export async function readVariant(
  width: string | number,
  format: string,
  file: string,
  quality: ImageQuality = 'standard',
): Promise<ImageVariant | 'busy' | null> {
  const validWidth = parseImageWidth(width, quality);
  const validFormat = parseImageFormat(format);
  if (!validWidth || !validFormat) return null;
  const size = { width: validWidth, format: validFormat, quality };
  if (isSafeFileName(file)) {
    const variant = await cachedOrEncoded(size, file);
    if (variant === 'busy') return (await standIn(size, file)) ?? 'busy';
    if (variant) return variant;
  }
  // The fallback is cached under the default image's own name, never under the requested one: the real
  // image may be uploaded later.
  const fallback = await cachedOrEncoded(size, DEFAULT_IMAGE);
  if (fallback === 'busy') return (await standIn(size, DEFAULT_IMAGE)) ?? 'busy';
  return fallback && { ...fallback, fallback: file !== DEFAULT_IMAGE };
}

async function cachedOrEncoded(size: VariantSize, file: string): Promise<ImageVariant | 'busy' | null> {
  const cachePath = variantCachePath(size.width, size.format, file, size.quality);
  const cached = await readIfExists(cachePath);
  if (cached) return { body: cached, contentType: CONTENT_TYPES[size.format], fallback: false, standIn: false };

  const key = variantKey(size, file);
  let pending = inFlight.get(key);
  if (!pending) {
    const queued = encodeQueue.tryRun(() => encodeAndCache(size, file, cachePath));
    if (!queued) return 'busy';
    pending = queued.finally(() => inFlight.delete(key));
    inFlight.set(key, pending);
  }
  try {
    return await pending;
  } catch (error) {
    if (error instanceof OriginalMissing) return null;
    throw error;
  }
}

/**
 * The size of `file` already made nearest to the one asked for: the nearest width first, then a format the
 * browser can show instead, then the other quality. Null when none is made yet.
 */
async function standIn(size: VariantSize, file: string): Promise<ImageVariant | null> {
  const otherQuality = IMAGE_QUALITIES.filter((quality) => quality !== size.quality);
  const byDistance = IMAGE_WIDTHS.toSorted((a, b) => Math.abs(a - size.width) - Math.abs(b - size.width) || b - a);
  for (const width of byDistance) {
    for (const format of STAND_IN_FORMATS[size.format]) {
      for (const quality of [size.quality, ...otherQuality]) {
        if (!servedWidths(quality).includes(width)) continue;
        const made = await readIfExists(variantCachePath(width, format, file, quality));
        if (made) return { body: made, contentType: CONTENT_TYPES[format], fallback: file === DEFAULT_IMAGE, standIn: true };
      }
    }
  }
  return null;
}

/**
 * The size every stored picture gets first: a mid-sized JPEG, which any browser can show in place of any
 * size while the queue is full (20–50 ms from an 800 px original; the 459 demo pictures in about 15 s on a busy 2-core machine).
 */
export const STAND_IN_SIZE: VariantSize = { width: 480, format: 'jpeg', quality: 'standard' };

/** Every size the store's pages may ask for, at both qualities, the stand-in first. */
export function everyServedSize(): VariantSize[] {
  const sizes = IMAGE_QUALITIES.flatMap((quality) => servedWidths(quality).flatMap((width) => IMAGE_FORMATS.map((format) => ({ width, format, quality }))));
  const isStandIn = (size: VariantSize) => variantKey(size, '') === variantKey(STAND_IN_SIZE, '');
  return [STAND_IN_SIZE, ...sizes.filter((size) => !isStandIn(size))];
}

const PICTURE_EXTENSIONS = new Set(['.jpg', '.jpeg', '.png', '.webp', '.avif']);

/**
 * Makes, in the background, the stand-in size of every stored picture that has none yet (the demo pictures
 * of a new store, pictures stored before sizes were made on upload). Resolves with how many it made.
 */
export async function prepareStandIns(): Promise<number> {
  const names = await readdir(IMAGES_DIR).catch(() => []);
  const pictures = names.filter((name) => isSafeFileName(name) && PICTURE_EXTENSIONS.has(path.extname(name).toLowerCase()));
  const missing = [];
  for (const name of pictures) {
    if (!(await isFile(variantCachePath(STAND_IN_SIZE.width, STAND_IN_SIZE.format, name, STAND_IN_SIZE.quality)))) missing.push(name);
  }
  await Promise.all(missing.map((name) => prepareVariants(name, [STAND_IN_SIZE])));
  return missing.length;
}

/**
 * Makes `sizes` of a newly stored picture in the background, one encode at a time through the queue and only
 * when no shopper's request is waiting for it. Resolves when they are made; never rejects.
 */
export async function prepareVariants(file: string, sizes: readonly VariantSize[] = everyServedSize()): Promise<void> {
  await Promise.all(
    sizes.map((size) =>
      encodeQueue
        .runInBackground(async () => {
          const cachePath = variantCachePath(size.width, size.format, file, size.quality);
          const key = variantKey(size, file);
          // A shopper's request may have made (or be making) it meanwhile.
          if ((await isFile(cachePath)) || inFlight.has(key)) return;
          const encoding = encodeAndCache(size, file, cachePath).finally(() => inFlight.delete(key));
          inFlight.set(key, encoding);
          await encoding;
        })
        .catch((error: unknown) => {
          if (!(error instanceof OriginalMissing)) log.warn({ err: error }, `[pictures] ${file} could not be prepared`);
        }),
    ),
  );
}

/** Removes every size made of a picture (the picture itself was removed or replaced). Never throws. */
export async function removeVariants(file: string): Promise<void> {
  if (!isSafeFileName(file)) return;
  await Promise.all(
    IMAGE_QUALITIES.flatMap((quality) =>
      IMAGE_WIDTHS.flatMap((width) => IMAGE_FORMATS.map((format) => rm(variantCachePath(width, format, file, quality), { force: true }).catch(() => {}))),
    ),
  );
}

class OriginalMissing extends Error {}

async function encodeAndCache({ width, format, quality }: VariantSize, file: string, cachePath: string): Promise<ImageVariant> {
  const original = await readIfExists(path.join(IMAGES_DIR, file));
  if (!original) throw new OriginalMissing(file);
  const body = await encode(original, width, format, ENCODER_QUALITY[quality][format]);
  await writeAtomically(cachePath, body);
  return { body, contentType: CONTENT_TYPES[format], fallback: false, standIn: false };
}

function encode(original: Buffer, width: ImageWidth, format: ImageFormat, quality: number): Promise<Buffer> {
  const resized = sharp(original).autoOrient().resize({ width, withoutEnlargement: true });
  switch (format) {
    case 'avif':
      return resized.avif({ quality, effort: AVIF_EFFORT }).toBuffer();
    case 'webp':
      return resized.webp({ quality }).toBuffer();
    case 'jpeg':
      return resized.jpeg({ quality, mozjpeg: true }).toBuffer();
  }
}

/** Written to a temporary file then renamed, so a reader never sees half a variant. */
async function writeAtomically(target: string, body: Buffer): Promise<void> {
  const temporary = `${target}.${randomUUID()}.tmp`;
  try {
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(temporary, body);
    await rename(temporary, target);
  } catch (error) {
    // A cache that cannot be written (full or read-only disk) costs speed, not the answer.
    log.warn({ err: error }, `Could not cache the image variant ${target}`);
    await rm(temporary, { force: true });
  }
}

async function isFile(file: string): Promise<boolean> {
  return stat(file).then(
    (found) => found.isFile(),
    () => false,
  );
}

async function readIfExists(file: string): Promise<Buffer | null> {
  try {
    return await readFile(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/** The width and height of a stored original, or null when there is no such picture (a link that does not resolve). */
export async function storedImageSize(file: string): Promise<{ width: number; height: number } | null> {
  if (!isSafeFileName(file)) return null;
  try {
    const { width, height } = await sharp(path.join(IMAGES_DIR, file)).metadata();
    return width && height ? { width, height } : null;
  } catch {
    return null;
  }
}
