/**
 * The first tap fetches nothing first: Add to cart and the wishlist heart are answered by the page's own scripts
 * (src/scripts/buy-box.ts, src/scripts/inline/restore-badges.js), in the page's language, and the island code the
 * tap wakes afterwards comes in few files. Checked by what is fetched (files), not by time.
 */
import { expect, test, type Page } from './fixtures';
import { inStockProducts, registerShopper, storeLogin, type Product } from './shoppers';
import { holdScripts } from './held-scripts';
import { pageTranslator } from '../../src/lib/i18n/catalogues';

// The service worker would answer the island code's requests itself, out of the page's routes' sight.
test.use({ serviceWorkers: 'block' });

/** A product with nothing to choose and stock to spare. */
async function plainProduct(page: Page): Promise<Product> {
  const found = (await inStockProducts(page)).find((p) => p.has_colors !== 'Yes' && p.has_sizes !== 'Yes' && p.stock.total_items - p.stock.items_sold >= 5);
  if (!found) throw new Error('no product without choices');
  return found;
}

async function tap(page: Page, isMobile: boolean, target: ReturnType<Page['locator']>): Promise<void> {
  if (isMobile) await target.tap();
  else await target.click();
}

for (const language of ['en', 'lg', 'sw'] as const) {
  test(`on a ${language} product page Add to cart is answered in the page's language before any island code, which then comes in at most 3 files`, async ({
    page,
    isMobile,
  }) => {
    const product = await plainProduct(page);
    const i18n = pageTranslator(language);
    await page.goto(`${language === 'en' ? '' : `/${language}`}/product/${product.id}`, { waitUntil: 'networkidle' });
    const held = await holdScripts(page);

    await tap(page, isMobile, page.locator('form.choices .add-button'));
    await expect(page.locator('.site-header [data-cart-count]')).toHaveText('1');
    await expect(page.getByRole('status').filter({ hasText: i18n.fill(i18n.t.browse.addToCart.added, { name: product.name }) })).toBeVisible();
    expect(JSON.parse((await page.evaluate(() => localStorage.getItem('cart_items'))) ?? '[]')).toEqual([
      expect.objectContaining({ product_id: product.id, product_quantity: 1 }),
    ]);

    // The drawer wakes after the tap: its file, React's, and what the islands share with the saved hearts (`page-later`);
    // the bundler's runtime and a language's texts came with the page.
    await expect.poll(() => held.asked.length).toBeGreaterThan(0);
    held.release();
    const drawer = page.getByRole('dialog', { name: i18n.t.cart.title });
    await expect(drawer.getByRole('listitem', { name: product.name })).toBeVisible();
    expect(held.asked.length, held.asked.join('\n')).toBeLessThanOrEqual(3);
  });
}

test("a logged-in shopper's Add to cart wakes the drawer in at most 3 files too", async ({ page, isMobile }, testInfo) => {
  const product = await plainProduct(page);
  const shopper = await registerShopper(page, `first-tap.${testInfo.project.name}`);
  const saved = await page.request.post('/api/wishlist_add', { headers: { Authorization: `Bearer ${shopper.token}` }, data: { product_id: product.id } });
  expect(saved.ok()).toBe(true);
  await storeLogin(page, shopper);
  await page.goto(`/product/${product.id}`, { waitUntil: 'networkidle' });
  await expect(page.getByRole('region', { name: 'Price and options' }).getByRole('button', { name: 'Wishlist' })).toHaveAttribute('aria-pressed', 'true');
  const held = await holdScripts(page);

  await tap(page, isMobile, page.locator('form.choices .add-button'));
  await expect(page.locator('.site-header [data-cart-count]')).toHaveText('1');
  await expect.poll(() => held.asked.length).toBeGreaterThan(0);
  held.release();
  await expect(page.getByRole('dialog', { name: 'Cart' }).getByRole('listitem', { name: product.name })).toBeVisible();
  // The saved hearts brought `page-later` with the page: the drawer's file and React's.
  expect(held.asked.length, held.asked.join('\n')).toBeLessThanOrEqual(3);
});

test('more than the stock left is refused before any island code, with the cart left as it was', async ({ page, isMobile }) => {
  const product = await plainProduct(page);
  const left = product.stock.total_items - product.stock.items_sold;
  await page.goto(`/product/${product.id}`, { waitUntil: 'networkidle' });
  const stamp = '2026-01-01T00:00:00.000Z';
  const full = [
    {
      id: `${product.id}|||`,
      product_id: product.id,
      product_name: product.name,
      product_price_1: String(product.price_1),
      product_quantity: left,
      product_feature_photo: product.feature_photo,
      color: '',
      size: '',
      variant: {},
      added_at: stamp,
      updated_at: stamp,
    },
  ];
  await page.evaluate((items) => localStorage.setItem('cart_items', JSON.stringify(items)), full);
  await page.reload({ waitUntil: 'networkidle' });
  const held = await holdScripts(page);

  await tap(page, isMobile, page.locator('form.choices .add-button'));
  const refusal = `Only ${left} left in stock`;
  await expect(page.locator('form.choices').getByRole('alert')).toHaveText(refusal);
  expect(JSON.parse((await page.evaluate(() => localStorage.getItem('cart_items'))) ?? '[]')).toEqual(full);
  await expect(page.locator('.site-header [data-cart-count]')).toHaveText(String(left));
  expect(held.asked).toEqual([]);
  held.release();
});

test("a guest's heart on a category page is kept on the phone at the tap, before its island's code", async ({ page, isMobile }) => {
  const categories: { id: number; parent_id: number | null; product_count: number }[] = (await (await page.request.get('/api/categories')).json()).data;
  const category = categories.find((c) => c.parent_id === null && c.product_count > 0)!;
  await page.goto(`/category/${category.id}`, { waitUntil: 'networkidle' });
  const held = await holdScripts(page);
  const id = Number(await page.locator('[data-wishlist-heart]').first().getAttribute('data-wishlist-heart'));
  const heart = page.locator(`[data-wishlist-heart="${id}"]`).first();

  await tap(page, isMobile, heart);
  await expect(heart).toHaveAttribute('aria-pressed', 'true');
  await expect(heart).toHaveAttribute('title', 'Remove from wishlist');
  await expect(page.locator('.site-header [data-wishlist-count]')).toHaveText('1');
  const saved = JSON.parse((await page.evaluate(() => localStorage.getItem('guest_wishlist'))) ?? '[]');
  // The same entry the wishlist store makes (entryFor), so the island that wakes reads it as its own.
  const stamp = expect.stringMatching(/^\d{4}-\d\d-\d\dT/);
  expect(saved).toEqual([
    {
      id: 0,
      user_id: 0,
      product_id: id,
      product_name: expect.any(String),
      product_price: expect.stringMatching(/^\d+(\.\d+)?$/),
      product_sale_price: expect.any(String),
      product_photo: expect.any(String),
      created_at: stamp,
      updated_at: stamp,
    },
  ]);

  // The heart's island wakes after the tap, reads the same list, and a second tap takes the heart off.
  held.release();
  await expect(page.locator(`astro-island:has([data-wishlist-heart="${id}"])`).first()).not.toHaveAttribute('ssr');
  // The heart's file, React's and the two groups it shares with the pages' scripts (`page`, `page-later`;
  // src/integrations/island-chunks.ts): one more than the 3 files Add to cart's drawer needs on a product page, where
  // `page` came with the page.
  expect(held.asked.length, held.asked.join('\n')).toBeLessThanOrEqual(4);
  await expect(heart).toHaveAttribute('aria-pressed', 'true');
  await tap(page, isMobile, heart);
  await expect(heart).toHaveAttribute('aria-pressed', 'false');
  await expect(page.locator('.site-header [data-wishlist-count]')).toBeHidden();
  expect(JSON.parse((await page.evaluate(() => localStorage.getItem('guest_wishlist'))) ?? '[]')).toEqual([]);
});

for (const language of ['lg', 'sw'] as const) {
  test(`on a ${language} category page a heart's first tap asks for the language's texts beside the island's code, not after it`, async ({
    page,
    isMobile,
  }) => {
    const categories: { id: number; parent_id: number | null; product_count: number }[] = (await (await page.request.get('/api/categories')).json()).data;
    const category = categories.find((c) => c.parent_id === null && c.product_count > 0)!;
    await page.goto(`/${language}/category/${category.id}`, { waitUntil: 'networkidle' });
    const held = await holdScripts(page);
    const heart = page.locator('[data-wishlist-heart]').first();

    await tap(page, isMobile, heart);
    await expect(heart).toHaveAttribute('aria-pressed', 'true');
    // Nothing has arrived yet, and the texts are already asked for: they come in the island's round trip.
    await expect.poll(() => held.asked.some((path) => path.startsWith(`/_astro/${language}-browsing.`)), { message: held.asked.join('\n') }).toBe(true);
    expect(held.asked.filter((path) => path.includes('-browsing.'))).toHaveLength(1);
    held.release();
    await expect(page.locator('astro-island:has([data-wishlist-heart])').first()).not.toHaveAttribute('ssr');
    await expect(heart).toHaveAttribute('title', pageTranslator(language).t.browse.heart.remove);
  });
}
