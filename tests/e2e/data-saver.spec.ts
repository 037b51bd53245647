/**
 * Data-saver mode in Chromium: a phone that sends `Save-Data: on` gets a product page that costs fewer bytes
 * and smaller pictures, one gallery picture until the shopper asks for the others, one home banner picture, and
 * nothing that moves; the footer's switch turns the mode on and off, with JavaScript and without.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContextOptions } from '@playwright/test';
import { expect, test, type Page, type PageProblems } from './fixtures';
import { bytesOf, firstVisitTransfers } from '../support/first-visit';
import type { Product } from './shoppers';

const PHONE: BrowserContextOptions = { viewport: { width: 375, height: 812 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };
const SAVE_DATA = { 'Save-Data': 'on' };

/** A product with three pictures or more. */
async function productWithGallery(page: Page): Promise<Product> {
  const listed: Product[] = (await (await page.request.get('/api/products?limit=100')).json()).data.data;
  const found = listed.find((p) => p.images.length >= 3);
  if (!found) throw new Error('no product with three pictures');
  return found;
}

/** A page in a fresh context of its own (an empty cache), watched for console errors and CSP violations. */
async function freshPage(browser: Browser, pageProblems: PageProblems, options: BrowserContextOptions): Promise<Page> {
  const context = await browser.newContext(options);
  await pageProblems.watch(context);
  return context.newPage();
}

/** The width in the address of the picture an <img> shows (`/img/480/...` or `/img/low/320/...`). */
async function shownWidth(page: Page, selector: string): Promise<{ light: boolean; width: number }> {
  const picture = page.locator(selector).first();
  // The browser picks the candidate as the picture starts to load.
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/\/img\//);
  const source = await picture.evaluate((img: HTMLImageElement) => img.currentSrc);
  const [, low, width] = /\/img\/(low\/)?(\d+)\//.exec(source)!;
  return { light: Boolean(low), width: Number(width) };
}

/** Pictures of `file` the page fetched: each `/img/...` address naming it. */
const picturesOf = (urls: string[], file: string) => urls.filter((url) => url.includes('/img/') && url.endsWith(`/${encodeURIComponent(file)}`));

// Measured on a phone-sized context of its own, whatever the project's size: run once.
test(
  'with Save-Data: on the product page transfers fewer bytes and smaller, lighter pictures',
  { tag: '@any-size' },
  async ({ browser, pageProblems, page }, testInfo) => {
    const product = await productWithGallery(page);
    const path = `/product/${product.id}`;
    // Both kinds rendered once, so both measures are of pages the cache answers.
    await page.request.get(path);
    await page.request.get(path, { headers: SAVE_DATA });

    const normalPage = await freshPage(browser, pageProblems, PHONE);
    const normal = await firstVisitTransfers(normalPage, path);
    const normalPicture = await shownWidth(normalPage, '.gallery .slide img');
    const lightPage = await freshPage(browser, pageProblems, { ...PHONE, extraHTTPHeaders: SAVE_DATA });
    const light = await firstVisitTransfers(lightPage, path);
    const lightPicture = await shownWidth(lightPage, '.gallery .slide img');

    const report = (transfers: typeof normal) => transfers.map((t) => `${t.bytes} ${t.type} ${new URL(t.url).pathname}`).join('\n');
    await testInfo.attach('transfers', { body: `normal\n${report(normal)}\n\nSave-Data: on\n${report(light)}`, contentType: 'text/plain' });
    expect(bytesOf(light), report(light)).toBeLessThan(bytesOf(normal));
    expect(bytesOf(light, 'Image')).toBeLessThan(bytesOf(normal, 'Image') / 2);
    expect(bytesOf(light), 'the data-saver budget (DESIGN.md)').toBeLessThanOrEqual(60 * 1024);
    expect(normalPicture.light).toBe(false);
    expect(lightPicture.light).toBe(true);
    expect(lightPicture.width).toBeLessThan(normalPicture.width);
    // Every picture the light page fetched is a lighter one.
    const lightImages = light.filter((t) => t.type === 'Image' && t.url.includes('/img/'));
    expect(lightImages.length).toBeGreaterThan(0);
    for (const image of lightImages) expect(image.url).toContain('/img/low/');
    await normalPage.context().close();
    await lightPage.context().close();
  },
);

test('in data-saver mode a product shows its first picture until the shopper asks for the others', async ({ browser, pageProblems, page }, testInfo) => {
  const product = await productWithGallery(page);
  const [first, ...others] = product.images as string[];
  const lightPage = await freshPage(browser, pageProblems, { viewport: page.viewportSize()!, extraHTTPHeaders: SAVE_DATA });
  const fetched: string[] = [];
  lightPage.on('request', (request) => fetched.push(request.url()));
  await lightPage.goto(`/product/${product.id}`, { waitUntil: 'networkidle' });

  const gallery = lightPage.getByRole('region', { name: 'Pictures' });
  await expect(gallery.getByRole('img', { name: product.name, exact: true })).toBeVisible();
  expect(picturesOf(fetched, first!)).toHaveLength(1);
  for (const file of others) expect(picturesOf(fetched, file), file).toEqual([]);
  await expect(gallery.locator('.thumbs')).toHaveCount(0);
  const layoutShift = await lightPage.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
            if (!entry.hadRecentInput) total += entry.value;
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve(total), 300);
      }),
  );
  expect(layoutShift).toBe(0);
  await lightPage.screenshot({ path: testInfo.outputPath(`data-saver-product-${testInfo.project.name}.png`), fullPage: true });

  await gallery.getByText(`Show ${others.length} more pictures`).click();
  for (const [i, file] of others.entries()) {
    const picture = gallery.getByRole('img', { name: `${product.name}, picture ${i + 2}` });
    await picture.scrollIntoViewIfNeeded();
    await expect(picture).toBeVisible();
    await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    expect(picturesOf(fetched, file).length, file).toBe(1);
    expect(picturesOf(fetched, file)[0]).toContain('/img/low/');
  }
  await lightPage.context().close();
});

test('in data-saver mode the home page shows one banner picture and the other banners as links', async ({ browser, pageProblems, page }) => {
  const lightPage = await freshPage(browser, pageProblems, { viewport: page.viewportSize()!, extraHTTPHeaders: SAVE_DATA });
  const fetched: string[] = [];
  lightPage.on('request', (request) => fetched.push(request.url()));
  await lightPage.goto('/', { waitUntil: 'networkidle' });
  const banners = lightPage.getByRole('region', { name: 'Featured categories' });
  await expect(banners.locator('img')).toHaveCount(1);
  expect((await banners.getByRole('link').count()) > 1).toBe(true);
  // Category banners are the b-*.jpg pictures: one of them fetched.
  expect(new Set(fetched.filter((url) => /\/img\/low\/\d+\/\w+\/b-/.test(url)).map((url) => url.split('/').pop())).size).toBe(1);
  await lightPage.context().close();
});

/** The footer's switch, turned on and then off, from a product page: it comes back to the page each time. */
async function flipTheSwitch(page: Page, path: string) {
  await page.goto(path);
  const footer = page.getByRole('region', { name: 'Data saver: off' });
  await expect(footer).toContainText('Turn it on for smaller pictures');
  expect((await shownWidth(page, '.gallery .slide img')).light).toBe(false);

  await footer.getByRole('button', { name: 'Turn on data saver' }).click();
  await expect(page).toHaveURL(new RegExp(`${path}#data-saver$`));
  const on = page.getByRole('region', { name: 'Data saver: on' });
  await expect(on).toBeVisible();
  await expect(page.locator('.more-pictures summary')).toBeVisible();
  expect((await shownWidth(page, '.gallery .slide img')).light).toBe(true);
  const cookies = await page.context().cookies();
  expect(cookies.find((cookie) => cookie.name === 'data_saver')).toMatchObject({ value: '1', path: '/', sameSite: 'Lax' });

  // Still on after going elsewhere: the switch is remembered.
  await page.goto('/');
  await expect(page.getByRole('region', { name: 'Data saver: on' })).toBeVisible();
  await page.goto(path);
  await page.getByRole('region', { name: 'Data saver: on' }).getByRole('button', { name: 'Turn off data saver' }).click();
  await expect(page).toHaveURL(new RegExp(`${path}#data-saver$`));
  await expect(page.getByRole('region', { name: 'Data saver: off' })).toBeVisible();
  expect((await shownWidth(page, '.gallery .slide img')).light).toBe(false);
  expect((await page.context().cookies()).find((cookie) => cookie.name === 'data_saver')).toBeUndefined();
}

test('the footer switch turns data-saver mode on and off and comes back to the page', { tag: '@any-size' }, async ({ page }, testInfo) => {
  const product = await productWithGallery(page);
  await flipTheSwitch(page, `/product/${product.id}`);
  await page.getByRole('region', { name: 'Data saver: off' }).screenshot({ path: testInfo.outputPath(`data-saver-switch-${testInfo.project.name}.png`) });
});

test('the footer switch works with JavaScript off', { tag: '@any-size' }, async ({ browser, pageProblems, page }) => {
  const product = await productWithGallery(page);
  const noScript = await freshPage(browser, pageProblems, { viewport: page.viewportSize()!, javaScriptEnabled: false });
  await flipTheSwitch(noScript, `/product/${product.id}`);
  await noScript.context().close();
});

test(
  'when the phone asks to save data, the footer says so and explains that the phone’s setting turns it off',
  { tag: '@any-size' },
  async ({ browser, pageProblems, page }) => {
    const lightPage = await freshPage(browser, pageProblems, { viewport: page.viewportSize()!, extraHTTPHeaders: SAVE_DATA });
    await lightPage.goto('/about');
    const footer = lightPage.getByRole('region', { name: 'Data saver: on' });
    await expect(footer).toContainText('Your phone asks every site to save data');
    await expect(footer.getByRole('button')).toHaveCount(0);
    await lightPage.context().close();
  },
);

test('pages in data-saver mode have no detectable accessibility violations, the more-pictures list open or not', async ({ browser, pageProblems, page }) => {
  const product = await productWithGallery(page);
  const lightPage = await freshPage(browser, pageProblems, { viewport: page.viewportSize()!, extraHTTPHeaders: SAVE_DATA });
  const problems = async () =>
    (await new AxeBuilder({ page: lightPage }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()).violations.map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join('; ')}`,
    );
  for (const path of ['/', '/about', `/product/${product.id}`]) {
    await lightPage.goto(path);
    expect(await problems(), path).toEqual([]);
  }
  await lightPage.locator('.more-pictures summary').click();
  expect(await problems(), 'more pictures open').toEqual([]);
  await lightPage.context().close();
});
