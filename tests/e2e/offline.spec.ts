import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../support/chromium';
import { expect, failedLoad, test, type Page } from './fixtures';
import { untilPageKept } from './kept-pages';
import { addAddress, inStockProducts, isPlain, registerShopper, storeLogin } from './shoppers';

test.use({ serviceWorkers: 'allow' });

const OFFLINE_BAR = 'You are offline — showing the page as you last saw it';
const NEEDS_CONNECTION = 'Placing an order needs a connection. Your cart and details are kept: connect to the internet and try again.';

/** Waits until the store's service worker controls the page (it registers once the page is idle). */
async function untilWorkerControls(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

test(
  'a product page seen online opens offline under the offline bar; a cart add offline survives a reload',
  { tag: '@any-size' },
  async ({ page, context, pageProblems }) => {
    const product = (await inStockProducts(page)).find(isPlain)!;
    // The cart asks the store about its products; offline it shows what it has.
    pageProblems.allow(failedLoad('net::ERR_FAILED', `/api/products/${product.id}`));
    await page.goto('/');
    await untilWorkerControls(page);
    await page.goto(`/product/${product.id}`);
    await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: OFFLINE_BAR })).toHaveCount(0);

    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: OFFLINE_BAR })).toBeVisible();
    // The page's picture and styles came from the phone too.
    await expect(page.locator('.offline-bar')).toHaveCSS('position', 'sticky');

    await page.getByRole('region', { name: 'Price and options' }).getByRole('button', { name: 'Add to cart' }).click();
    await expect(page.getByRole('dialog', { name: 'Cart' }).getByText(product.name)).toBeVisible();
    await page.reload();
    await expect(page.getByRole('status').filter({ hasText: OFFLINE_BAR })).toBeVisible();
    await expect(page.locator('[data-cart-count]').first()).toHaveText('1');

    await context.setOffline(false);
    await page.reload();
    await expect(page.getByRole('status').filter({ hasText: OFFLINE_BAR })).toHaveCount(0);
    await expect(page.locator('[data-cart-count]').first()).toHaveText('1');
  },
);

test('a page never seen shows the offline page, which lists the products seen and opens them', { tag: '@any-size' }, async ({ page, context }, testInfo) => {
  const [first, second] = (await inStockProducts(page)).filter(isPlain);
  await page.goto(`/product/${first!.id}`);
  await untilWorkerControls(page);
  // The first page was loaded before the worker: it asks the worker to keep it, which takes a moment.
  await expect.poll(() => page.evaluate(async () => (await caches.open('pages-v1')).keys().then((keys) => keys.length))).toBeGreaterThan(0);
  await page.goto(`/product/${second!.id}`);
  await expect(page.getByRole('heading', { level: 1, name: second!.name })).toBeVisible();

  await context.setOffline(true);
  await page.goto('/about');
  await expect(page.getByRole('heading', { level: 1, name: 'You are offline' })).toBeVisible();
  const recent = page.getByRole('list').filter({ has: page.getByRole('link', { name: new RegExp(first!.name) }) });
  await expect(recent.getByRole('link')).toHaveText([new RegExp(second!.name), new RegExp(first!.name)]);
  await page.screenshot({ path: testInfo.outputPath(`offline-page-${testInfo.project.name}.png`), fullPage: true });

  await recent.getByRole('link', { name: new RegExp(first!.name) }).click();
  await expect(page.getByRole('heading', { level: 1, name: first!.name })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: OFFLINE_BAR })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath(`offline-bar-${testInfo.project.name}.png`) });
});

test(
  'checkout without a connection says it needs one and keeps the cart; back online the order is placed',
  { tag: '@any-size' },
  async ({ page, context, pageProblems }, testInfo) => {
    pageProblems.allow(failedLoad('net::ERR_FAILED', '/api/addresses'));
    const shopper = await registerShopper(page, `offline.${testInfo.project.name}`);
    await storeLogin(page, shopper);
    const product = (await inStockProducts(page)).find(isPlain)!;
    await page.goto(`/product/${product.id}`);
    await page.getByRole('region', { name: 'Price and options' }).getByRole('button', { name: 'Add to cart' }).click();
    await expect(page.getByRole('dialog', { name: 'Cart' }).getByText(product.name)).toBeVisible();
    await page.goto('/delivery-address');
    await addAddress(page);
    await page.getByRole('radio', { name: /Pay on Delivery/ }).check();
    await untilPageKept(page);

    await context.setOffline(true);
    const summary = page.getByRole('complementary', { name: 'Order summary' });
    await expect(summary.getByRole('status')).toHaveText(NEEDS_CONNECTION);
    await summary.getByRole('button', { name: /Place order/ }).click();
    await expect(summary.getByRole('alert')).toHaveText(NEEDS_CONNECTION);
    await expect(page.getByText(`1 × ${product.name}`)).toBeVisible();

    // Opened again without a connection, the page the phone kept cannot get the saved addresses.
    await page.reload();
    await expect(page.getByRole('alert')).toHaveText(NEEDS_CONNECTION);
    await page.screenshot({ path: testInfo.outputPath(`checkout-offline-${testInfo.project.name}.png`), fullPage: true });
    await expect(summary).toContainText(`UGX ${Number(product.price_1).toLocaleString('en-US')}`);

    await context.setOffline(false);
    await page.reload();
    await page.getByRole('radio', { name: /Pay on Delivery/ }).check();
    await summary.getByRole('button', { name: /Place order/ }).click();
    await expect(page).toHaveURL(/\/order-success\?order=\d+$/);
  },
);

test('the store is installable: a manifest with icons, and a service worker', { tag: '@any-size' }, async ({ baseURL }) => {
  // Chromium offers no installing in a private window, which every test's own context is.
  const profile = await mkdtemp(path.join(tmpdir(), 'installable-'));
  const context = await chromium.launchPersistentContext(profile, { executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS, baseURL });
  const page = context.pages()[0] ?? (await context.newPage());
  await page.goto('/');
  await untilWorkerControls(page);
  const session = await context.newCDPSession(page);
  const manifest = await session.send('Page.getAppManifest');
  expect(manifest.errors).toEqual([]);
  const { installabilityErrors } = await session.send('Page.getInstallabilityErrors');
  expect(installabilityErrors).toEqual([]);
  const icon = await page.request.get('/icons/maskable-512.png');
  expect(icon.headers()['content-type']).toBe('image/png');
  await context.close();
  await rm(profile, { recursive: true, force: true });
});

test(
  'what one shopper saw is never kept for the next: private replies are not kept, and logging out forgets the API copies',
  { tag: '@any-size' },
  async ({ page }, testInfo) => {
    const shopper = await registerShopper(page, `kept.${testInfo.project.name}`);
    await storeLogin(page, shopper);
    await page.goto('/account/settings');
    await untilWorkerControls(page);
    const keptApiPaths = () => page.evaluate(async () => (await (await caches.open('api-v1')).keys()).map((request) => new URL(request.url).pathname));
    await page.evaluate(async (token) => {
      const asShopper = { headers: { Authorization: `Bearer ${token}` } };
      await Promise.all([
        fetch('/api/products?limit=1', asShopper),
        fetch('/api/orders', asShopper),
        fetch('/api/wishlist_get', asShopper),
        fetch('/api/addresses', asShopper),
      ]);
    }, shopper.token);
    await expect.poll(keptApiPaths).toContain('/api/products');
    expect(await keptApiPaths()).not.toEqual(expect.arrayContaining([expect.stringMatching(/\/api\/(orders|wishlist_get|addresses)/)]));

    await page.getByRole('button', { name: 'Log out', exact: true }).click();
    await expect.poll(() => page.evaluate(() => caches.has('api-v1'))).toBe(false);
  },
);
