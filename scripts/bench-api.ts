/**
 * Measures the catalogue API on a large catalogue: seeds a scratch database with 100,000 products (PGlite
 * under data/bench, or the PostgreSQL in DATABASE_URL — which is wiped), starts the built store on a free
 * port, and loads each endpoint with 10 connections, once with the catalogue cache and once without.
 * Prints requests/s and p50/p99 latency. The load client (scripts/load-client.ts) skips bodies unread, so
 * its cost per response does not depend on the body and the figures compare the store's work.
 *
 *   npm run bench:api [-- --products 100000 --seconds 10 --connections 10]
 */
import { sql } from 'drizzle-orm';
import { rowsOf } from '../src/server/db/client';
import { driverName, ensureStoreBuilt, loadTest, type LoadFigure, positiveWholeNumberOptions, prepareCatalogue, withBenchStore } from './bench-support';

const { products: productCount, seconds, connections } = positiveWholeNumberOptions({ products: 100_000, seconds: 10, connections: 10 });

type Figure = LoadFigure & { label: string };

async function measure(baseUrl: string, label: string, path: string | string[]): Promise<Figure> {
  const figure = await loadTest(baseUrl, path, { connections, seconds });
  return { label, ...figure, rps: Math.round(figure.rps) };
}

async function firstParentCategory(baseUrl: string): Promise<number> {
  const reply = (await (await fetch(`${baseUrl}/api/categories`)).json()) as { data: { id: number; parent_id: number | null }[] };
  return reply.data.find((category) => category.parent_id === null)!.id;
}

function run(cache: 'on' | 'off', productIds: number[]): Promise<Figure[]> {
  return withBenchStore(cache, async (baseUrl) => {
    const category = await firstParentCategory(baseUrl);
    return [
      await measure(baseUrl, 'GET /api/products (page 1)', '/api/products'),
      await measure(baseUrl, `GET /api/products?category=${category}`, `/api/products?category=${category}`),
      await measure(baseUrl, 'GET /api/products?min_price=100000&max_price=500000', '/api/products?min_price=100000&max_price=500000'),
      await measure(baseUrl, 'GET /api/products?page=200', '/api/products?page=200'),
      // A different active product each request, so the detail figure is not one cached row.
      await measure(
        baseUrl,
        'GET /api/products/{id} (varied ids)',
        productIds.map((id) => `/api/products/${id}`),
      ),
    ];
  });
}

function print(title: string, figures: Figure[]) {
  console.log(`\n${title}`);
  console.log(`${'endpoint'.padEnd(56)} ${'req/s'.padStart(8)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'errors'.padStart(7)}`);
  for (const f of figures) {
    console.log(`${f.label.padEnd(56)} ${String(f.rps).padStart(8)} ${String(f.p50).padStart(8)} ${String(f.p99).padStart(8)} ${String(f.errors).padStart(7)}`);
  }
}

ensureStoreBuilt();
const productIds = await prepareCatalogue(productCount, async (db) => {
  const active = rowsOf<{ id: number }>(await db.execute(sql`SELECT id FROM products WHERE status = 1 AND deleted_at IS NULL ORDER BY id`));
  return active.map((product) => product.id);
});
const withCache = await run('on', productIds);
const withoutCache = await run('off', productIds);
print(`${driverName()}, ${productCount.toLocaleString('en-US')} products, ${connections} connections, ${seconds} s each — catalogue cache on`, withCache);
print(`${driverName()}, ${productCount.toLocaleString('en-US')} products, ${connections} connections, ${seconds} s each — catalogue cache off`, withoutCache);
