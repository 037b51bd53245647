/**
 * Measures how close the store's pages come to static-file speed, on the demo catalogue (600 products,
 * seeded into a scratch PGlite folder, or into the PostgreSQL in DATABASE_URL — which is wiped). It starts
 * the built store and prints, in one run:
 *
 * - uncached renders: product pages asked for the first time, one at a time on one connection as a browser
 *   asks (time from sending the request to the last byte, with the load client: no decoding), so
 *   each reads its product and reviews from the database and is rendered and compressed; `--cold` pages
 *   right after start (the first two, which pay for lazy start-up, shown apart), then as many again in a
 *   running store, after SETTLING_PAGES other product pages have been served (the steady state, where a
 *   page is rendered because it was never asked for or a write dropped it), p50 and p99 of each;
 * - load: after a warm-up (each measured URL a few times, every product page once), the load client
 *   (scripts/load-client.ts: it skips bodies unread, so its cost per response does not depend on the body
 *   and the ratios compare the store's work) against a hashed /_astro/ asset (identity, then `Accept-Encoding: br`), `/`, a parent category, one product
 *   page, product pages cycling over every product, `/about` and `/api/products` (these as a browser asks,
 *   taking brotli or gzip): req/s, p99, errors
 *   (failed connections and non-2xx) and each line's req/s as a share of the asset's identity req/s;
 * - memory: the server's RSS after start, after warm-up and after each of three rounds of mixed load
 *   over every page in the sitemap, and its growth from the first round to the third.
 *
 *   npm run bench:pages [-- --seconds 10 --connections 10 --cold 50]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { rowsOf, type Database } from '../src/server/db/client';
import {
  driverName,
  ensureStoreBuilt,
  loadTest,
  percentile,
  positiveWholeNumberOptions,
  prepareCatalogue,
  residentMemoryMb,
  cpuSeconds,
  timeToBody,
  withBenchStore,
  type LoadFigure,
} from './bench-support';
import { timeEach } from './load-client';

const { seconds, connections, cold: coldCount } = positiveWholeNumberOptions({ seconds: 10, connections: 10, cold: 50 });

const DEMO_PRODUCTS = 600;
/** Requests paying for lazy start-up (first route module, first queries), timed but left out of the cold figures. */
const START_UP_REQUESTS = 2;
/** Product pages served between the two uncached measurements, none of them measured. */
const SETTLING_PAGES = 100;
const WARM_UPS_PER_URL = 3;
/** Pages and the API are asked for as a browser asks (Chromium's header): every browser and crawler takes gzip or brotli. */
const BROWSER = { 'accept-encoding': 'gzip, deflate, br, zstd' };
const LOAD_ROUNDS = 3;
/** Long enough for a round to pass over every page of the sitemap even while pages render uncached (~100 req/s). */
const ROUND_SECONDS = seconds * 2;

type Catalogue = { productIds: number[]; categoryId: number };
/** `cpuPerRequest`: the server's own CPU time per request (µs), which the load client's cost does not touch. */
type Line = LoadFigure & { label: string; share: number; cpuPerRequest: number };
type StaticAsset = { path: string; kb: number; brEncoding: string };
type MemoryRound = { mb: number; figure: LoadFigure };
type RenderTimes = { count: number; p50: number; p99: number };
type ColdRenders = { startUp: number[]; afterStart: RenderTimes; running: RenderTimes };

/** Active products, and the parent category holding the most of them. */
async function readCatalogue(db: Database): Promise<Catalogue> {
  const products = rowsOf<{ id: number }>(await db.execute(sql`SELECT id FROM products WHERE status = 1 AND deleted_at IS NULL ORDER BY id`));
  const [category] = rowsOf<{ id: number }>(
    await db.execute(sql`
      SELECT p.category AS id FROM products p JOIN categories c ON c.id = p.category
      WHERE c.parent_id IS NULL AND p.status = 1 AND p.deleted_at IS NULL
      GROUP BY p.category ORDER BY count(*) DESC, p.category LIMIT 1`),
  );
  if (!category || products.length === 0) throw new Error('The bench catalogue has no active products in a parent category');
  return { productIds: products.map((product) => product.id), categoryId: category.id };
}

/** Product pages asked for one at a time on one connection, as a browser asks: milliseconds to each last byte. */
async function renderTimes(baseUrl: string, ids: number[]): Promise<number[]> {
  const timed = await timeEach({ baseUrl, paths: ids.map((id) => `/product/${id}`), headers: BROWSER });
  const failed = timed.find(({ status }) => status !== 200);
  if (failed) throw new Error(`${failed.path} answered ${failed.status}`);
  return timed.map(({ milliseconds }) => milliseconds);
}

function summary(times: number[]): RenderTimes {
  const sorted = [...times].sort((a, b) => a - b);
  return { count: sorted.length, p50: percentile(sorted, 50), p99: percentile(sorted, 99) };
}

/** Renders distinct product pages one at a time, right after start and again once the store has served others. */
async function measureColdRenders(baseUrl: string, productIds: number[]): Promise<ColdRenders> {
  const wanted = START_UP_REQUESTS + 2 * coldCount + SETTLING_PAGES;
  if (productIds.length < wanted) throw new Error(`The bench catalogue has ${productIds.length} active products; the cold renders need ${wanted}`);
  // Pages spread over the whole catalogue; the two measured groups interleave, so both see the same kinds of product.
  const step = Math.floor(productIds.length / wanted);
  const ids = productIds.filter((_, index) => index % step === 0).slice(0, wanted);
  const rest = ids.slice(START_UP_REQUESTS);
  const every = (offset: number, count: number) => rest.filter((_, index) => index % 4 === offset).slice(0, count);
  const settling = rest.filter((_, index) => index % 2 === 1).slice(0, SETTLING_PAGES);

  const startUp = await renderTimes(baseUrl, ids.slice(0, START_UP_REQUESTS));
  const afterStart = summary(await renderTimes(baseUrl, every(0, coldCount)));
  await renderTimes(baseUrl, settling);
  const running = summary(await renderTimes(baseUrl, every(2, coldCount)));
  return { startUp, afterStart, running };
}

/**
 * The first hashed stylesheet (else script) the home page links, to compare pages with a plain file, with
 * its size and the encoding it is served in when a browser accepts brotli.
 */
async function findStaticAsset(baseUrl: string): Promise<StaticAsset> {
  const html = await (await fetch(baseUrl)).text();
  const assets = [...html.matchAll(/["'](\/_astro\/[^"']+\.(?:css|js))["']/g)].map((match) => match[1]!);
  const asset = assets.find((file) => file.endsWith('.css')) ?? assets[0];
  if (!asset) throw new Error('The home page links no /_astro/ stylesheet or script');
  const body = await (await fetch(`${baseUrl}${asset}`)).arrayBuffer();
  const br = await fetch(`${baseUrl}${asset}`, { headers: { 'Accept-Encoding': 'br' } });
  await br.arrayBuffer();
  return { path: asset, kb: body.byteLength / 1024, brEncoding: br.headers.get('content-encoding') ?? 'identity' };
}

/**
 * Every page the sitemap lists (home, categories, products, vendors, static pages), as paths: its
 * addresses carry the configured site, not the port the bench store listens on.
 */
async function sitemapPaths(baseUrl: string): Promise<string[]> {
  const pathsIn = async (sitemap: string) =>
    [...(await (await fetch(`${baseUrl}${sitemap}`)).text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => {
      const url = new URL(match[1]!.replaceAll('&amp;', '&'));
      return url.pathname + url.search;
    });
  const parts = await pathsIn('/sitemap.xml');
  return (await Promise.all(parts.map(pathsIn))).flat();
}

/** Each measured URL a few times, identity and brotli, then every product page once. */
async function warmUp(baseUrl: string, paths: string[], productIds: number[]) {
  for (let round = 0; round < WARM_UPS_PER_URL; round++) {
    for (const page of paths) {
      await timeToBody(`${baseUrl}${page}`);
      await fetch(`${baseUrl}${page}`, { headers: { 'Accept-Encoding': 'br' } }).then((response) => response.arrayBuffer());
    }
  }
  await renderTimes(baseUrl, productIds);
}

/** Runs every load measurement, each line with its req/s as a share of the asset's identity req/s. */
async function measureLoad(baseUrl: string, pid: number, asset: StaticAsset, { productIds, categoryId }: Catalogue): Promise<Line[]> {
  const runs: { label: string; paths: string | string[]; headers?: Record<string, string> }[] = [
    { label: 'static asset, identity', paths: asset.path },
    { label: `static asset, Accept-Encoding: br (sent ${asset.brEncoding})`, paths: asset.path, headers: { 'accept-encoding': 'br' } },
    { label: '/ (home)', paths: '/', headers: BROWSER },
    { label: `/category/${categoryId} (parent category)`, paths: `/category/${categoryId}`, headers: BROWSER },
    { label: `/product/${productIds[0]} (one product, same page)`, paths: `/product/${productIds[0]}`, headers: BROWSER },
    { label: `/product/{id} (cycling over ${productIds.length} products)`, paths: productIds.map((id) => `/product/${id}`), headers: BROWSER },
    { label: '/about (static page)', paths: '/about', headers: BROWSER },
    { label: '/api/products (JSON, page 1)', paths: '/api/products', headers: BROWSER },
  ];
  const lines: Line[] = [];
  for (const { label, paths, headers } of runs) {
    const cpuBefore = cpuSeconds(pid);
    const figure = await loadTest(baseUrl, paths, { connections, seconds, headers });
    const cpuPerRequest = ((cpuSeconds(pid) - cpuBefore) * 1e6) / (figure.rps * seconds);
    lines.push({ label, ...figure, share: figure.rps / (lines[0]?.rps ?? figure.rps), cpuPerRequest });
  }
  return lines;
}

/** Mixed load over every sitemap page, three times, with the server's RSS after each round. */
async function measureMemoryRounds(baseUrl: string, pid: number, pages: string[]): Promise<MemoryRound[]> {
  const rounds: MemoryRound[] = [];
  for (let round = 0; round < LOAD_ROUNDS; round++) {
    const figure = await loadTest(baseUrl, pages, { connections, seconds: ROUND_SECONDS, headers: BROWSER });
    rounds.push({ mb: residentMemoryMb(pid), figure });
  }
  return rounds;
}

const mb = (value: number) => `${value.toFixed(0)} MB`;
const ms = (value: number) => `${value.toFixed(1)} ms`;
const percent = (share: number) => `${(share * 100).toFixed(1)}%`;
/** The machine's 1-minute load average: figures from a busy machine are not comparable with a calm one's. */
const loadAverage = () => os.loadavg()[0]!.toFixed(1);

function printCold({ startUp, afterStart, running }: ColdRenders) {
  const times = ({ p50, p99 }: RenderTimes) => `p50 ${ms(p50)}, p99 ${ms(p99)}`;
  console.log('\nUncached product page renders (each page asked for the first time, one at a time, time to full body):');
  console.log(`  right after start, ${afterStart.count} pages: ${times(afterStart)}`);
  console.log(`    (the first ${START_UP_REQUESTS} requests pay for lazy start-up and are not counted: ${startUp.map(ms).join(', ')})`);
  console.log(`  in a running store (after ${SETTLING_PAGES} other product pages), ${running.count} pages: ${times(running)}`);
}

function printLoad(asset: StaticAsset, lines: Line[]) {
  console.log(`\nUnder load, warm; asset ${asset.path} (${asset.kb.toFixed(1)} KB); "vs asset" = req/s over the asset's identity req/s`);
  console.log('("server µs/req" = the store’s CPU time per request: the load client shares the machine’s CPUs)');
  console.log(
    `${'URL'.padEnd(48)} ${'req/s'.padStart(8)} ${'p99 ms'.padStart(7)} ${'errors'.padStart(7)} ${'vs asset'.padStart(9)} ${'server µs/req'.padStart(14)}`,
  );
  for (const line of lines) {
    const rps = Math.round(line.rps).toLocaleString('en-US');
    console.log(
      `${line.label.padEnd(48)} ${rps.padStart(8)} ${String(line.p99).padStart(7)} ${String(line.errors).padStart(7)} ${percent(line.share).padStart(9)} ${Math.round(line.cpuPerRequest).toLocaleString('en-US').padStart(14)}`,
    );
  }
}

function printMemory(pid: number, pageCount: number, afterStart: number, afterWarmUp: number, rounds: MemoryRound[]) {
  console.log(`\nServer memory (RSS of process ${pid}); a round = ${ROUND_SECONDS} s of load cycling over the sitemap's ${pageCount} pages:`);
  console.log(`  after start ${mb(afterStart)}, after warm-up ${mb(afterWarmUp)}`);
  rounds.forEach(({ mb: roundMb, figure }, index) =>
    console.log(`  after round ${index + 1}: ${mb(roundMb)} (${Math.round(figure.rps)} req/s, p99 ${figure.p99} ms, ${figure.errors} errors)`),
  );
  const growth = (rounds.at(-1)!.mb - rounds[0]!.mb) / rounds[0]!.mb;
  console.log(`  growth from round 1 to round ${rounds.length}: ${growth >= 0 ? '+' : ''}${percent(growth)}`);
}

/** Everything measured on one running store, in order: cold renders, warm-up, load, memory rounds. */
async function measureStore(baseUrl: string, pid: number, catalogue: Catalogue) {
  const afterStart = residentMemoryMb(pid);
  printCold(await measureColdRenders(baseUrl, catalogue.productIds));

  const asset = await findStaticAsset(baseUrl);
  const measuredPaths = [asset.path, '/', `/category/${catalogue.categoryId}`, `/product/${catalogue.productIds[0]}`, '/about', '/api/products'];
  await warmUp(baseUrl, measuredPaths, catalogue.productIds);
  const afterWarmUp = residentMemoryMb(pid);
  printLoad(asset, await measureLoad(baseUrl, pid, asset, catalogue));

  const pages = await sitemapPaths(baseUrl);
  printMemory(pid, pages.length, afterStart, afterWarmUp, await measureMemoryRounds(baseUrl, pid, pages));
}

ensureStoreBuilt();
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-pages-'));
try {
  const catalogue = await prepareCatalogue(DEMO_PRODUCTS, readCatalogue, dataDir);
  console.log(
    `\nPage speed: ${driverName()}, ${DEMO_PRODUCTS} products (${catalogue.productIds.length} active), Node ${process.versions.node}, ` +
      `${os.availableParallelism()} CPUs (load average ${loadAverage()}), ${connections} connections, ${seconds} s per measurement`,
  );
  await withBenchStore('on', (baseUrl, store) => measureStore(baseUrl, store.pid, catalogue), dataDir);
  console.log(`\nLoad average at the end: ${loadAverage()} (other programs on the machine take CPU from the store)`);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
