/**
 * A store instance keeps within its memory bounds: it runs with the node flags `npm start` gives it, libvips keeps
 * no cache, the page cache takes PAGE_CACHE_MB and the catalogue cache CATALOG_CACHE_MB, and rendering many more
 * distinct pages than fit leaves both within them. An instance of its own with 1 MB caches: on PostgreSQL a second instance on the suite's
 * database, on PGlite a small catalogue of its own. (The figures themselves are npm run bench:memory's.)
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStore, type RunningStore } from '../support/server';
import { readMemoryReport } from '../support/memory-report';

const databaseUrl = process.env.API_DATABASE_URL || undefined;
const startScript = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: { start: string } }).scripts.start;
const flag = (name: string) => Number(new RegExp(`--${name}=(\\d+)`).exec(startScript)?.[1]);

let store: RunningStore;

beforeAll(async () => {
  store = await startStore({ databaseUrl, env: { PAGE_CACHE_MB: '1', CATALOG_CACHE_MB: '1', SEED_ON_START: databaseUrl ? '0' : '1', SEED_PRODUCTS: '60' } });
}, 240_000);

afterAll(async () => {
  await store?.stop();
});

/** Asks for every path, four at a time, as a browser does; gives how many the page cache answered. */
async function askFor(paths: string[]): Promise<number> {
  let next = 0;
  let fromCache = 0;
  const worker = async () => {
    while (next < paths.length) {
      const response = await fetch(new URL(paths[next++]!, store.baseUrl), { headers: { 'Accept-Encoding': 'gzip, br' } });
      await response.arrayBuffer();
      expect(response.status).toBe(200);
      if (response.headers.get('x-astro-cache') === 'HIT') fromCache++;
    }
  };
  await Promise.all([worker(), worker(), worker(), worker()]);
  return fromCache;
}

describe('memory bounds of one instance', () => {
  it('runs with the flags npm start gives node, the page cache PAGE_CACHE_MB names, and no libvips cache', async () => {
    const report = await readMemoryReport(store);
    expect(report.nodeFlags).toEqual(startScript.split(/\s+/).filter((word) => word.startsWith('--')));
    expect(report.mallocArenas).toBe(/MALLOC_ARENA_MAX=(\d+)/.exec(startScript)?.[1] ?? null);
    const semiSpace = flag('max-semi-space-size');
    const oldSpace = flag('max-old-space-size');
    expect(semiSpace).toBeGreaterThan(0);
    expect(report.newSpace).toBeLessThanOrEqual(2 * semiSpace);
    // V8's limit is the old space's plus the young generation's (three semi-spaces).
    if (oldSpace) expect(report.heapLimit).toBeLessThanOrEqual(oldSpace + 3 * semiSpace);
    expect(report.pageCache.limit).toBe(1);
    expect(report.catalogueCache.limit).toBe(1);
    expect(report.pictureCache).toMatchObject({ limit: 0, items: 0, files: 0 });
  });

  it(
    'keeps the page and catalogue caches within PAGE_CACHE_MB and CATALOG_CACHE_MB however many distinct pages are rendered',
    { timeout: 240_000 },
    async () => {
      const products = (await (await fetch(new URL('/api/products?limit=60', store.baseUrl))).json()) as { data: { data: { id: number }[] } };
      const pages = products.data.data.flatMap(({ id }) => [`/product/${id}`, `/lg/product/${id}`, `/sw/product/${id}`]);
      expect(pages.length).toBeGreaterThanOrEqual(150);

      await askFor(pages);
      const report = await readMemoryReport(store);
      expect(report.pageCache.size).toBeLessThanOrEqual(1);
      expect(report.catalogueCache.size).toBeLessThanOrEqual(1);
      expect(report.catalogueCache.entries).toBeGreaterThan(0);
      // The pages were kept (the last ones are answered from the cache), and many more were rendered than fit.
      expect(await askFor(pages.slice(-5))).toBe(5);
      expect(report.pageCache.entries).toBeGreaterThan(5);
      expect(report.pageCache.entries).toBeLessThan(pages.length);
    },
  );
});
