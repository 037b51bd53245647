/**
 * What a storm of never-requested picture sizes does to the rest of the store. Starts the built store on a
 * fresh data folder and a fresh storage folder (so every picture size is cold; the first start seeds the demo
 * catalogue), then, for each round, fires `--storm` cold sizes at once (/img/{width}/{format}/{file} of
 * different product pictures) and, while they are answered, times uncached searches
 * (/api/products?search=<word>, a new word each time) and uncached product pages (a product not asked for
 * before), each one after another. Prints the storm's answers and the medians and maxima, with the load average:
 * the machine may be shared, so run it more than once.
 *
 *   npm run bench:pictures [-- --rounds 3 --storm 40]
 *   PICTURE_ENCODES=2 npm run bench:pictures     (the store's settings come from the environment)
 */
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startStore } from '../tests/support/server';
import { ensureStoreBuilt, percentile, positiveWholeNumberOptions, timeToBody } from './bench-support';

const { rounds, storm: stormSize } = positiveWholeNumberOptions({ rounds: 3, storm: 40 });

/** Sizes the store's pages ask for; an attacker picks the dearest ones to encode. */
const STORM_WIDTHS = [1200, 800, 640, 480, 320];
const STORM_FORMATS = ['avif', 'webp', 'jpeg'];
/** Timed calls go on at least this long, whether or not the storm is over. */
const MIN_WATCH_MS = 2000;

type Product = { id: number; name: string; feature_photo: string };
type StormReply = { status: number; cacheControl: string; retryAfter: string | null; ms: number };

const loadAverage = () =>
  os
    .loadavg()
    .map((load) => load.toFixed(2))
    .join(', ');

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

async function catalogue(baseUrl: string): Promise<Product[]> {
  const products: Product[] = [];
  for (let page = 1; products.length < 600; page++) {
    const reply = (await (await fetch(`${baseUrl}/api/products?limit=100&page=${page}`)).json()) as { data: { data: Product[] } };
    if (reply.data.data.length === 0) break;
    products.push(...reply.data.data);
  }
  return products;
}

/** Words of product names, each used for one search only. */
function searchWords(products: Product[]): string[] {
  const words = new Set<string>();
  for (const { name } of products) for (const word of name.toLowerCase().split(/[^a-z]+/)) if (word.length >= 4) words.add(word);
  return [...words];
}

/** `count` sizes never asked for: distinct pictures, the dearest widths first, formats in turn. */
function coldSizes(photos: string[], count: number, round: number): string[] {
  const sizes: string[] = [];
  for (let i = 0; i < count; i++) {
    const photo = photos[(round * count + i) % photos.length]!;
    const width = STORM_WIDTHS[Math.floor(i / STORM_FORMATS.length) % STORM_WIDTHS.length]!;
    sizes.push(`/img/${width}/${STORM_FORMATS[i % STORM_FORMATS.length]}/${encodeURIComponent(photo)}`);
  }
  return sizes;
}

async function stormRequest(url: string): Promise<StormReply> {
  const started = performance.now();
  const response = await fetch(url);
  await response.arrayBuffer();
  return {
    status: response.status,
    cacheControl: response.headers.get('cache-control') ?? '',
    retryAfter: response.headers.get('retry-after'),
    ms: performance.now() - started,
  };
}

function describeStorm(replies: StormReply[]): string {
  const counts = new Map<string, number>();
  for (const reply of replies) {
    const kind =
      reply.status === 200
        ? reply.cacheControl.includes('max-age=2592000')
          ? '200 exact size'
          : '200 nearest size'
        : `${reply.status}${reply.retryAfter ? ` (Retry-After ${reply.retryAfter})` : ''}`;
    counts.set(kind, (counts.get(kind) ?? 0) + 1);
  }
  const slowest = Math.max(...replies.map((reply) => reply.ms));
  return `${[...counts].map(([kind, n]) => `${n} × ${kind}`).join(', ')}; last answer after ${seconds(slowest)}`;
}

function summary(label: string, timings: number[]): string {
  const sorted = [...timings].sort((a, b) => a - b);
  return `${label.padEnd(26)} n=${String(sorted.length).padStart(3)}  median ${seconds(percentile(sorted, 50))}  max ${seconds(sorted.at(-1)!)}`;
}

ensureStoreBuilt();
const scratch = mkdtempSync(path.join(os.tmpdir(), 'bench-pictures-'));
console.log(`Starting the store on a fresh data folder (seeds the demo catalogue)... load average ${loadAverage()}`);
const store = await startStore({ env: { DATA_DIR: path.join(scratch, 'data'), STORAGE_DIR: path.join(scratch, 'storage'), SEED_PRODUCTS: '600' } });
try {
  // The store makes a stand-in size of each picture in the background as it starts: time it, and let it finish.
  const standIns = path.join(scratch, 'storage', 'cache', 'img', '480', 'jpeg');
  const made = () => (existsSync(standIns) ? readdirSync(standIns).length : 0);
  const waited = performance.now();
  for (let last = -1, steady = 0; steady < 6; await new Promise((resolve) => setTimeout(resolve, 500))) {
    const now = made();
    steady = now === last ? steady + 1 : 0;
    last = now;
  }
  const madeLine = /Stand-in sizes made for .*/.exec(store.output())?.[0];
  console.log(madeLine ?? `No stand-in sizes made at start (${made()} after ${seconds(performance.now() - waited)})`);
  const baseUrl = store.baseUrl;
  const products = await catalogue(baseUrl);
  const photos = [...new Set(products.map((product) => product.feature_photo))];
  const words = searchWords(products);
  let nextWord = 0;
  let nextProduct = 0;
  const uncachedSearch = () => `${baseUrl}/api/products?search=${encodeURIComponent(words[nextWord++ % words.length]!)}`;
  const uncachedPage = () => `${baseUrl}/product/${products[nextProduct++ % products.length]!.id}`;

  // Warm the code paths (the first render of a page compiles it), then a calm baseline.
  for (let i = 0; i < 3; i++) await Promise.all([timeToBody(uncachedSearch()), timeToBody(uncachedPage())]);
  const calmSearches: number[] = [];
  const calmPages: number[] = [];
  for (let i = 0; i < 5; i++) {
    calmSearches.push(await timeToBody(uncachedSearch()));
    calmPages.push(await timeToBody(uncachedPage()));
  }
  console.log(`\n${os.availableParallelism()} CPUs, ${photos.length} product pictures, ${words.length} search words`);
  console.log('Without a storm:');
  console.log(`  ${summary('uncached search', calmSearches)}`);
  console.log(`  ${summary('uncached product page', calmPages)}`);

  const stormSearches: number[] = [];
  const stormPages: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const before = loadAverage();
    const started = performance.now();
    let stormOver = false;
    const storm = Promise.all(coldSizes(photos, stormSize, round).map((size) => stormRequest(`${baseUrl}${size}`))).finally(() => (stormOver = true));
    const watch = async (next: () => string) => {
      const timings: number[] = [];
      while (!stormOver || performance.now() - started < MIN_WATCH_MS) timings.push(await timeToBody(next()));
      return timings;
    };
    // Searches and pages are timed side by side, so a slow page does not hide how searches fare.
    const [searches, pages, replies] = await Promise.all([watch(uncachedSearch), watch(uncachedPage), storm]);
    stormSearches.push(...searches);
    stormPages.push(...pages);
    console.log(`\nStorm ${round + 1} of ${stormSize} cold sizes at once (load average before: ${before})`);
    console.log(`  ${describeStorm(replies)}`);
    console.log(`  ${summary('uncached search', searches)}`);
    console.log(`  ${summary('uncached product page', pages)}`);
    // Let the machine settle between rounds.
    await new Promise((resolve) => setTimeout(resolve, 3000));
  }
  console.log(`\nAll storms:`);
  console.log(`  ${summary('uncached search', stormSearches)}`);
  console.log(`  ${summary('uncached product page', stormPages)}`);
  console.log(`Load average after: ${loadAverage()}`);
} finally {
  await store.stop();
  rmSync(scratch, { recursive: true, force: true });
}
