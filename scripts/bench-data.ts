/**
 * What a shopper's phone downloads on a first visit to the home page, a category and a product page, with and
 * without data-saver mode (`Save-Data: on`). Starts the built store on the demo catalogue (600 products in a
 * scratch PGlite folder, or the PostgreSQL in DATABASE_URL — which is wiped), opens each page in a fresh
 * Chromium context at 375 × 812 (a phone, `--dpr` device pixels per CSS pixel, 2 unless given), and sums the
 * bytes on the wire of every response until the page has loaded and the network is idle: HTML, CSS, the
 * JavaScript that loads before any touch, and the pictures of the first screen (and those Chromium's lazy
 * loading fetches ahead of scrolling). Prints each page by kind of resource and checks DESIGN.md's budget
 * for the product page: ≤ 150 KB, ≤ 60 KB in data-saver mode. Exits 1 when a budget is missed.
 *
 *   npm run bench:data [-- --dpr 2 --url http://127.0.0.1:4321]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Browser } from '@playwright/test';
import { sql } from 'drizzle-orm';
import { rowsOf, type Database } from '../src/server/db/client';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../tests/support/chromium';
import { bytesOf, firstVisitTransfers, type Transfer } from '../tests/support/first-visit';
import { driverName, ensureStoreBuilt, prepareCatalogue, withBenchStore } from './bench-support';

const KB = 1024;
const DEMO_PRODUCTS = 600;
const PHONE = { width: 375, height: 812 };
const BUDGETS = { product: { normal: 150 * KB, saver: 60 * KB } };
/** Columns of the table: DevTools resource types, the rest counted as "other" (fonts, fetches, the manifest ...). */
const KINDS = [
  ['HTML', 'Document'],
  ['CSS', 'Stylesheet'],
  ['JS', 'Script'],
  ['pictures', 'Image'],
] as const;

const { values: args } = parseArgs({ options: { dpr: { type: 'string', default: '2' }, url: { type: 'string' } } });
const dpr = Number(args.dpr);
if (!(dpr >= 1 && dpr <= 4)) {
  console.error('--dpr must be a number from 1 to 4');
  process.exit(2);
}

type Mode = 'normal' | 'saver';
type Measured = { label: string; path: string; mode: Mode; transfers: Transfer[] };

/** The parent category with the most products, and the product with the most gallery pictures (the costliest page). */
async function readPages(db: Database): Promise<{ label: string; path: string }[]> {
  const [category] = rowsOf<{ id: number }>(
    await db.execute(sql`
      SELECT p.category AS id FROM products p JOIN categories c ON c.id = p.category
      WHERE c.parent_id IS NULL AND p.status = 1 AND p.deleted_at IS NULL
      GROUP BY p.category ORDER BY count(*) DESC, p.category LIMIT 1`),
  );
  const [product] = rowsOf<{ id: number }>(
    await db.execute(sql`SELECT id FROM products WHERE status = 1 AND deleted_at IS NULL ORDER BY jsonb_array_length(rates) DESC, id LIMIT 1`),
  );
  if (!category || !product) throw new Error('The bench catalogue has no active products in a parent category');
  return [
    { label: 'home', path: '/' },
    { label: 'category', path: `/category/${category.id}` },
    { label: 'product', path: `/product/${product.id}` },
  ];
}

/** The same three pages read from a running store's API, when it is given with --url. */
async function pagesOf(baseUrl: string): Promise<{ label: string; path: string }[]> {
  const data = async <T>(path: string) => ((await (await fetch(new URL(path, baseUrl))).json()) as { data: T }).data;
  const categories = await data<{ id: number; parent_id: number | null; product_count: number }[]>('/api/categories');
  const category = categories.filter((c) => c.parent_id === null).sort((a, b) => b.product_count - a.product_count)[0];
  const products = (await data<{ data: { id: number; images: string[] }[] }>('/api/products?limit=100')).data;
  const product = products.sort((a, b) => b.images.length - a.images.length)[0];
  if (!category || !product) throw new Error(`${baseUrl} has no products in a parent category`);
  return [
    { label: 'home', path: '/' },
    { label: 'category', path: `/category/${category.id}` },
    { label: 'product', path: `/product/${product.id}` },
  ];
}

async function measure(browser: Browser, baseUrl: string, pages: { label: string; path: string }[]): Promise<Measured[]> {
  const measured: Measured[] = [];
  for (const page of pages) {
    for (const mode of ['normal', 'saver'] as const) {
      // A fresh context each time: an empty cache, as on a first visit.
      const context = await browser.newContext({
        baseURL: baseUrl,
        viewport: PHONE,
        deviceScaleFactor: dpr,
        isMobile: true,
        hasTouch: true,
        extraHTTPHeaders: mode === 'saver' ? { 'Save-Data': 'on' } : {},
      });
      // The store renders and caches a page on its first request: ask once first, so every figure is of a cached page.
      await context.request.get(page.path, { headers: mode === 'saver' ? { 'Save-Data': 'on' } : {} });
      const transfers = await firstVisitTransfers(await context.newPage(), page.path);
      await context.close();
      measured.push({ ...page, mode, transfers });
    }
  }
  return measured;
}

const kilobytes = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;

function report(measured: Measured[]): boolean {
  const header = ['page', 'mode', ...KINDS.map(([label]) => label), 'other', 'total', 'requests'];
  const rows = measured.map(({ label, mode, transfers }) => {
    const known = KINDS.map(([, type]) => bytesOf(transfers, type));
    const total = bytesOf(transfers);
    const other = total - known.reduce((sum, bytes) => sum + bytes, 0);
    return [label, mode === 'saver' ? 'Save-Data: on' : 'normal', ...known.map(kilobytes), kilobytes(other), kilobytes(total), String(transfers.length)];
  });
  const widths = header.map((_, column) => Math.max(...[header, ...rows].map((row) => row[column]!.length)));
  const line = (row: string[]) => row.map((cell, column) => (column < 2 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join('  ');
  console.log(`\nBytes transferred on a first visit (Chromium, ${PHONE.width} × ${PHONE.height} CSS px at ${dpr}× device pixels):\n`);
  console.log(line(header));
  for (const row of rows) console.log(line(row));

  let met = true;
  console.log('');
  for (const { label, mode, transfers } of measured) {
    if (label !== 'product') continue;
    const budget = BUDGETS.product[mode];
    const total = bytesOf(transfers);
    const ok = total <= budget;
    met &&= ok;
    console.log(`${ok ? 'ok  ' : 'OVER'} product page, ${mode === 'saver' ? 'data saver' : 'normal'}: ${kilobytes(total)} (budget ${kilobytes(budget)})`);
  }
  for (const label of new Set(measured.map((m) => m.label))) {
    const [normal, saver] = (['normal', 'saver'] as const).map((mode) => bytesOf(measured.find((m) => m.label === label && m.mode === mode)!.transfers));
    console.log(`${label}: data saver transfers ${(100 - (saver! / normal!) * 100).toFixed(0)}% less`);
  }
  return met;
}

async function main() {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  try {
    let measured: Measured[];
    if (args.url) {
      measured = await measure(browser, args.url, await pagesOf(args.url));
    } else {
      ensureStoreBuilt();
      const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-data-'));
      try {
        const pages = await prepareCatalogue(DEMO_PRODUCTS, readPages, dataDir);
        console.log(`Measuring on ${driverName()} with the demo catalogue (${DEMO_PRODUCTS} products)`);
        measured = await withBenchStore('on', (baseUrl) => measure(browser, baseUrl, pages), dataDir);
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    }
    if (!report(measured)) process.exitCode = 1;
  } finally {
    await browser.close();
  }
}

await main();
