/**
 * The store behind Varnish (deploy/varnish/default.vcl): one or two instances on PostgreSQL with a throwaway
 * varnishd in front (round-robin over them), measured in one run:
 *
 * - req/s through Varnish of a hashed /_astro/ asset and of a product page (one page, and every product page
 *   in turn), each as a browser asks (brotli), the page's rate as a share of the asset's (target: ≥ 90%): once
 *   warm, both are answered by Varnish from memory;
 * - each instance's RSS (VmRSS) after warm-up and after each of three load rounds. A round loads the instances
 *   themselves, every sitemap page in turn, half on each: what reaches them behind an edge (misses, purged
 *   pages, logged-in shoppers).
 *
 * The database: DATABASE_URL (wiped), or BENCH_POSTGRES_SERVER, a server where the bench makes its own database
 * and drops it at the end. Varnish comes from Debian (installed from apt when missing and run as root).
 *
 *   BENCH_POSTGRES_SERVER=postgres://postgres@127.0.0.1:5432 npm run bench:edge [-- --instances 2 --seconds 10 --connections 10]
 */
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import pg from 'pg';
import { resetPostgres } from '../tests/support/postgres';
import { freePort } from '../tests/support/free-port';
import { startStore, type RunningStore } from '../tests/support/server';
import { ensureVarnish, startVarnish, type RunningVarnish } from '../tests/support/varnish';
import { ensureStoreBuilt, loadTest, positiveWholeNumberOptions, residentMemoryMb, type LoadFigure } from './bench-support';

const { seconds, connections, instances: instanceCount } = positiveWholeNumberOptions({ seconds: 10, connections: 10, instances: 2 });
const BROWSER = { 'accept-encoding': 'gzip, deflate, br, zstd' };
const LOAD_ROUNDS = 3;
/** What the instances send with their purges, and Varnish checks. */
const PURGE_SECRET = randomBytes(16).toString('hex');
const TARGET_SHARE = 0.9;

/** A database of the bench's own on BENCH_POSTGRES_SERVER, or DATABASE_URL emptied; `drop` cleans up after. */
async function edgeBenchDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const given = process.env.DATABASE_URL;
  if (given) {
    await resetPostgres(given);
    return { url: given, drop: async () => {} };
  }
  const server = process.env.BENCH_POSTGRES_SERVER;
  if (!server) throw new Error('bench:edge runs on PostgreSQL: set BENCH_POSTGRES_SERVER (it makes its own database) or DATABASE_URL (wiped).');
  const name = `edge_bench_${process.pid}`;
  const onServer = async (statement: string) => {
    const client = new pg.Client({ connectionString: server });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await onServer(`CREATE DATABASE ${name}`);
  const url = new URL(server);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => onServer(`DROP DATABASE ${name} WITH (FORCE)`) };
}

/** The instances: the first seeds the demo catalogue, the others start on it. */
async function startInstances(databaseUrl: string, edgeUrl: string): Promise<RunningStore[]> {
  const env = { EDGE_PURGE_URLS: edgeUrl, EDGE_PURGE_SECRET: PURGE_SECRET, CATALOG_CACHE: 'on' };
  const stores = [await startStore({ databaseUrl, env })];
  while (stores.length < instanceCount) stores.push(await startStore({ databaseUrl, env: { ...env, SEED_ON_START: '0' } }));
  return stores;
}

async function get(url: string, headers: Record<string, string> = BROWSER): Promise<Response> {
  const reply = await fetch(url, { headers });
  await reply.arrayBuffer();
  if (!reply.ok) throw new Error(`${url} answered ${reply.status}`);
  return reply;
}

/** The first hashed stylesheet (else script) the home page links. */
async function hashedAsset(baseUrl: string): Promise<string> {
  const html = await (await fetch(baseUrl)).text();
  const assets = [...html.matchAll(/["'](\/_astro\/[^"']+\.(?:css|js))["']/g)].map((match) => match[1]!);
  const asset = assets.find((file) => file.endsWith('.css')) ?? assets[0];
  if (!asset) throw new Error('The home page links no /_astro/ stylesheet or script');
  return asset;
}

async function sitemapPaths(baseUrl: string): Promise<string[]> {
  const locations = async (sitemap: string) =>
    [...(await (await fetch(`${baseUrl}${sitemap}`)).text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => {
      const url = new URL(match[1]!.replaceAll('&amp;', '&'));
      return url.pathname + url.search;
    });
  return (await Promise.all((await locations('/sitemap.xml')).map(locations))).flat();
}

const rssLine = (stores: RunningStore[]) => stores.map((store, index) => `instance ${index + 1} ${residentMemoryMb(store.pid).toFixed(0)} MB`).join(', ');
const loadAverage = () => os.loadavg()[0]!.toFixed(1);
const figureLine = (label: string, figure: LoadFigure, share?: number) =>
  `${label.padEnd(52)} ${Math.round(figure.rps).toLocaleString('en-US').padStart(8)} ${String(figure.p99).padStart(7)} ${String(figure.errors).padStart(7)}` +
  (share === undefined ? '' : ` ${(share * 100).toFixed(1).padStart(8)}%`);

async function measure(varnish: RunningVarnish, stores: RunningStore[]) {
  const pages = await sitemapPaths(stores[0]!.baseUrl);
  const productPages = pages.filter((page) => page.startsWith('/product/'));
  const asset = await hashedAsset(varnish.url);
  // Warm-up: every page through the edge twice (a miss, then a hit), the asset too.
  for (let round = 0; round < 2; round++) for (const page of [asset, ...pages]) await get(`${varnish.url}${page}`);
  const cached = await fetch(`${varnish.url}${productPages[0]}`, { headers: BROWSER });
  await cached.arrayBuffer();
  if (cached.headers.get('X-Cache') !== 'HIT') console.log(`Note: ${productPages[0]} is not kept by Varnish (X-Cache: ${cached.headers.get('X-Cache')})`);
  console.log(`\nRSS after warm-up: ${rssLine(stores)}`);

  console.log(`\nThrough Varnish, warm (${connections} connections, ${seconds} s each, as a browser asks: brotli)`);
  console.log(`${'URL'.padEnd(52)} ${'req/s'.padStart(8)} ${'p99 ms'.padStart(7)} ${'errors'.padStart(7)} ${'vs asset'.padStart(9)}`);
  const assetFigure = await loadTest(varnish.url, asset, { connections, seconds, headers: BROWSER });
  console.log(figureLine(`${asset} (hashed asset)`, assetFigure));
  for (const [label, paths] of [
    [`${productPages[0]} (one product page)`, productPages[0]!],
    [`/product/{id} (cycling over ${productPages.length} products)`, productPages],
  ] as const) {
    const figure = await loadTest(varnish.url, paths, { connections, seconds, headers: BROWSER });
    const share = figure.rps / assetFigure.rps;
    console.log(`${figureLine(label, figure, share)}  ${share >= TARGET_SHARE ? 'meets' : 'BELOW'} the ${TARGET_SHARE * 100}% target`);
  }

  console.log(`\nLoad rounds on the instances themselves (${seconds * 2} s each, every one of ${pages.length} sitemap pages in turn):`);
  for (let round = 1; round <= LOAD_ROUNDS; round++) {
    const figures = await Promise.all(
      stores.map((store) =>
        loadTest(store.baseUrl, pages, { connections: Math.max(1, Math.round(connections / stores.length)), seconds: seconds * 2, headers: BROWSER }),
      ),
    );
    const rps = figures.reduce((sum, figure) => sum + figure.rps, 0);
    const errors = figures.reduce((sum, figure) => sum + figure.errors, 0);
    console.log(`  after round ${round}: ${rssLine(stores)} (${Math.round(rps)} req/s in all, ${errors} errors, load average ${loadAverage()})`);
  }
}

ensureStoreBuilt();
const setup = ensureVarnish();
if (!setup.ready) {
  console.error(setup.message);
  process.exit(1);
}
const database = await edgeBenchDatabase();
let varnish: RunningVarnish | undefined;
let stores: RunningStore[] = [];
try {
  // Varnish's port is known before the instances start, so their EDGE_PURGE_URLS can name it.
  const varnishPort = await freePort();
  stores = await startInstances(database.url, `http://127.0.0.1:${varnishPort}`);
  varnish = await startVarnish({ varnishd: setup.path, backendPorts: stores.map((store) => store.port), purgeSecret: PURGE_SECRET, port: varnishPort });
  console.log(
    `\nEdge bench: ${setup.version} in front of ${stores.length} instance(s) on PostgreSQL, Node ${process.versions.node}, ` +
      `${os.availableParallelism()} CPUs (load average ${loadAverage()})`,
  );
  await measure(varnish, stores);
  console.log(`\nLoad average at the end: ${loadAverage()} (Varnish, the instances, PostgreSQL and the load client share the machine)`);
} finally {
  await varnish?.stop();
  await Promise.all(stores.map((store) => store.stop()));
  await database.drop();
}
