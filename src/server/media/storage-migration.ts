/**
 * Copies a storage folder into a file store (the bucket), keeping each file's path as its key
 * (images/p-1.jpg, cache/img/480/jpeg/p-1.jpg), so a store switched to the bucket finds every picture and every
 * size already made. A file already there with the same size is skipped: running it again copies only what is
 * new, or what a run cut short left out. Used by `npm run storage:migrate`.
 */
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { contentTypeOf } from './storage';
import type { FileStore } from './file-store';

export type MigrationSummary = { copied: number; copiedBytes: number; skipped: number };

/** Sizes are kept under their format's folder with the original's name: cache/img/480/avif/p-1.jpg is an AVIF. */
const VARIANT_FORMAT = /^cache\/img\/(?:low\/)?\d+\/(avif|webp|jpeg)\/[^/]+$/;

function contentTypeOfKey(key: string): string {
  const format = VARIANT_FORMAT.exec(key)?.[1];
  return format ? `image/${format}` : (contentTypeOf(key) ?? 'application/octet-stream');
}

/** The folders under `root`, each with its files' names (half-written `.tmp` files left out). */
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

/** Copies `root` into `target`, saying each key copied through `say`. */
export async function copyFolderInto(root: string, target: FileStore, say: (line: string) => void): Promise<MigrationSummary> {
  const summary: MigrationSummary = { copied: 0, copiedBytes: 0, skipped: 0 };
  for (const [folder, names] of await foldersOf(root)) {
    const prefix = folder ? `${folder}/` : '';
    const already = await target.list(prefix);
    for (const name of names.sort()) {
      const key = `${prefix}${name}`;
      const file = path.join(root, ...key.split('/'));
      if (already.get(name) === (await stat(file)).size) {
        summary.skipped++;
        continue;
      }
      const body = await readFile(file);
      await target.write(key, body, contentTypeOfKey(key));
      say(`copied ${key} (${body.length} bytes)`);
      summary.copied++;
      summary.copiedBytes += body.length;
    }
  }
  return summary;
}
