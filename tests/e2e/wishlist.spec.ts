import { expect, failedLoad, test, type Page } from './fixtures';
import { inStockProducts, isPlain, registerShopper, storeLogin, toast, type Product } from './shoppers';

/** An in-stock product with nothing to choose. */
async function plainProduct(page: Page): Promise<Product> {
  const found = (await inStockProducts(page)).find(isPlain);
  if (!found) throw new Error('no plain product');
  return found;
}

const buyBoxHeart = (page: Page) => page.getByRole('region', { name: 'Price and options' }).getByRole('button', { name: 'Wishlist' });

test('a logged-in shopper’s heart saves to their account, and the wishlist moves it to the cart', async ({ page }, testInfo) => {
  const shopper = await registerShopper(page, `wish.${testInfo.project.name}`);
  const product = await plainProduct(page);
  await storeLogin(page, shopper);

  await page.goto(`/product/${product.id}`);
  await expect(buyBoxHeart(page)).toHaveAttribute('aria-pressed', 'false');
  await buyBoxHeart(page).click();
  await expect(buyBoxHeart(page)).toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator('[data-wishlist-count]').first()).toHaveText('1');
  await page.reload();
  await expect(buyBoxHeart(page)).toHaveAttribute('aria-pressed', 'true');

  await page.goto('/account/wishlist');
  const item = page.getByRole('listitem', { name: product.name });
  await expect(item).toContainText(`UGX ${Number(product.price_1).toLocaleString('en-US')}`);
  await page.goto('/wishlist');
  await expect(page.getByText('kept only on this phone')).toHaveCount(0);
  await item.getByRole('button', { name: 'Move to cart' }).click();
  await expect(toast(page, `${product.name} added to cart`)).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Cart' }).getByRole('listitem', { name: product.name })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByText('Your wishlist is empty.', { exact: false })).toBeVisible();
  await expect(page.locator('[data-cart-count]').first()).toHaveText('1');
  await page.reload();
  await expect(page.getByText('Your wishlist is empty.', { exact: false })).toBeVisible();
});

test('without JavaScript the heart opens the login page, which comes back to the product', { tag: '@any-size' }, async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const product = await plainProduct(page);
  await page.goto(`/product/${product.id}`);
  await buyBoxHeart(page).click();
  await expect(page).toHaveURL(new RegExp(`/auth/login\\?redirect=%2Fproduct%2F${product.id}$`));
  await context.close();
});

test('hearts on cards show and change the saved state; a refused change is undone with the spec message, one that gets no answer waits', async ({
  page,
  pageProblems,
}, testInfo) => {
  pageProblems.allow(failedLoad(500, '/api/wishlist_remove'));
  pageProblems.allow(failedLoad('net::ERR_INTERNET_DISCONNECTED', '/api/wishlist_add'));
  const shopper = await registerShopper(page, `wish.cards-${testInfo.project.name}`);
  await storeLogin(page, shopper);
  await page.goto('/products');
  const card = page
    .getByRole('listitem')
    .filter({ has: page.locator('.card') })
    .first();
  const name = (await card.getByRole('heading').textContent())!.trim();
  const heart = card.getByRole('button', { name: 'Wishlist' });

  await heart.click();
  await expect(heart).toHaveAttribute('aria-pressed', 'true');
  const savedNames = async () =>
    ((await (await page.request.get('/api/wishlist_get', { headers: { Authorization: `Bearer ${shopper.token}` } })).json()).data as Product[]).map(
      (entry) => entry.product_name,
    );
  expect(await savedNames()).toEqual([name]);

  // For a logged-in shopper the saved hearts show without a touch (marked in the HTML, no island awake).
  await page.reload();
  await expect(heart).toHaveAttribute('aria-pressed', 'true');

  await page.route('**/api/wishlist_remove', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{"code":0,"message":"Server error"}' }),
  );
  await heart.click();
  await expect(toast(page, 'Failed to remove from wishlist')).toBeVisible();
  await expect(heart).toHaveAttribute('aria-pressed', 'true');
  await page.unroute('**/api/wishlist_remove');
  await heart.click();
  await expect(heart).toHaveAttribute('aria-pressed', 'false');

  // No answer at all (not a refusal): the heart stays saved, marked as waiting, and the next page sends it.
  await page.route('**/api/wishlist_add', (route) => route.abort('internetdisconnected'));
  await heart.click();
  await expect(heart).toHaveAttribute('aria-pressed', 'true');
  await expect(heart).toHaveAttribute('data-waiting', '');
  await expect(heart).toHaveAttribute('title', /waiting to send/);
  await expect(toast(page, 'Failed to add to wishlist')).toHaveCount(0);
  await page.unroute('**/api/wishlist_add');
  await page.reload();
  await expect(heart).toHaveAttribute('aria-pressed', 'true');
  await expect(heart).not.toHaveAttribute('data-waiting');
  await expect.poll(savedNames).toEqual([name]);
});
