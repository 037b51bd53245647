/** Files under ./storage served at /storage/images/... and /storage/files/..., with the default image as fallback. */
import { readFile } from 'node:fs/promises';
import path from 'node:path';

export const STORAGE_DIR = path.resolve(process.env.STORAGE_DIR || 'storage');
export const IMAGES_DIR = path.join(STORAGE_DIR, 'images');
export const DEFAULT_IMAGE = 'default.jpg';

const CONTENT_TYPES: Record<string, string> = {
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.gif': 'image/gif',
  '.pdf': 'application/pdf',
};

/** Only plain file names: no folders, no dot-files, so a request can never leave the storage folder. */
const SAFE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,200}$/;

export function isSafeFileName(name: string): boolean {
  return SAFE_NAME.test(name);
}

export type StoredFile = { body: Buffer; contentType: string; fallback: boolean };

export async function readStoredImage(name: string | undefined): Promise<StoredFile | null> {
  if (name && isSafeFileName(name)) {
    const found = await readStored(IMAGES_DIR, name);
    if (found) return { ...found, fallback: false };
  }
  const fallback = await readStored(IMAGES_DIR, DEFAULT_IMAGE);
  return fallback && { ...fallback, fallback: true };
}

async function readStored(dir: string, name: string) {
  const contentType = CONTENT_TYPES[path.extname(name).toLowerCase()];
  if (!contentType) return null;
  try {
    return { body: await readFile(path.join(dir, name)), contentType };
  } catch {
    return null;
  }
}
