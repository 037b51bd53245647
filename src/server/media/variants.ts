/**
 * Product images pre-sized and re-encoded (AVIF, WebP, JPEG) by sharp, served at /img/{width}/{format}/{file},
 * and at a lower quality for data-saver mode at /img/low/{width}/{format}/{file}. Each variant is encoded once
 * and kept as cache/img/[low/]{width}/{format}/{file} in the store's files (the folder, or the bucket every
 * instance shares, so a size is made once for all of them): re-encoding on every request costs ~0.1–0.3 s
 * of CPU per image. Encodes go through the process's one bounded queue (encode-queue.ts): a request that finds
 * it full gets the nearest size already made, or is told to come back (`'busy'`). An upload's sizes are made
 * in the background as soon as it is stored, so shoppers seldom wait for an encode at all.
 */
import path from 'node:path';
import sharp from 'sharp';
import { DEFAULT_IMAGE, STORAGE_DIR, imageKey, isSafeFileName, storedFiles } from './storage';
import { EncodeQueue, encodeQueueLimits } from './encode-queue';
import { log } from '../log';
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

export { IMAGE_FORMATS, IMAGE_WIDTHS, variantPath, type ImageFormat, type ImageQuality, type ImageWidth };
/**
 * A picture to send. `fallback`: the default image stands for a missing one; `standIn`: another size (or
 * format) already made stands for one the queue had no room to encode.
 */
export type ImageVariant = { body: Buffer; contentType: string; fallback: boolean; standIn: boolean };
/** One size of a picture. */
export type VariantSize = { width: ImageWidth; format: ImageFormat; quality: ImageQuality };

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

/** Where a size is kept in the folder (STORAGE_DIR). */
export function variantCachePath(width: ImageWidth, format: ImageFormat, file: string, quality: ImageQuality = 'standard'): string {
  return path.join(STORAGE_DIR, ...variantFileKey({ width, format, quality }, file).split('/'));
}

/** The key a size is kept under in the store's files. */
function variantFileKey({ width, format, quality }: VariantSize, file: string): string {
  return ['cache', 'img', ...(quality === 'low' ? ['low'] : []), String(width), format, file].join('/');
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
  const cached = await storedFiles().read(variantFileKey(size, file));
  if (cached) return { body: cached, contentType: CONTENT_TYPES[size.format], fallback: false, standIn: false };

  const key = variantKey(size, file);
  let pending = inFlight.get(key);
  if (!pending) {
    const queued = encodeQueue.tryRun(() => encodeAndCache(size, file));
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
        const made = await storedFiles().read(variantFileKey({ width, format, quality }, file));
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
  // Two listings, not a look-up per picture: a bucket answers each request over the network.
  const [names, made] = await Promise.all([storedFiles().list(imageKey('')), storedFiles().list(variantFileKey(STAND_IN_SIZE, ''))]);
  const missing = [...names.keys()].filter((name) => isSafeFileName(name) && PICTURE_EXTENSIONS.has(path.extname(name).toLowerCase()) && !made.has(name));
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
          const key = variantKey(size, file);
          // A shopper's request (or another instance sharing the bucket) may have made it, or be making it, meanwhile.
          if (inFlight.has(key) || (await storedFiles().exists(variantFileKey(size, file)))) return;
          const encoding = encodeAndCache(size, file).finally(() => inFlight.delete(key));
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
      IMAGE_WIDTHS.flatMap((width) =>
        IMAGE_FORMATS.map((format) =>
          storedFiles()
            .remove(variantFileKey({ width, format, quality }, file))
            .catch(() => {}),
        ),
      ),
    ),
  );
}

class OriginalMissing extends Error {}

async function encodeAndCache(size: VariantSize, file: string): Promise<ImageVariant> {
  const { width, format, quality } = size;
  const original = await storedFiles().read(imageKey(file));
  if (!original) throw new OriginalMissing(file);
  const body = await encode(original, width, format, ENCODER_QUALITY[quality][format]);
  await keep(variantFileKey(size, file), body, CONTENT_TYPES[format]);
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

/** Keeps a size just made. A store that cannot be written (a full disk, a bucket refusing) costs speed, not the answer. */
async function keep(key: string, body: Buffer, contentType: string): Promise<void> {
  await storedFiles()
    .write(key, body, contentType)
    .catch((error: unknown) => log.warn({ key, error: error instanceof Error ? error.message : String(error) }, 'an image size could not be kept'));
}

/** The width and height of a stored original, or null when there is no such picture (a link that does not resolve). */
export async function storedImageSize(file: string): Promise<{ width: number; height: number } | null> {
  if (!isSafeFileName(file)) return null;
  try {
    const original = await storedFiles().read(imageKey(file));
    if (!original) return null;
    const { width, height } = await sharp(original).metadata();
    return width && height ? { width, height } : null;
  } catch {
    return null;
  }
}
