/**
 * Measures how much memory one store instance holds, and where: it starts the built store the way `npm start`
 * does on the demo catalogue (600 products, or `--products`) and prints its resident memory (RSS), the V8 heap and the store's
 * caches (src/server/process-memory.ts, read by sending the store SIGUSR2) after start, after a warm-up (each
 * kind of page once per language), after UNCACHED_RENDERS distinct pages rendered for the first time (products,
 * categories, listings and searches in English, Luganda and Swahili, so the page cache misses), and after each of
 * three rounds of load over all of them; then the growth from the first round to the last.
 *
 *   BENCH_POSTGRES_SERVER=postgres://postgres@127.0.0.1:5432 npm run bench:memory   (makes and drops its own database)
 *   DATABASE_URL=postgres://.../scratch npm run bench:memory                          (the database is wiped)
 *   npm run bench:memory                                                              (PGlite, as the demo runs)
 *   BENCH_MEMORY_REUSE=1 DATABASE_URL=… npm run bench:memory -- --products 100000     (the catalogue a run left there, not wiped)
 *   options: -- --seconds 20 --connections 10 --products 600 (100000: the large catalogue, with its search index in memory)
 */
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { openDatabase, rowsOf, type Database } from '../src/server/db/client';
import type { MemoryReport } from '../src/server/process-memory';
import type { RunningStore } from '../tests/support/server';
import { readMemoryReport } from '../tests/support/memory-report';
import {
  driverName,
  ensureStoreBuilt,
  loadTest,
  positiveWholeNumberOptions,
  prepareCatalogue,
  onScratchCatalogue,
  loadAverages,
  withBenchStore,
  type LoadFigure,
} from './bench-support';

const { seconds, connections, products: PRODUCTS } = positiveWholeNumberOptions({ seconds: 20, connections: 10, products: 600 });

const UNCACHED_RENDERS = 2000;
/** Renders asked for at once while counting uncached pages: a few shoppers, not a load test. */
const RENDERS_AT_ONCE = 4;
const LOAD_ROUNDS = 3;
const LANGUAGES = ['', '/lg', '/sw'];
const BROWSER = { 'accept-encoding': 'gzip, deflate, br, zstd' };
const SEARCH_WORDS = ['phone', 'shoes', 'rice', 'dress', 'laptop', 'sugar', 'bag', 'watch', 'radio', 'soap', 'tv', 'kettle', 'shirt', 'bed'];

type Catalogue = { productIds: number[]; categoryIds: number[] };
type Stage = { label: string; rssMb: number; report: MemoryReport; load?: LoadFigure };

async function readCatalogue(db: Database): Promise<Catalogue> {
  const ids = async (query: ReturnType<typeof sql>) => rowsOf<{ id: number }>(await db.execute(query)).map((row) => row.id);
  return {
    productIds: await ids(sql`SELECT id FROM products WHERE status = 1 AND deleted_at IS NULL ORDER BY id`),
    categoryIds: await ids(sql`SELECT id FROM categories ORDER BY id`),
  };
}

/** One page of each kind in each language: loads every route's code and the caches' first entries. */
function warmUpPaths({ productIds, categoryIds }: Catalogue): string[] {
  const kinds = ['/', '/products', '/about', '/cart', `/category/${categoryIds[0]}`, `/product/${productIds[0]}`, '/products?search=phone'];
  return LANGUAGES.flatMap((language) => kinds.map((kind) => (language && kind === '/' ? language : `${language}${kind}`)));
}

/** UNCACHED_RENDERS distinct pages none of which the warm-up asked for, the kinds interleaved. */
function uncachedPaths(catalogue: Catalogue, warmedUp: Set<string>): string[] {
  const products = catalogue.productIds.flatMap((id) => LANGUAGES.map((language) => `${language}/product/${id}`));
  const listings = [1, 2, 3].flatMap((page) =>
    LANGUAGES.flatMap((language) => [
      ...catalogue.categoryIds.map((id) => `${language}/category/${id}${page > 1 ? `?page=${page}` : ''}`),
      `${language}/products?page=${page + 1}`,
    ]),
  );
  const searches = SEARCH_WORDS.flatMap((word) => LANGUAGES.map((language) => `${language}/products?search=${word}`));
  const mixed: string[] = [];
  for (let index = 0; mixed.length < UNCACHED_RENDERS && index < products.length; index++) {
    for (const kind of [products[index], listings[index], searches[index]]) if (kind && !warmedUp.has(kind)) mixed.push(kind);
  }
  if (mixed.length < UNCACHED_RENDERS) throw new Error(`The catalogue gives only ${mixed.length} distinct pages; ${UNCACHED_RENDERS} are needed`);
  return mixed.slice(0, UNCACHED_RENDERS);
}

/** Asks for every path, RENDERS_AT_ONCE at a time; counts the replies the page cache answered. */
async function fetchAll(baseUrl: string, paths: string[]): Promise<{ fromCache: number }> {
  let next = 0;
  let fromCache = 0;
  const worker = async () => {
    while (next < paths.length) {
      const page = paths[next++]!;
      // Redirects are not followed: the load rounds ask for the same paths and count only 2xx.
      const response = await fetch(`${baseUrl}${page}`, { headers: BROWSER, redirect: 'manual' });
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`${page} answered ${response.status}`);
      if (/HIT|STALE/.test(response.headers.get('x-astro-cache') ?? '')) fromCache++;
    }
  };
  await Promise.all(Array.from({ length: RENDERS_AT_ONCE }, worker));
  return { fromCache };
}

async function stage(store: RunningStore, label: string, load?: LoadFigure): Promise<Stage> {
  const report = await readMemoryReport(store);
  return { label, rssMb: report.rss, report, load };
}

function printStages(stages: Stage[]) {
  const first = stages[0]!.report;
  console.log(
    `\nV8 heap limit ${first.heapLimit} MB, new space ${first.newSpace} MB; page cache limit ${first.pageCache.limit} MB; catalogue cache limit ${first.catalogueCache.limit} MB; ` +
      `libvips cache limit ${first.pictureCache.limit} MB, ${first.pictureCache.items} operations, ${first.pictureCache.files} files; ${first.pictureThreads} libvips thread(s) per encode`,
  );
  const columns = ['stage', 'RSS', 'heap used', 'heap total', 'external', 'page cache', 'catalogue cache', 'libvips'];
  const widths = [34, 7, 10, 11, 9, 18, 17, 8];
  console.log(columns.map((column, index) => (index === 0 ? column.padEnd(widths[index]!) : column.padStart(widths[index]!))).join(' '));
  for (const { label, report, load } of stages) {
    const cells = [
      `${report.rss}`,
      `${report.heapUsed}`,
      `${report.heapTotal}`,
      `${report.external}`,
      `${report.pageCache.size} (${report.pageCache.entries})`,
      `${report.catalogueCache.size} (${report.catalogueCache.entries})`,
      `${report.pictureCache.size}`,
    ];
    console.log([label.padEnd(widths[0]!), ...cells.map((cell, index) => cell.padStart(widths[index + 1]!))].join(' '));
    if (load) console.log(`${''.padEnd(widths[0]!)}   (${Math.round(load.rps)} req/s, p99 ${load.p99} ms, ${load.errors} errors)`);
  }
  const rounds = stages.filter((entry) => entry.load);
  const growth = (rounds.at(-1)!.rssMb - rounds[0]!.rssMb) / rounds[0]!.rssMb;
  console.log(`MB; caches: MB (entries). RSS growth from load round 1 to round ${rounds.length}: ${growth >= 0 ? '+' : ''}${(growth * 100).toFixed(1)}%`);
}

async function measure(store: RunningStore, catalogue: Catalogue): Promise<Stage[]> {
  const stages = [await stage(store, 'after start')];
  const warmUp = warmUpPaths(catalogue);
  for (let round = 0; round < 3; round++) await fetchAll(store.baseUrl, warmUp);
  stages.push(await stage(store, 'after warm-up'));

  const uncached = uncachedPaths(catalogue, new Set(warmUp));
  const started = performance.now();
  const { fromCache } = await fetchAll(store.baseUrl, uncached);
  const renderSeconds = (performance.now() - started) / 1000;
  stages.push(await stage(store, `after ${uncached.length} uncached renders`));
  console.log(
    `${uncached.length} uncached pages in ${renderSeconds.toFixed(1)} s, ${fromCache} of them answered from the page cache (load average ${loadAverages()})`,
  );

  const everything = [...warmUp, ...uncached];
  for (let round = 1; round <= LOAD_ROUNDS; round++) {
    const figure = await loadTest(store.baseUrl, everything, { connections, seconds, headers: BROWSER });
    stages.push(await stage(store, `after load round ${round}`, figure));
  }
  return stages;
}

/** BENCH_MEMORY_REUSE=1 with DATABASE_URL: the catalogue a previous run seeded there, read as it is (not wiped). */
async function reusedCatalogue(): Promise<Catalogue> {
  const handle = await openDatabase({ url: process.env.DATABASE_URL });
  try {
    const [row] = rowsOf<{ n: number }>(await handle.db.execute(sql`SELECT count(*)::int AS n FROM products`));
    if (row?.n !== PRODUCTS) throw new Error(`BENCH_MEMORY_REUSE: DATABASE_URL has ${row?.n ?? 0} products, not ${PRODUCTS}`);
    return await readCatalogue(handle.db);
  } finally {
    await handle.close();
  }
}

const reuse = process.env.BENCH_MEMORY_REUSE === '1' && Boolean(process.env.DATABASE_URL);

async function report(catalogue: Catalogue, dataDir: string) {
  console.log(
    `Memory of one store instance: ${driverName()}, ${PRODUCTS} products, Node ${process.versions.node}, ${os.availableParallelism()} CPUs ` +
      `(load average ${loadAverages()}); load rounds of ${seconds} s, ${connections} connections`,
  );
  const stages = await withBenchStore('on', (_, store) => measure(store, catalogue), dataDir);
  printStages(stages);
  console.log(`Load average at the end: ${loadAverages()}`);
}

if (reuse) {
  ensureStoreBuilt();
  await report(await reusedCatalogue(), '');
} else await onScratchCatalogue('memory_bench', async (dataDir) => report(await prepareCatalogue(PRODUCTS, readCatalogue, dataDir), dataDir));
