/**
 * What the benchmarks share: whole-number options, the built store, a scratch catalogue (PGlite under
 * data/bench or a folder the caller names, or the PostgreSQL in DATABASE_URL — which is wiped), the store
 * started on it, a load run with the lean load client and the store's memory.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { openDatabase, rowsOf, type Database } from '../src/server/db/client';
import { resetDatabase } from '../src/server/db/reset';
import { seedDatabase } from '../src/server/demo-data/index';
import { refreshSearchIndex, searchIndexIsEmpty } from '../src/server/search/product-search';
import { resetPostgres } from '../tests/support/postgres';
import { startStore, type RunningStore } from '../tests/support/server';
import { runLoad } from './load-client';

/** Read when used: a bench may point DATABASE_URL at a database it made (`scratchPostgres`). */
const benchDatabaseUrl = () => process.env.DATABASE_URL || undefined;
const defaultDataDir = 'data/bench';

export const driverName = () => (benchDatabaseUrl() ? 'PostgreSQL' : 'PGlite');

/**
 * The PostgreSQL database a bench uses, and how to drop it afterwards: DATABASE_URL (wiped), else a database
 * of its own made on the server in BENCH_POSTGRES_SERVER; null when neither is set.
 */
export async function scratchPostgres(name: string): Promise<{ url: string; drop: () => Promise<void> } | null> {
  if (process.env.DATABASE_URL) {
    await resetPostgres(process.env.DATABASE_URL);
    return { url: process.env.DATABASE_URL, drop: async () => {} };
  }
  const server = process.env.BENCH_POSTGRES_SERVER;
  if (!server) return null;
  const database = `${name}_${process.pid}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: server });
    await client.connect();
    await client.query(statement).finally(() => client.end());
  };
  await admin(`CREATE DATABASE ${database}`);
  const url = new URL(server);
  url.pathname = `/${database}`;
  return { url: url.toString(), drop: () => admin(`DROP DATABASE ${database}`) };
}

/** The machine's load averages over 1, 5 and 15 minutes, for printing beside figures. */
export const loadAverages = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(1))
    .join(' ');

/**
 * Runs a bench on a catalogue of its own: a PostgreSQL database made for it (`scratchPostgres`, then DATABASE_URL
 * names it), else a PGlite folder in the system's temporary folder; both are removed afterwards.
 */
export async function onScratchCatalogue(name: string, run: (dataDir: string) => Promise<void>): Promise<void> {
  ensureStoreBuilt();
  const database = await scratchPostgres(name);
  if (database) process.env.DATABASE_URL = database.url;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `${name.replace(/_/g, '-')}-`));
  try {
    await run(dataDir);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    await database?.drop();
  }
}

/** Parses `--name value` options that must be positive whole numbers; exits with a message otherwise. */
export function positiveWholeNumberOptions<Name extends string>(defaults: Record<Name, number>): Record<Name, number> {
  const names = Object.keys(defaults) as Name[];
  const { values } = parseArgs({
    options: Object.fromEntries(names.map((name) => [name, { type: 'string' as const, default: String(defaults[name]) }])),
  });
  const parsed = {} as Record<Name, number>;
  for (const name of names) {
    const value = Number(values[name]);
    if (!Number.isInteger(value) || value <= 0) {
      console.error(`--${name} must be a positive whole number`);
      process.exit(2);
    }
    parsed[name] = value;
  }
  return parsed;
}

export function ensureStoreBuilt(): void {
  if (existsSync('dist/server/entry.mjs') && existsSync('dist/start/serve.mjs')) return;
  console.log('Building the store first...');
  if (spawnSync('npm', ['run', 'build'], { stdio: 'inherit' }).status !== 0) process.exit(1);
}

/**
 * Seeds the catalogue unless it already has `productCount` products, makes sure it has a search
 * vocabulary, then lets `read` look at it before the store takes the database over. `dataDir` is the
 * PGlite folder (unused with DATABASE_URL).
 */
export async function prepareCatalogue<T>(productCount: number, read: (db: Database) => Promise<T>, dataDir = defaultDataDir): Promise<T> {
  const databaseUrl = benchDatabaseUrl();
  if (databaseUrl) await resetPostgres(databaseUrl);
  const handle = await openDatabase({ url: databaseUrl, dataDir });
  try {
    const [row] = rowsOf<{ n: number }>(await handle.db.execute(sql`SELECT count(*)::int AS n FROM products`));
    if (row?.n === productCount) {
      console.log(`Reusing the ${productCount.toLocaleString('en-US')}-product catalogue in ${databaseUrl ? 'PostgreSQL' : dataDir}`);
    } else {
      if (row && row.n > 0) await resetDatabase(handle.db);
      await seed(handle.db, productCount);
    }
    // A catalogue seeded before the search vocabulary existed gets it here rather than during the
    // store's start, where building it for a large catalogue could outlast the start-up time limit.
    if (await searchIndexIsEmpty(handle.db)) {
      const started = Date.now();
      const { words } = await refreshSearchIndex(handle.db);
      await handle.db.execute(sql`VACUUM ANALYZE`);
      console.log(`Built the search vocabulary (${words.toLocaleString('en-US')} words) in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    }
    return await read(handle.db);
  } finally {
    await handle.close();
  }
}

async function seed(db: Database, productCount: number) {
  const started = Date.now();
  let lastLine = 0;
  await seedDatabase(db, {
    products: productCount,
    onProgress: (done, total, stage) => {
      if (Date.now() - lastLine > 2000 || done === total) {
        lastLine = Date.now();
        console.log(`  seeding ${stage}: ${done}/${total}`);
      }
    },
  });
  console.log(`Seeded ${productCount.toLocaleString('en-US')} products in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

/**
 * Starts the built store on the bench catalogue (prepared in the same `dataDir`), with the catalogue cache
 * on or off, for the length of `use`.
 */
export async function withBenchStore<T>(cache: 'on' | 'off', use: (baseUrl: string, store: RunningStore) => Promise<T>, dataDir = defaultDataDir): Promise<T> {
  const databaseUrl = benchDatabaseUrl();
  const store = await startStore({
    databaseUrl,
    env: { SEED_ON_START: '0', CATALOG_CACHE: cache, ...(databaseUrl ? {} : { DATA_DIR: dataDir }) },
  });
  try {
    return await use(store.baseUrl, store);
  } finally {
    await store.stop();
  }
}

export type LoadFigure = { rps: number; mean: number; p50: number; p99: number; max: number; errors: number };
export type LoadOptions = { connections: number; seconds: number; headers?: Record<string, string> };

/**
 * Loads the store for `seconds` with the lean load client (scripts/load-client.ts), whose cost per response
 * does not depend on the body, so ratios between figures compare the store's work: one path, or a list
 * taken in turn (each request the next one), so a figure can cover many pages rather than one cached reply.
 * `rps` counts every response; latencies (ms, to 0.01) are from sending a request to its last byte. Errors
 * count failed connections (time-outs included) and non-2xx replies.
 */
export async function loadTest(baseUrl: string, paths: string | string[], { connections, seconds, headers }: LoadOptions): Promise<LoadFigure> {
  const run = await runLoad({ baseUrl, paths: typeof paths === 'string' ? [paths] : paths, connections, seconds, headers });
  const sorted = Float64Array.from(run.latencies).sort();
  const ms = (value: number) => (sorted.length === 0 ? 0 : Math.round(value * 100) / 100);
  return {
    rps: sorted.length / run.elapsedSeconds,
    mean: ms(sorted.reduce((sum, latency) => sum + latency, 0) / sorted.length),
    p50: ms(percentile(sorted, 50)),
    p99: ms(percentile(sorted, 99)),
    max: ms(sorted[sorted.length - 1]!),
    errors: run.connectionErrors + run.non2xx,
  };
}

/** Nearest-rank percentile of sorted values. */
export const percentile = (sorted: ArrayLike<number>, p: number) => sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)]!;

/** The resident memory of a process in MB (VmRSS in /proc/<pid>/status; Linux only). */
export function residentMemoryMb(pid: number): number {
  const match = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (!match) throw new Error(`No VmRSS for process ${pid}`);
  return Number(match[1]) / 1024;
}

/** CPU seconds a process has used so far, user and system (/proc/<pid>/stat; Linux only). */
export function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  // utime and stime are fields 14 and 15 of the whole line, 12 and 13 after "pid (comm) ".
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** Fetches a URL and reads its whole body; gives the milliseconds taken. */
export async function timeToBody(url: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(url);
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return performance.now() - started;
}
