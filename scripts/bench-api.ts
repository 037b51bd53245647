/**
 * Measures the catalogue API on a large catalogue: seeds a scratch database with 100,000 products (PGlite
 * under data/bench, or the PostgreSQL in DATABASE_URL — which is wiped), starts the built store on a free
 * port, and runs autocannon (10 connections) against each endpoint, once with the catalogue cache and
 * once without. Prints requests/s and p50/p99 latency.
 *
 *   npm run bench:api [-- --products 100000 --seconds 10 --connections 10]
 */
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { openDatabase, rowsOf, type Database } from '../src/server/db/client';
import { resetDatabase, seedDatabase } from '../src/server/db/seed/index';
import { resetPostgres } from '../tests/support/postgres';
import { startStore } from '../tests/support/server';

const { values: args } = parseArgs({
  options: {
    products: { type: 'string', default: '100000' },
    seconds: { type: 'string', default: '10' },
    connections: { type: 'string', default: '10' },
  },
});
const productCount = Number(args.products);
const seconds = Number(args.seconds);
const connections = Number(args.connections);
for (const [name, value] of Object.entries({ products: productCount, seconds, connections })) {
  if (!Number.isInteger(value) || value <= 0) {
    console.error(`--${name} must be a positive whole number`);
    process.exit(2);
  }
}

const databaseUrl = process.env.DATABASE_URL || undefined;
const dataDir = 'data/bench';

/** Seeds the catalogue unless it is already there, and gives the ids of active products. */
async function prepareCatalogue(): Promise<number[]> {
  if (databaseUrl) await resetPostgres(databaseUrl);
  const handle = await openDatabase({ url: databaseUrl, dataDir });
  try {
    const [row] = rowsOf<{ n: number }>(await handle.db.execute(sql`SELECT count(*)::int AS n FROM products`));
    if (row?.n === productCount) {
      console.log(`Reusing the ${productCount.toLocaleString('en-US')}-product catalogue in ${databaseUrl ? 'PostgreSQL' : dataDir}`);
    } else {
      if (row && row.n > 0) await resetDatabase(handle.db);
      await seed(handle.db);
    }
    const active = rowsOf<{ id: number }>(await handle.db.execute(sql`SELECT id FROM products WHERE status = 1 AND deleted_at IS NULL ORDER BY id`));
    return active.map((product) => product.id);
  } finally {
    await handle.close();
  }
}

async function seed(db: Database) {
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

type Figure = { label: string; rps: number; p50: number; p99: number; errors: number };

async function measure(baseUrl: string, label: string, path: string | (() => string)): Promise<Figure> {
  const result = await autocannon({
    url: baseUrl,
    connections,
    duration: seconds,
    requests: [{ method: 'GET', setupRequest: (request) => ({ ...request, path: typeof path === 'string' ? path : path() }) }],
  });
  return {
    label,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

async function firstParentCategory(baseUrl: string): Promise<number> {
  const reply = (await (await fetch(`${baseUrl}/api/categories`)).json()) as { data: { id: number; parent_id: number | null }[] };
  return reply.data.find((category) => category.parent_id === null)!.id;
}

async function run(cache: 'on' | 'off', productIds: number[]): Promise<Figure[]> {
  const store = await startStore({
    databaseUrl,
    env: { SEED_ON_START: '0', CATALOG_CACHE: cache, ...(databaseUrl ? {} : { DATA_DIR: dataDir }) },
  });
  try {
    const category = await firstParentCategory(store.baseUrl);
    let next = 0;
    const figures = [
      await measure(store.baseUrl, 'GET /api/products (page 1)', '/api/products'),
      await measure(store.baseUrl, `GET /api/products?category=${category}`, `/api/products?category=${category}`),
      await measure(store.baseUrl, 'GET /api/products?min_price=100000&max_price=500000', '/api/products?min_price=100000&max_price=500000'),
      await measure(store.baseUrl, 'GET /api/products?page=200', '/api/products?page=200'),
      // A different active product each request, so the detail figure is not one cached row.
      await measure(store.baseUrl, 'GET /api/products/{id} (varied ids)', () => `/api/products/${productIds[next++ % productIds.length]}`),
    ];
    return figures;
  } finally {
    await store.stop();
  }
}

function print(title: string, figures: Figure[]) {
  console.log(`\n${title}`);
  console.log(`${'endpoint'.padEnd(56)} ${'req/s'.padStart(8)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'errors'.padStart(7)}`);
  for (const f of figures) {
    console.log(`${f.label.padEnd(56)} ${String(f.rps).padStart(8)} ${String(f.p50).padStart(8)} ${String(f.p99).padStart(8)} ${String(f.errors).padStart(7)}`);
  }
}

if (!existsSync('dist/server/entry.mjs')) {
  console.log('Building the store first...');
  if (spawnSync('npm', ['run', 'build'], { stdio: 'inherit' }).status !== 0) process.exit(1);
}
const productIds = await prepareCatalogue();
const driver = databaseUrl ? 'PostgreSQL' : 'PGlite';
const withCache = await run('on', productIds);
const withoutCache = await run('off', productIds);
print(`${driver}, ${productCount.toLocaleString('en-US')} products, ${connections} connections, ${seconds} s each — catalogue cache on`, withCache);
print(`${driver}, ${productCount.toLocaleString('en-US')} products, ${connections} connections, ${seconds} s each — catalogue cache off`, withoutCache);
