/**
 * Copies the storage folder (STORAGE_DIR, default ./storage) into the bucket named by S3_BUCKET, keeping each
 * file's path as its key (images/p-1.jpg, cache/img/480/jpeg/p-1.jpg), so a store switched to the bucket finds
 * every picture and every size already made.
 *
 *   npm run storage:migrate
 *
 * An object already in the bucket with the same size is skipped, so running it again copies only what is new
 * (or what a run cut short left out). Prints each copied key and a summary; exits 1 when no bucket is set or
 * it cannot be reached.
 */
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { STORAGE_DIR, contentTypeOf, openStorage } from '../src/server/media/storage';

/** Sizes are kept under their format's folder with the original's name: cache/img/480/avif/p-1.jpg is an AVIF. */
const VARIANT_FORMAT = /^cache\/img\/(?:low\/)?\d+\/(avif|webp|jpeg)\/[^/]+$/;

function contentTypeOfKey(key: string): string {
  const format = VARIANT_FORMAT.exec(key)?.[1];
  return format ? `image/${format}` : (contentTypeOf(key) ?? 'application/octet-stream');
}

/** The folders under the storage folder, each with its files' names (half-written `.tmp` files left out). */
async function foldersOf(root: string): Promise<Map<string, string[]>> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') throw new Error(`There is no storage folder at ${root} (STORAGE_DIR).`);
    throw error;
  });
  const folders = new Map<string, string[]>();
  for (const entry of entries) {
    if (!entry.isFile() || entry.name.endsWith('.tmp')) continue;
    const folder = path.relative(root, entry.parentPath).split(path.sep).filter(Boolean).join('/');
    folders.set(folder, [...(folders.get(folder) ?? []), entry.name]);
  }
  return folders;
}

async function migrate(): Promise<void> {
  if (!process.env.S3_BUCKET?.trim()) throw new Error('Set S3_BUCKET (and S3_ENDPOINT, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY) to the bucket to copy into.');
  const bucket = await openStorage();
  console.log(`Copying ${STORAGE_DIR} into ${bucket.location}`);
  let copied = 0;
  let copiedBytes = 0;
  let skipped = 0;
  for (const [folder, names] of await foldersOf(STORAGE_DIR)) {
    const prefix = folder ? `${folder}/` : '';
    const inBucket = await bucket.list(prefix);
    for (const name of names.sort()) {
      const key = `${prefix}${name}`;
      const file = path.join(STORAGE_DIR, ...key.split('/'));
      if (inBucket.get(name) === (await stat(file)).size) {
        skipped++;
        continue;
      }
      const body = await readFile(file);
      await bucket.write(key, body, contentTypeOfKey(key));
      console.log(`copied ${key} (${body.length} bytes)`);
      copied++;
      copiedBytes += body.length;
    }
  }
  console.log(`Copied ${copied} files (${(copiedBytes / 1_048_576).toFixed(1)} MB); ${skipped} already in the bucket with the same size.`);
}

migrate().catch((error: unknown) => {
  console.error(`storage:migrate: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
});
