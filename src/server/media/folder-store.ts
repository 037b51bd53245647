/** The file store on this instance's disk: keys are paths under STORAGE_DIR (default ./storage). */
import { randomUUID } from 'node:crypto';
import { access, constants, mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { config } from '../config';
import type { FileStore } from './file-store';

export const STORAGE_DIR = path.resolve(config.STORAGE_DIR);

export function openFolderStore(root = STORAGE_DIR): FileStore {
  const pathOf = (key: string) => path.join(root, ...key.split('/'));
  return {
    backend: 'folder',
    location: root,
    read: async (key) => {
      try {
        return await readFile(pathOf(key));
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    write: async (key, body) => {
      const target = pathOf(key);
      const temporary = `${target}.${randomUUID()}.tmp`;
      try {
        await mkdir(path.dirname(target), { recursive: true });
        await writeFile(temporary, body);
        await rename(temporary, target);
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
    },
    remove: (key) => rm(pathOf(key), { force: true }),
    exists: (key) =>
      stat(pathOf(key)).then(
        (found) => found.isFile(),
        () => false,
      ),
    list: async (prefix) => {
      const entries = await readdir(pathOf(prefix), { withFileTypes: true }).catch((error: unknown) => {
        if (isMissing(error)) return [];
        throw error;
      });
      const files = new Map<string, number>();
      for (const entry of entries) {
        if (!entry.isFile() || entry.name.endsWith('.tmp')) continue;
        files.set(entry.name, (await stat(path.join(entry.parentPath, entry.name))).size);
      }
      return files;
    },
    check: async () => {
      try {
        await mkdir(root, { recursive: true });
        await access(root, constants.W_OK);
        return { ok: true, detail: `folder ${root} is writable` };
      } catch (error) {
        return { ok: false, detail: `folder ${root} cannot be written: ${error instanceof Error ? error.message : error}` };
      }
    },
  };
}

function isMissing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException).code === 'ENOENT';
}
