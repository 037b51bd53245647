import { expect, test, type Page } from '@playwright/test';

type Product = Record<string, any>;

async function findProduct(page: Page, accept: (p: Product) => boolean): Promise<Product> {
  const products: Product[] = (await (await page.request.get('/api/products?limit=100&in_stock=1')).json()).data.data;
  const found = products.find((p) => accept(p) && p.stock.total_items - p.stock.items_sold >= 5);
  if (!found) throw new Error('no product for this test');
  return found;
}

const badge = (page: Page) => page.locator('[data-cart-count]').first();
const hydrated = (page: Page) => expect(page.locator('astro-island:not([ssr])').first()).toBeAttached();

test('add to cart asks for a colour, then adds; quantity and badge follow; the cart survives reload and shows in another tab', async ({ page, context }) => {
  const product = await findProduct(page, (p) => p.has_colors === 'Yes' && p.has_sizes === 'No');
  await page.goto(`/product/${product.id}`);
  await hydrated(page);
  const buyBox = page.getByRole('region', { name: 'Price and options' });
  await buyBox.getByRole('button', { name: 'Add to cart' }).click();
  await expect(buyBox.getByRole('alert')).toHaveText('Please select a color');

  const colour = product.colors.split(',')[0];
  await buyBox.getByRole('radio', { name: colour }).check();
  await buyBox.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByText(`${product.name} added to cart`)).toBeVisible();
  await expect(badge(page)).toHaveText('1');

  await buyBox.getByRole('button', { name: 'One more' }).click();
  await expect(buyBox.locator('output')).toHaveText('2');
  await buyBox.getByRole('button', { name: 'Add to cart' }).click();
  await expect(badge(page)).toHaveText('3');

  await page.reload();
  await expect(badge(page)).toHaveText('3');

  const other = await context.newPage();
  await other.goto(`/product/${product.id}`);
  await expect(badge(other)).toHaveText('3');
  await hydrated(other);
  await buyBox.getByRole('radio', { name: colour }).check();
  await hydrated(page);
  await page.getByRole('region', { name: 'Price and options' }).getByRole('button', { name: 'Add to cart' }).click();
  await expect(badge(page)).toHaveText('4');
  await expect(badge(other)).toHaveText('4');
});

test('add to cart asks for a size', async ({ page }) => {
  const product = await findProduct(page, (p) => p.has_sizes === 'Yes');
  await page.goto(`/product/${product.id}`);
  await hydrated(page);
  const buyBox = page.getByRole('region', { name: 'Price and options' });
  if (product.has_colors === 'Yes') await buyBox.getByRole('radio', { name: product.colors.split(',')[0], exact: true }).check();
  await buyBox.getByRole('button', { name: 'Add to cart' }).click();
  await expect(buyBox.getByRole('alert')).toHaveText('Please select a size');
  await buyBox.getByRole('radio', { name: product.sizes.split(',')[0], exact: true }).check();
  await buyBox.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByText(`${product.name} added to cart`)).toBeVisible();
  await expect(badge(page)).toHaveText('1');
});
