/**
 * Where the store keeps every file it writes (pictures, their sizes, the demo pictures): a folder on this
 * instance's disk (STORAGE_DIR, the default) or, when S3_BUCKET is set, an S3-compatible bucket (R2, S3, MinIO,
 * Garage) that every instance shares. Chosen once, from the environment, at the first use; `openStorage()` at
 * start stops the store with a clear message when the bucket's settings are missing or wrong.
 * Files are named by keys such as `images/p-1.jpg` or `cache/img/480/jpeg/p-1.jpg`: a path under the folder, an
 * object's key in the bucket, so `npm run storage:migrate` copies one to the other as it is.
 */
import { config } from '../config';
import type { HealthCheck } from '../monitoring/health-check';
import type { FileStore } from './file-store';
import { storageOperations } from '../monitoring/prometheus';
import { bucketSettings, openBucketStore } from './bucket-store';
import { openFolderStore } from './folder-store';
import { withReadCache } from './read-cache';

export type { FileStore };

/** Every operation counts in `storageOperations`; a missing file is an answer, not a failure. */
function counted(store: FileStore): FileStore {
  const count = async <T>(operation: 'read' | 'write' | 'delete', run: () => Promise<T>): Promise<T> => {
    try {
      const result = await run();
      storageOperations.inc({ backend: store.backend, operation, outcome: 'ok' });
      return result;
    } catch (error) {
      storageOperations.inc({ backend: store.backend, operation, outcome: 'failed' });
      throw error;
    }
  };
  return {
    ...store,
    read: (key) => count('read', () => store.read(key)),
    write: (key, body, contentType) => count('write', () => store.write(key, body, contentType)),
    remove: (key) => count('delete', () => store.remove(key)),
    exists: (key) => count('read', () => store.exists(key)),
    list: (prefix) => count('read', () => store.list(prefix)),
  };
}

let chosen: FileStore | undefined;

/** The store's one file store: the bucket when S3_BUCKET is set, else the folder. Throws when the bucket's settings are wrong. */
export function storedFiles(): FileStore {
  if (!chosen) {
    const settings = bucketSettings(config);
    // Counted below the cache: the metric shows what reached the bucket.
    chosen = settings ? withReadCache(counted(openBucketStore(settings))) : counted(openFolderStore());
  }
  return chosen;
}

/** Chooses the file store at start and makes sure it answers; the error says what to fix. */
export async function openStorage(): Promise<FileStore> {
  const store = storedFiles();
  const { ok, detail } = await store.check();
  if (!ok) throw new Error(`Storage: ${detail}`);
  return store;
}

/** For GET /api/health: the folder can be written, or the bucket reached. */
export async function checkStorage(): Promise<HealthCheck> {
  try {
    return await storedFiles().check();
  } catch (error) {
    return { ok: false, detail: error instanceof Error ? error.message : String(error) };
  }
}
