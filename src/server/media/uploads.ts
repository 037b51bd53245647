/**
 * Pictures sent by vendors and administrators. What a client calls a file decides nothing: sharp reads
 * the bytes, and only a JPEG, PNG, WebP or AVIF picture it can decode is kept. Each is re-encoded (turned
 * upright, at most 1600 px, metadata such as GPS position dropped, transparency on white) as a JPEG
 * as images/<random name> in the store's files (the folder or the bucket, stored-files.ts), so an upload can never overwrite another file or carry a script.
 * The sizes pages show it at are then made in the background (variants.ts), so no shopper waits for them.
 */
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { Invalid, TooLarge } from '../errors';
import { fieldRefusal } from '../input-refusals';
import { imageKey, isSafeFileName, storedFiles } from './storage';
import { everyServedSize, prepareVariants, removeVariants, type VariantSize } from './variants';
import { MAX_IMAGE_BYTES } from '../../lib/picture-uploads';
import { message } from '../../lib/messages/message';

/** Decoding is bounded too: a small file can claim a huge picture. */
export const MAX_IMAGE_PIXELS = 40_000_000;
export const STORED_IMAGE_MAX_SIDE = 1600;

/** sharp names AVIF by its container, HEIF. */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'heif']);

/** A file part with content; browsers send an empty part for a file input left blank. */
export function isUploadedFile(value: unknown): value is File {
  return value instanceof File && value.size > 0;
}

/**
 * Checks, re-encodes and stores one picture, and starts making the `sizes` pages show it at (every served size
 * unless told); returns its file name (served at /storage/images/<name>).
 */
export async function storeUploadedImage(file: File, field: string, prefix: string, sizes: readonly VariantSize[] = everyServedSize()): Promise<string> {
  if (file.size > MAX_IMAGE_BYTES) throw new TooLarge(fieldRefusal(field, message('upload', 'tooLarge', MAX_IMAGE_BYTES)));
  const original = Buffer.from(await file.arrayBuffer());
  const image = sharp(original, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' });
  const format = await image.metadata().then(
    (metadata) => metadata.format,
    () => undefined,
  );
  if (!format || !ACCEPTED_FORMATS.has(format)) throw new Invalid(fieldRefusal(field, message('upload', 'notImage')));

  let encoded: Buffer;
  try {
    encoded = await image
      .autoOrient()
      .resize({ width: STORED_IMAGE_MAX_SIDE, height: STORED_IMAGE_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 85, mozjpeg: true })
      .toBuffer();
  } catch {
    throw new Invalid(fieldRefusal(field, message('upload', 'notImage')));
  }

  const name = `${prefix}-${randomUUID()}.jpg`;
  await storedFiles().write(imageKey(name), encoded, 'image/jpeg');
  void prepareVariants(name, sizes);
  return name;
}

/** Removes pictures this store wrote (a failed write's uploads, or a replaced picture) and their sizes. Never throws. */
export async function removeStoredImages(names: string[]): Promise<void> {
  await Promise.all(
    names.filter(isSafeFileName).map(async (name) => {
      await storedFiles()
        .remove(imageKey(name))
        .catch(() => {});
      await removeVariants(name);
    }),
  );
}

/** Stores the pictures sent in the named fields (a field left empty is skipped): all of them, or none if one is refused. */
export async function storeImageFields<K extends string>(
  body: Record<string, unknown>,
  fields: readonly K[],
  prefix: string,
): Promise<Partial<Record<K, string>>> {
  const stored: Partial<Record<K, string>> = {};
  try {
    for (const field of fields) {
      const file = body[field];
      if (isUploadedFile(file)) stored[field] = await storeUploadedImage(file, field, prefix);
    }
    return stored;
  } catch (error) {
    await removeStoredImages(Object.values(stored));
    throw error;
  }
}
