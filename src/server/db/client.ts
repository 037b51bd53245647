/**
 * The database: embedded PGlite (files under ./data) when DATABASE_URL is unset, PostgreSQL when set.
 * Both speak the same drizzle schema and the same generated migrations.
 *
 * The handle lives on globalThis, not in a module variable: the server start script and the built Astro
 * bundle each carry their own copy of this module, and both must share one PGlite instance (two
 * instances on one data directory would corrupt it). Other processes are kept off a PGlite data folder
 * by its lock file (data-folder-lock.ts).
 */
import path from 'node:path';
import { mkdirSync } from 'node:fs';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import * as schema from './schema';
import { acquireDataFolderLock } from './data-folder-lock';
import { config, type Config } from '../config';
import { log } from '../log';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Driver = 'pglite' | 'postgres';

export type DatabaseHandle = {
  db: Database;
  driver: Driver;
  /** PostgreSQL only: a new connection outside the pool, for work that must stay on one connection (a LISTEN). */
  connectOutsidePool?: () => pg.Client;
  /** PostgreSQL only: how many connections the pool holds, how many are idle and how many queries wait for one. */
  poolUse?: () => { total: number; idle: number; waiting: number };
  /** Runs `task` when the database closes, before its own connections close. */
  onClose(task: () => Promise<void>): void;
  close(): Promise<void>;
};

const MIGRATIONS_FOLDER = path.resolve(process.cwd(), 'src/server/db/migrations');
const HANDLE_KEY = Symbol.for('marketplace.database');

type Holder = { [HANDLE_KEY]?: Promise<DatabaseHandle> };
const holder = globalThis as Holder;

export type DatabaseOptions = {
  /** PostgreSQL connection string; PGlite is used when absent. */
  url?: string;
  /** PGlite data directory; 'memory://' for a throwaway in-memory database. */
  dataDir?: string;
};

export function databaseOptionsFromEnv(settings: Pick<Config, 'DATABASE_URL' | 'DATA_DIR'> = config): DatabaseOptions {
  return { url: settings.DATABASE_URL, dataDir: settings.DATA_DIR };
}

/** Rows of a raw `db.execute(sql...)`: both drivers answer with `{ rows }`. */
export function rowsOf<Row>(result: unknown): Row[] {
  return (result as { rows: Row[] }).rows;
}

/**
 * A query built once per database and then run with `sql.placeholder` values (Drizzle's prepared query; on
 * PostgreSQL also a named statement on each connection). For the queries every uncached page runs: building
 * the SQL of a select with many columns again costs about a quarter of a millisecond each time.
 */
export function preparedOnce<Query>(build: (db: Database) => Query): (db: Database) => Query {
  const built = new WeakMap<Database, Query>();
  return (db) => {
    let query = built.get(db);
    if (!query) built.set(db, (query = build(db)));
    return query;
  };
}

/** A handle whose close runs the tasks given to `onClose` first, then closes the driver. */
function handleOf(db: unknown, driver: Driver, closeDriver: () => Promise<void>, pool?: pg.Pool, connectOutsidePool?: () => pg.Client): DatabaseHandle {
  const tasks: (() => Promise<void>)[] = [];
  const close = async () => {
    try {
      for (const task of tasks.splice(0)) await task();
    } finally {
      await closeDriver();
    }
  };
  const poolUse = pool && (() => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }));
  return { db: db as Database, driver, connectOutsidePool, poolUse, onClose: (task) => void tasks.push(task), close };
}

/** Opens a database and applies pending migrations (idempotent). */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.url) {
    const { Pool, Client } = (await import('pg')).default;
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    const pool = new Pool({ connectionString: options.url, max: config.DATABASE_POOL_SIZE });
    // A pooled connection the server closes while idle (a restart, a failover) leaves the pool and is opened again
    // when needed; unheard, its error would end the process.
    pool.on('error', (error) => log.warn({ err: error }, 'database: an idle pooled connection was closed'));
    const db = drizzle({ client: pool, schema });
    await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
    const connectOutsidePool = () => new Client({ connectionString: options.url });
    return handleOf(db, 'postgres', () => pool.end(), pool, connectOutsidePool);
  }

  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const dataDir = options.dataDir ?? 'data/pglite';
  const inMemory = dataDir.startsWith('memory://');
  if (!inMemory) mkdirSync(path.resolve(dataDir), { recursive: true });
  // Before PGlite touches the folder: a second process on it would lose the first one's writes.
  const lock = inMemory ? null : acquireDataFolderLock(dataDir);
  try {
    const client = await PGlite.create(inMemory ? dataDir : path.resolve(dataDir), { extensions: { pg_trgm } });
    const db = drizzle({ client, schema });
    await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
    const close = async () => {
      try {
        await client.close();
      } finally {
        lock?.release();
      }
    };
    return handleOf(db, 'pglite', close);
  } catch (error) {
    lock?.release();
    throw error;
  }
}

/** The process-wide database, opened from the environment on first use. */
export function getDatabaseHandle(): Promise<DatabaseHandle> {
  holder[HANDLE_KEY] ??= openDatabase(databaseOptionsFromEnv()).catch((error: unknown) => {
    delete holder[HANDLE_KEY];
    throw error;
  });
  return holder[HANDLE_KEY];
}

export async function getDb(): Promise<Database> {
  return (await getDatabaseHandle()).db;
}

export async function closeDatabase(): Promise<void> {
  const pending = holder[HANDLE_KEY];
  if (!pending) return;
  delete holder[HANDLE_KEY];
  await (await pending).close();
}
