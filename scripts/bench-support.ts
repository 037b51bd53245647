/**
 * What the benchmarks share: whole-number options, the built store, a large scratch catalogue (PGlite
 * under data/bench, or the PostgreSQL in DATABASE_URL — which is wiped) and the store started on it.
 */
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { openDatabase, rowsOf, type Database } from '../src/server/db/client';
import { resetDatabase, seedDatabase } from '../src/server/db/seed/index';
import { refreshSearchIndex, searchIndexIsEmpty } from '../src/server/search/product-search';
import { resetPostgres } from '../tests/support/postgres';
import { startStore } from '../tests/support/server';

const databaseUrl = process.env.DATABASE_URL || undefined;
const dataDir = 'data/bench';

export const driverName = databaseUrl ? 'PostgreSQL' : 'PGlite';

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
  if (existsSync('dist/server/entry.mjs')) return;
  console.log('Building the store first...');
  if (spawnSync('npm', ['run', 'build'], { stdio: 'inherit' }).status !== 0) process.exit(1);
}

/**
 * Seeds the catalogue unless it already has `productCount` products, makes sure it has a search
 * vocabulary, then lets `read` look at it before the store takes the database over.
 */
export async function prepareCatalogue<T>(productCount: number, read: (db: Database) => Promise<T>): Promise<T> {
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

/** Starts the built store on the bench catalogue, with the catalogue cache on or off, for the length of `use`. */
export async function withBenchStore<T>(cache: 'on' | 'off', use: (baseUrl: string) => Promise<T>): Promise<T> {
  const store = await startStore({
    databaseUrl,
    env: { SEED_ON_START: '0', CATALOG_CACHE: cache, ...(databaseUrl ? {} : { DATA_DIR: dataDir }) },
  });
  try {
    return await use(store.baseUrl);
  } finally {
    await store.stop();
  }
}
