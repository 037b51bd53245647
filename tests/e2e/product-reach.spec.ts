/**
 * The product page within reach: on a phone the price and Add to cart stay on screen in a bar at the bottom
 * and the header (search, cart) at the top while the page scrolls, without covering the end of the page; a
 * colour or size with one value comes chosen and the button names the one still missing; at 1280 px the
 * header's search keeps 360 px in every language and its list is as wide as its longest line.
 */
import { expect, test, type Page } from './fixtures';
import type { Product } from './shoppers';

async function findProduct(page: Page, accept: (p: Product) => boolean): Promise<Product> {
  for (let listPage = 1; listPage <= 10; listPage++) {
    const listed: Product[] = (await (await page.request.get(`/api/products?limit=100&in_stock=1&page=${listPage}`)).json()).data.data;
    const found = listed.find((p) => accept(p) && p.stock.total_items - p.stock.items_sold >= 5);
    if (found) return found;
    if (listed.length < 100) break;
  }
  throw new Error('no product for this test');
}

const values = (list: string) => list.split(',').filter((value) => value.trim());
const manyColours = (p: Product) => p.has_colors === 'Yes' && values(p.colors).length > 1;

/** Whether `locator`'s box lies wholly inside the window. */
async function onScreen(page: Page, selector: string): Promise<boolean> {
  return page
    .locator(selector)
    .first()
    .evaluate((element) => {
      const box = element.getBoundingClientRect();
      return box.height > 0 && box.top >= 0 && box.bottom <= window.innerHeight + 0.5;
    });
}

for (const { language, prefix, add, chooseColour } of [
  { language: 'English', prefix: '', add: 'Add to cart', chooseColour: 'Choose a colour' },
  { language: 'Luganda', prefix: '/lg', add: 'Teeka mu kikapu', chooseColour: 'Londa langi' },
]) {
  test(
    `${language}: on a phone the price, Add to cart and the header stay on screen while the page scrolls, and the page ends above the bar`,
    { tag: '@phone' },
    async ({ page }) => {
      const product = await findProduct(page, (p) => !manyColours(p) && p.has_sizes !== 'Yes');
      await page.goto(`${prefix}/product/${product.id}`);
      const bar = page.locator('.buy-bar');
      await expect(bar.getByRole('button', { name: add })).toBeVisible();
      await expect(bar).toContainText(/\d{1,3}(,\d{3})+/);
      expect(await onScreen(page, '.buy-bar')).toBe(true);

      for (const target of ['#reviews', '.site-footer .copyright']) {
        await page.locator(target).scrollIntoViewIfNeeded();
        expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(800);
        expect(await onScreen(page, '.buy-bar'), `buy bar beside ${target}`).toBe(true);
        expect(await onScreen(page, '.site-header .cart-link'), `cart link beside ${target}`).toBe(true);
        expect(await onScreen(page, '.site-header .mobile-search input'), `search beside ${target}`).toBe(true);
      }
      // At the very end the footer's last line shows above the bar, not under it.
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      const copyright = await page.locator('.site-footer .copyright').boundingBox();
      const barBox = await bar.boundingBox();
      expect(copyright!.y + copyright!.height).toBeLessThanOrEqual(barBox!.y);

      // The bar's button adds to the cart from wherever the shopper is.
      await bar.getByRole('button', { name: add }).tap();
      await expect(page.locator('.site-header [data-cart-count]')).toHaveText('1');
    },
  );

  test(`${language}: the button names a missing colour and goes to it; a one-value option comes chosen`, async ({ page }) => {
    const product = await findProduct(page, (p) => manyColours(p) && p.has_sizes !== 'Yes');
    await page.goto(`${prefix}/product/${product.id}`);
    const buyBox = page.locator('.buy-box');
    // The form is no island: the label comes from the checked radios, the tap is the page's own script's.
    await expect(page.locator('astro-island', { has: page.locator('form.choices') })).toHaveCount(0);
    await expect(buyBox.getByRole('button', { name: chooseColour })).toBeVisible();
    await expect(buyBox.getByRole('button', { name: add })).toHaveCount(0);
    await buyBox.getByRole('button', { name: chooseColour }).click();
    // Found by its value, the English word the cart keeps: the page says the colour in its own language.
    const first = buyBox.locator(`input[type="radio"][value="${values(product.colors)[0]!.trim()}"]`);
    await expect(first).toBeFocused();
    await expect(page.locator('.toast')).toHaveCount(0);
    await first.check();
    await expect(buyBox.getByRole('button', { name: add })).toBeVisible();
    await buyBox.getByRole('button', { name: add }).click();
    await expect(page.locator('.site-header [data-cart-count]')).toHaveText('1');

    const single = await findProduct(
      page,
      (p) => (p.has_colors === 'Yes' && values(p.colors).length === 1) || (p.has_sizes === 'Yes' && values(p.sizes).length === 1),
    );
    await page.goto(`${prefix}/product/${single.id}`);
    const onlyValue = single.has_colors === 'Yes' && values(single.colors).length === 1 ? values(single.colors)[0]! : values(single.sizes)[0]!;
    await expect(page.locator(`.buy-box input[type="radio"][value="${onlyValue.trim()}"]`)).toBeChecked();
  });
}

test('at 1280 px the header keeps the search 360 px wide in every language, sticks while scrolling, and the live-search list shows whole names @desktop', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const product = await findProduct(page, () => true);
  for (const prefix of ['', '/lg', '/sw']) {
    await page.goto(`${prefix}/product/${product.id}`);
    const search = page.locator('.header-row form.search');
    expect((await search.boundingBox())!.width, `search width at ${prefix || '/'}`).toBeGreaterThanOrEqual(360);
  }
  await page.evaluate(() => window.scrollTo(0, 1500));
  expect(await onScreen(page, '.header-row form.search')).toBe(true);
  expect(await onScreen(page, '.site-header .cart-link')).toBe(true);

  await page.evaluate(() => window.scrollTo(0, 0));
  const input = page.locator('.header-row form.search input');
  await input.fill('samsung galaxy');
  const names = page.locator('.header-row .search-dropdown .search-option-name');
  await expect(names.first()).toBeVisible();
  // Each name on one line, not cut: the list grew to the longest.
  const clipped = await names.evaluateAll((elements) =>
    elements
      .filter(
        (element) =>
          element.scrollWidth > element.clientWidth ||
          element.getClientRects().length > 1 ||
          element.clientHeight > 1.6 * parseFloat(getComputedStyle(element).lineHeight),
      )
      .map((element) => element.textContent),
  );
  expect(clipped).toEqual([]);
});
