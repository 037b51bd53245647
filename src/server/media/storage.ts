/**
 * Stored files served at /storage/images/... and /storage/{file}, with the default image as fallback. They live
 * in the store's one file store (stored-files.ts): the STORAGE_DIR folder, or the bucket named by S3_BUCKET.
 */
import path from 'node:path';
import { STORAGE_DIR } from './folder-store';
import { storedFiles } from './stored-files';

export { checkStorage, openStorage, storedFiles } from './stored-files';

export { STORAGE_DIR };
export const IMAGES_DIR = path.join(STORAGE_DIR, 'images');
export const DEFAULT_IMAGE = 'default.jpg';

/** The key of a stored picture (its path under the folder, its object key in the bucket). */
export const imageKey = (name: string) => `images/${name}`;

const CONTENT_TYPES: Record<string, string> = {
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.gif': 'image/gif',
  '.pdf': 'application/pdf',
};

/** The content type a stored file is served with, by its extension; undefined for a kind never served. */
export function contentTypeOf(name: string): string | undefined {
  return CONTENT_TYPES[path.extname(name).toLowerCase()];
}

/** Only plain file names: no folders, no dot-files, so a request can never leave the storage folder. */
const SAFE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,200}$/;

export function isSafeFileName(name: string): boolean {
  return SAFE_NAME.test(name);
}

export type StoredFile = { body: Buffer; contentType: string; fallback: boolean };

export async function readStoredImage(name: string | undefined): Promise<StoredFile | null> {
  if (name && isSafeFileName(name)) {
    const found = await readStored(name);
    if (found) return { ...found, fallback: false };
  }
  const fallback = await readStored(DEFAULT_IMAGE);
  return fallback && { ...fallback, fallback: true };
}

async function readStored(name: string) {
  const contentType = contentTypeOf(name);
  if (!contentType) return null;
  // A file that cannot be read (gone, or the bucket not answering) is shown as the default image, as before.
  const body = await storedFiles()
    .read(imageKey(name))
    .catch(() => null);
  return body && { body, contentType };
}
