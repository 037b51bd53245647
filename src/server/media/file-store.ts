/** What the store does with stored files, whether they are in the folder or the bucket (stored-files.ts chooses). */
import type { HealthCheck } from '../monitoring/health-check';

export type StorageBackend = 'folder' | 'bucket';

/** The operations the stores share; keys use `/` whatever the system. */
export type FileStore = {
  backend: StorageBackend;
  /** Where the files are, for messages: the folder's path, or the bucket and its endpoint. */
  location: string;
  /** The file's bytes, or null when there is none. */
  read(key: string): Promise<Buffer | null>;
  /** Writes the whole file at once: a reader sees the old file, or none, or the new one, never part of it. */
  write(key: string, body: Buffer, contentType: string): Promise<void>;
  /** Removes the file if it is there. */
  remove(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /** The files directly under `prefix` (which ends with `/`), by name without the prefix, with their sizes in bytes. */
  list(prefix: string): Promise<Map<string, number>>;
  /** Whether the store can be written (the folder) or reached (the bucket). */
  check(): Promise<HealthCheck>;
};
