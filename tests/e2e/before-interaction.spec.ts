import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import type { Response } from '@playwright/test';
import { expect, test, type Page } from './fixtures';
import { inStockProducts, registerShopper, storeLogin, type Product } from './shoppers';
import { holdScripts } from './held-scripts';

const KB = 1024;

/** A product with colours and sizes to pick, and stock to spare. */
async function productWithChoices(page: Page): Promise<Product> {
  const found = (await inStockProducts(page)).find((p) => p.has_colors === 'Yes' && p.has_sizes === 'Yes' && p.stock.total_items - p.stock.items_sold >= 5);
  if (!found) throw new Error('no product with colours and sizes');
  return found;
}

type Script = { url: string; gzip: number };

/**
 * Opens `path` without touching it and answers every script the page fetched, with its gzip size, once the
 * network has been idle and the browser's idle work (the performance monitor, the service worker) has had its
 * turn; and whether any of them is island code (a file an island on the page names, or React's renderer).
 */
async function scriptsBeforeInteraction(page: Page, path: string): Promise<{ run: Script[]; islandCode: string[] }> {
  // From a blank page, so no late script of the page before is counted (or read after it is gone).
  await page.goto('about:blank');
  const reads: Promise<Script>[] = [];
  const record = (response: Response) => {
    if (response.request().resourceType() === 'script') reads.push(response.body().then((body) => ({ url: response.url(), gzip: gzipSync(body).length })));
  };
  page.on('response', record);
  await page.goto(path, { waitUntil: 'networkidle' });
  // Idle callbacks and their imports may start after the first quiet moment: wait until nothing new comes.
  let seen = -1;
  while (seen !== reads.length) {
    seen = reads.length;
    await page.evaluate(() => new Promise((done) => requestIdleCallback(() => setTimeout(done, 1000), { timeout: 3000 })));
    await page.waitForLoadState('networkidle');
  }
  page.off('response', record);
  const islandFiles = new Set(
    await page.evaluate(() =>
      [...document.querySelectorAll('astro-island')].flatMap((island) =>
        ['component-url', 'renderer-url'].map((name) => new URL(island.getAttribute(name)!, location.href).href),
      ),
    ),
  );
  const run = await Promise.all(reads);
  return { run, islandCode: run.filter((script) => islandFiles.has(script.url)).map((script) => new URL(script.url).pathname) };
}

function total(scripts: Script[]): number {
  return scripts.reduce((sum, script) => sum + script.gzip, 0);
}

const listing = (scripts: Script[]) => scripts.map((s) => `${(s.gzip / KB).toFixed(1)} KB ${new URL(s.url, 'http://store').pathname}`).join('\n');

test('a page that is only looked at runs little JavaScript: product ≤ 20 KB gzip, home and category ≤ 5 KB', async ({ page }) => {
  const product = await productWithChoices(page);
  const categories: { id: number; parent_id: number | null; product_count: number }[] = (await (await page.request.get('/api/categories')).json()).data;
  const category = categories.find((c) => c.parent_id === null && c.product_count > 0)!;

  for (const [path, budget] of [
    [`/product/${product.id}`, 20 * KB],
    ['/', 5 * KB],
    [`/category/${category.id}`, 5 * KB],
  ] as const) {
    const { run, islandCode } = await scriptsBeforeInteraction(page, path);
    // The page's own start script is always there: an empty list would mean nothing was measured.
    expect(run.length, `scripts fetched by ${path}`).toBeGreaterThan(0);
    expect(total(run), `gzip bytes of the scripts ${path} ran before any interaction:\n${listing(run)}`).toBeLessThanOrEqual(budget);
    // No island's code is fetched ahead of a touch, on any page (the product page's Add to cart needs none).
    expect(islandCode, `island code ${path} fetched before any interaction`).toEqual([]);
  }
});

/** The built browser files, as the store serves them under /_astro/. */
const BUILT = new URL('../../dist/client/', import.meta.url);
/** A group of island texts of one language (src/lib/i18n/current.ts loads them on demand): English buying, lg-*, sw-*. */
const TEXTS_FILE = /^\/_astro\/(?:(lg|sw)-)?(browsing|buying)\.[\w-]+\.js$/;

/**
 * Every script the page's islands may load: each island's file and React's, and all they import, at once or on
 * demand (`import()`), but only the texts of the page's language, and the buying texts only on a page marked for
 * them. Read from the built files, so the sum is the same on any machine.
 */
async function islandCodeOf(page: Page, path: string): Promise<Script[]> {
  const html = await (await page.request.get(path)).text();
  const language = /<html[^>]* lang="(\w+)/.exec(html)?.[1]?.slice(0, 2) ?? 'en';
  const buying = /<html[^>]* data-buying-texts/.test(html);
  const mayLoad = (file: string) => {
    const texts = TEXTS_FILE.exec(file);
    return !texts || ((texts[1] ?? 'en') === language && (texts[2] === 'browsing' || buying));
  };
  const pending = [...html.matchAll(/ (?:component|renderer)-url="([^"]+)"/g)].map((match) => match[1]!);
  const seen = new Set<string>();
  while (pending.length > 0) {
    const file = pending.pop()!;
    if (seen.has(file) || !mayLoad(file)) continue;
    seen.add(file);
    const code = readFileSync(new URL(`.${file}`, BUILT), 'utf8');
    for (const [, imported] of code.matchAll(/(?:from|import)\s*\(?\s*["'`]\.\/([^"'`]+\.js)["'`]/g)) pending.push(`/_astro/${imported}`);
  }
  expect(seen.size, `island files of ${path}`).toBeGreaterThan(1);
  return [...seen].map((file) => ({ url: file, gzip: gzipSync(readFileSync(new URL(`.${file}`, BUILT))).length }));
}

test('all the island code a home, category or product page may load is ≤ 100 KB gzip in each language', { tag: '@any-size' }, async ({ page }) => {
  const product = await productWithChoices(page);
  const categories: { id: number; parent_id: number | null; product_count: number }[] = (await (await page.request.get('/api/categories')).json()).data;
  const category = categories.find((c) => c.parent_id === null && c.product_count > 0)!;
  for (const prefix of ['', '/lg', '/sw']) {
    for (const path of [`${prefix}/`, `${prefix}/category/${category.id}`, `${prefix}/product/${product.id}`]) {
      const code = await islandCodeOf(page, path);
      const languages = code.map((script) => TEXTS_FILE.exec(script.url)).flatMap((texts) => (texts ? [texts[1] ?? 'en'] : []));
      expect(new Set(languages), `the texts ${path} may load`).toEqual(new Set(prefix ? [prefix.slice(1)] : []));
      test.info().annotations.push({ type: 'island code', description: `${path}: ${(total(code) / KB).toFixed(1)} KB in ${code.length} files` });
      expect(total(code), `gzip bytes of the island code ${path} may load:\n${listing(code)}`).toBeLessThanOrEqual(100 * KB);
    }
  }
});

test('in data-saver mode the product page fetches no island code either', { tag: '@any-size' }, async ({ browser }) => {
  const context = await browser.newContext({ extraHTTPHeaders: { 'Save-Data': 'on' }, serviceWorkers: 'block' });
  const page = await context.newPage();
  const product = await productWithChoices(page);
  const { run, islandCode } = await scriptsBeforeInteraction(page, `/product/${product.id}`);
  expect(islandCode, listing(run)).toEqual([]);
  expect(total(run), listing(run)).toBeLessThanOrEqual(20 * KB);
  await context.close();
});

test('a logged-in shopper sees their saved heart on the product page without React, within the same budget', async ({ page }, testInfo) => {
  const product = await productWithChoices(page);
  const shopper = await registerShopper(page, `lean.${testInfo.project.name}`);
  const saved = await page.request.post('/api/wishlist_add', { headers: { Authorization: `Bearer ${shopper.token}` }, data: { product_id: product.id } });
  expect(saved.ok()).toBe(true);
  await storeLogin(page, shopper);

  const { run } = await scriptsBeforeInteraction(page, `/product/${product.id}`);
  expect(total(run), `gzip bytes of the scripts a logged-in shopper's product page ran:\n${listing(run)}`).toBeLessThanOrEqual(20 * KB);
  const heart = page.getByRole('region', { name: 'Price and options' }).getByRole('button', { name: 'Wishlist' });
  await expect(heart).toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator('astro-island', { has: page.locator(`[data-wishlist-heart="${product.id}"]`) })).toHaveAttribute('ssr');
});

test('a guest sees the hearts saved on the phone without React, within the same budgets', async ({ page }) => {
  const product = await productWithChoices(page);
  const categories: { id: number; parent_id: number | null; product_count: number }[] = (await (await page.request.get('/api/categories')).json()).data;
  const category = categories.find((c) => c.parent_id === null && c.product_count > 0)!;
  await page.goto(`/category/${category.id}`);
  const listed = Number(await page.locator('[data-wishlist-heart]').first().getAttribute('data-wishlist-heart'));
  await page.evaluate(
    (ids) => {
      const hearts = ids.map((id) => ({
        id: 0,
        user_id: 0,
        product_id: id,
        product_name: `Product ${id}`,
        product_price: '1000',
        product_sale_price: '',
        product_photo: '',
      }));
      localStorage.setItem('guest_wishlist', JSON.stringify(hearts));
    },
    [product.id, listed],
  );

  for (const [path, budget, id] of [
    [`/product/${product.id}`, 20 * KB, product.id],
    [`/category/${category.id}`, 5 * KB, listed],
  ] as const) {
    const { run } = await scriptsBeforeInteraction(page, path);
    expect(total(run), `gzip bytes of the scripts a guest's ${path} ran:\n${listing(run)}`).toBeLessThanOrEqual(budget);
    const heart = page.locator(`[data-wishlist-heart="${id}"]`).first();
    await expect(heart).toHaveAttribute('aria-pressed', 'true');
    await expect(page.locator('astro-island', { has: page.locator(`[data-wishlist-heart="${id}"]`) }).first()).toHaveAttribute('ssr');
    await expect(page.locator('.site-header [data-wishlist-count]')).toHaveText('2');
  }
});

// The service worker would answer the island code's requests itself, out of the page's routes' sight.
test.describe(() => {
  test.use({ serviceWorkers: 'block' });
  test('options picked and Add to cart tapped with no island code add exactly one item with those options, then the drawer shows it', async ({
    page,
    isMobile,
  }) => {
    const product = await productWithChoices(page);
    const colour = product.colors.split(',')[1].trim();
    const size = product.sizes.split(',')[1].trim();
    await page.goto(`/product/${product.id}`, { waitUntil: 'networkidle' });
    // From here every script the page asks for (island code, React) is held: the taps are the page's own script's.
    const { asked: islandFiles, release } = await holdScripts(page);
    const buyBox = page.getByRole('region', { name: 'Price and options' });

    // The pickers are plain radios; the button names what is still to choose, and a tap goes to it.
    const add = buyBox.locator('.add-button');
    await expect(add).toHaveAccessibleName('Choose a colour');
    if (isMobile) await add.tap();
    else await add.click();
    await expect(buyBox.getByRole('radio', { name: product.colors.split(',')[0].trim(), exact: true })).toBeFocused();
    await buyBox.getByRole('radio', { name: colour, exact: true }).check();
    await buyBox.getByRole('radio', { name: size, exact: true }).check();
    await buyBox.getByRole('button', { name: 'One more' }).click();
    await expect(buyBox.locator('output')).toHaveText('2');
    await buyBox.getByRole('button', { name: 'One less' }).click();
    await expect(add).toHaveAccessibleName('Add to cart');
    if (isMobile) await add.tap();
    else await add.click();

    await expect(page.locator('.site-header [data-cart-count]')).toHaveText('1');
    await expect(page.getByRole('status').filter({ hasText: `${product.name} added to cart` })).toBeVisible();
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('cart_items') ?? '[]'));
    expect(stored).toEqual([expect.objectContaining({ product_id: product.id, color: colour, size, product_quantity: 1 })]);
    // Only the tap that added woke an island (the drawer): its file, React's with the storefront's islands, and
    // `page-later` (src/integrations/island-chunks.ts); the bundler's runtime came with the page's start script.
    await expect.poll(() => islandFiles.length).toBeGreaterThan(0);
    release();
    const drawer = page.getByRole('dialog', { name: 'Cart' });
    const line = drawer.getByRole('listitem', { name: product.name });
    await expect(line).toContainText(colour);
    await expect(line).toContainText(size);
    await expect(line.locator('output')).toHaveText('1');
    expect(islandFiles.length, islandFiles.join('\n')).toBeLessThanOrEqual(3);
    await expect(buyBox.getByRole('radio', { name: colour, exact: true })).toBeChecked();
    await expect(page).toHaveURL(new RegExp(`/product/${product.id}$`));
  });
});

test('the reviews stay plain HTML until touched; a sort chosen before React arrives is applied, then sort and pages work in place', async ({ page }) => {
  const listed: Product[] = (await (await page.request.get('/api/products?limit=100&sort_by=popularity')).json()).data.data;
  const product = listed.find((p) => p.review_count > 10)!;
  const api = async (query: string) => (await (await page.request.get(`/api/reviews?product_id=${product.id}&${query}`)).json()).data;
  const [lowest, lowestSecond, highest] = [await api('sort_by=lowest'), await api('sort_by=lowest&page=2'), await api('sort_by=highest')];

  await page.goto(`/product/${product.id}`, { waitUntil: 'networkidle' });
  const reviews = page.getByRole('region', { name: 'Customer reviews' });
  const list = reviews.getByRole('region', { name: /reviews$/ });
  const island = page.locator('astro-island', { has: page.locator('#review-list') });
  await reviews.scrollIntoViewIfNeeded();
  await expect(island).toHaveAttribute('ssr');
  await expect(list.getByRole('listitem')).toHaveCount(10);

  const { release } = await holdScripts(page);
  await list.getByLabel('Sort by').focus();
  await list.getByLabel('Sort by').selectOption('lowest');
  await expect(island).toHaveAttribute('ssr');
  release();
  await expect(island).not.toHaveAttribute('ssr');
  await expect(list.getByRole('listitem').first()).toContainText(lowest.reviews[0].comment);
  await expect(list.getByLabel('Sort by')).toHaveValue('lowest');

  await list.getByRole('link', { name: 'Next →' }).click();
  await expect(list.getByText(`Page 2 of ${lowestSecond.pagination.last_page}`)).toBeVisible();
  await expect(list.getByRole('listitem').first()).toContainText(lowestSecond.reviews[0].comment);
  await list.getByLabel('Sort by').selectOption('highest');
  await expect(list.getByText(`Page 1 of ${highest.pagination.last_page}`)).toBeVisible();
  await expect(list.getByRole('listitem').first()).toContainText(highest.reviews[0].comment);
  await expect(page).toHaveURL(new RegExp(`/product/${product.id}$`));
});

test('without script the reviews still sort and page', { tag: '@any-size' }, async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const listed: Product[] = (await (await page.request.get('/api/products?limit=100&sort_by=popularity')).json()).data.data;
  const product = listed.find((p) => p.review_count > 10)!;
  const lowestSecond = (await (await page.request.get(`/api/reviews?product_id=${product.id}&sort_by=lowest&page=2`)).json()).data;

  await page.goto(`/product/${product.id}`);
  const list = page.getByRole('region', { name: 'Customer reviews' }).getByRole('region', { name: /reviews$/ });
  await list.getByLabel('Sort by').selectOption('lowest');
  await list.getByRole('button', { name: 'Sort' }).click();
  await expect(page).toHaveURL(new RegExp(`/product/${product.id}\\?reviews_sort=lowest#reviews$`));
  await list.getByRole('link', { name: 'Next →' }).click();
  await expect(list.getByText(`Page 2 of ${lowestSecond.pagination.last_page}`)).toBeVisible();
  await expect(list.getByRole('listitem').first()).toContainText(lowestSecond.reviews[0].comment);
  await context.close();
});
