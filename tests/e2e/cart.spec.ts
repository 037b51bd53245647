import { expect, failedLoad, test, type Page } from './fixtures';
import { toast } from './shoppers';

type Product = Record<string, any>;

async function findProduct(page: Page, accept: (p: Product) => boolean): Promise<Product> {
  const products: Product[] = (await (await page.request.get('/api/products?limit=100&in_stock=1')).json()).data.data;
  const found = products.find((p) => accept(p) && p.stock.total_items - p.stock.items_sold >= 5);
  if (!found) throw new Error('no product for this test');
  return found;
}

const badge = (page: Page) => page.locator('[data-cart-count]').first();

test('add to cart asks for a colour, then adds; quantity and badge follow; the cart survives reload and shows in another tab', async ({ page, context }) => {
  const product = await findProduct(page, (p) => p.has_colors === 'Yes' && p.has_sizes === 'No' && p.colors.split(',').length > 1);
  await page.goto(`/product/${product.id}`);
  // No waiting for the island: the first tap wakes it and is answered once its code is there.
  const buyBox = page.getByRole('region', { name: 'Price and options' });
  // The button names what is missing, and a tap on it goes to the colours instead of failing.
  await expect(buyBox.getByRole('button', { name: 'Add to cart' })).toHaveCount(0);
  await buyBox.getByRole('button', { name: 'Choose a colour' }).click();
  const colour = product.colors.split(',')[0];
  await expect(buyBox.getByRole('radio', { name: colour, exact: true })).toBeFocused();
  await expect(page.locator('.toast')).toHaveCount(0);
  await expect(badge(page)).toBeHidden();

  await buyBox.getByRole('radio', { name: colour }).check();
  await buyBox.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByText(`${product.name} added to cart`)).toBeVisible();
  await expect(badge(page)).toHaveText('1');
  const drawer = page.getByRole('dialog', { name: 'Cart' });
  await expect(drawer.getByRole('listitem', { name: product.name })).toContainText(colour);
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();

  await buyBox.getByRole('button', { name: 'One more' }).click();
  await expect(buyBox.locator('output')).toHaveText('2');
  await buyBox.getByRole('button', { name: 'Add to cart' }).click();
  await expect(badge(page)).toHaveText('3');
  await expect(drawer.getByRole('listitem', { name: product.name }).locator('output')).toHaveText('3');

  await page.reload();
  await expect(badge(page)).toHaveText('3');

  const other = await context.newPage();
  await other.goto(`/product/${product.id}`);
  await expect(badge(other)).toHaveText('3');
  // The other tab's badge follows with no island awake there.
  await buyBox.getByRole('radio', { name: colour }).check();
  await page.getByRole('region', { name: 'Price and options' }).getByRole('button', { name: 'Add to cart' }).click();
  await expect(badge(page)).toHaveText('4');
  await expect(badge(other)).toHaveText('4');
});

test('add to cart asks for a size', async ({ page }) => {
  const product = await findProduct(page, (p) => p.has_sizes === 'Yes' && p.sizes.split(',').length > 1);
  await page.goto(`/product/${product.id}`);
  const buyBox = page.getByRole('region', { name: 'Price and options' });
  if (product.has_colors === 'Yes') await buyBox.getByRole('radio', { name: product.colors.split(',')[0], exact: true }).check();
  await buyBox.getByRole('button', { name: 'Choose a size' }).click();
  await expect(buyBox.getByRole('radio', { name: product.sizes.split(',')[0], exact: true })).toBeFocused();
  await expect(page.locator('.toast')).toHaveCount(0);
  await buyBox.getByRole('radio', { name: product.sizes.split(',')[0], exact: true }).check();
  await buyBox.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByText(`${product.name} added to cart`)).toBeVisible();
  await expect(badge(page)).toHaveText('1');
});

test('a card adds with one tap and opens the drawer; quantities change in the drawer and on the cart page', async ({ page, isMobile }) => {
  await page.goto('/products');
  const add = page.getByRole('button', { name: /^Add .+ to cart$/ }).first();
  const name = (await add.textContent())!
    .replace(/^Add /, '')
    .replace(/ to cart$/, '')
    .trim();
  // The first touch both wakes the island and adds: nothing is lost to hydration.
  if (isMobile) await add.tap();
  else await add.click();

  const drawer = page.getByRole('dialog', { name: 'Cart' });
  const line = drawer.getByRole('listitem', { name });
  await expect(line).toBeVisible();
  await expect(toast(page, `${name} added to cart`)).toBeVisible();
  await expect(badge(page)).toHaveText('1');
  const unitPrice = (await line.locator('.cart-line-price').textContent())!.replace(' each', '');
  await expect(drawer.getByText('Subtotal (1 item)')).toBeVisible();

  await line.getByRole('button', { name: 'One more' }).click();
  await expect(line.locator('output')).toHaveText('2');
  await expect(toast(page, 'Cart updated').first()).toBeVisible();
  await expect(drawer.getByText('Subtotal (2 items)')).toBeVisible();
  await expect(badge(page)).toHaveText('2');

  await drawer.getByRole('link', { name: 'View cart' }).click();
  await expect(page).toHaveURL(/\/cart$/);
  const cartLine = page.getByRole('region', { name: 'Items' }).getByRole('listitem', { name });
  await expect(cartLine.locator('output')).toHaveText('2');
  const amount = Number(unitPrice.replace(/\D/g, ''));
  const summary = page.getByRole('complementary', { name: 'Order summary' });
  await expect(summary.getByText(`UGX ${(2 * amount).toLocaleString('en-US')}`).first()).toBeVisible();
  await expect(summary.getByText('Delivery fee')).toBeVisible();
  await expect(summary.getByRole('link', { name: 'Checkout' })).toHaveAttribute('href', '/checkout');

  await cartLine.getByRole('button', { name: 'One less' }).click();
  await expect(cartLine.locator('output')).toHaveText('1');
  await cartLine.getByRole('button', { name: 'Remove' }).click();
  await expect(toast(page, 'Item removed from cart')).toBeVisible();
  await expect(page.getByText('Your cart is empty.')).toBeVisible();
  await expect(badge(page)).toBeHidden();
});

test('the cart page checks each line against the store: new price, sold out, gone; clearing asks first', async ({ page, pageProblems }) => {
  // The withdrawn product's line: the page asks for it and is told it is gone.
  pageProblems.allow(failedLoad(404, '/api/products/999999'));
  const products: Product[] = (await (await page.request.get('/api/products?limit=100&in_stock=1')).json()).data.data;
  const plenty = products.find((p) => p.stock.total_items - p.stock.items_sold >= 5)!;
  const scarce = products.find((p) => p.id !== plenty.id && p.stock.total_items - p.stock.items_sold < 100)!;
  const left = scarce.stock.total_items - scarce.stock.items_sold;
  const line = (p: Product, price: number, quantity: number) => ({
    id: `${p.id}|||`,
    product_id: p.id,
    product_name: p.name,
    product_price_1: String(price),
    product_quantity: quantity,
    product_feature_photo: p.feature_photo,
    color: '',
    size: '',
    variant: {},
    added_at: '2026-11-20T10:00:00.000Z',
    updated_at: '2026-11-20T10:00:00.000Z',
  });
  const oldPrice = Number(plenty.price_1) - 1000;
  const stored = [
    line(plenty, oldPrice, 1),
    line(scarce, Number(scarce.price_1), left + 1),
    { ...line(plenty, 5000, 1), id: '999999|||', product_id: 999999, product_name: 'Withdrawn Radio' },
  ];
  await page.goto('/');
  await page.evaluate((items) => localStorage.setItem('cart_items', JSON.stringify(items)), stored);
  await page.goto('/cart');

  const items = page.getByRole('region', { name: 'Items' });
  const format = (n: number) => `UGX ${n.toLocaleString('en-US')}`;
  await expect(items.getByRole('listitem', { name: plenty.name })).toContainText(`Price changed from ${format(oldPrice)} to ${format(Number(plenty.price_1))}`);
  await expect(items.getByRole('listitem', { name: plenty.name })).toContainText(`${format(Number(plenty.price_1))} each`);
  await expect(items.getByRole('listitem', { name: scarce.name })).toContainText(`Only ${left} left in stock`);
  await expect(items.getByRole('listitem', { name: 'Withdrawn Radio' })).toContainText('This product is no longer available');
  const summary = page.getByRole('complementary', { name: 'Order summary' });
  await expect(summary.getByRole('button', { name: 'Checkout' })).toBeDisabled();

  await items.getByRole('listitem', { name: 'Withdrawn Radio' }).getByRole('button', { name: 'Remove' }).click();
  await items.getByRole('listitem', { name: scarce.name }).getByRole('button', { name: 'One less' }).click();
  await expect(summary.getByRole('link', { name: 'Checkout' })).toBeVisible();
  // The new price stays flagged once taken.
  await expect(items.getByRole('listitem', { name: plenty.name })).toContainText('Price changed');

  page.once('dialog', (dialog) => void dialog.dismiss());
  await items.getByRole('button', { name: 'Clear cart' }).click();
  await expect(items.getByRole('listitem')).toHaveCount(2);
  page.once('dialog', (dialog) => void dialog.accept());
  await items.getByRole('button', { name: 'Clear cart' }).click();
  await expect(toast(page, 'Cart cleared')).toBeVisible();
  await expect(page.getByText('Your cart is empty.')).toBeVisible();
});

test('on a phone "Checkout · UGX …" stays at the bottom of the screen with two items in the cart; on a wide screen it sits in the summary', async ({
  page,
  isMobile,
}) => {
  const plain = (p: Product) => p.has_colors !== 'Yes' && p.has_sizes !== 'Yes';
  const products: Product[] = (await (await page.request.get('/api/products?limit=100&in_stock=1')).json()).data.data;
  const two = products.filter((p) => plain(p) && p.stock.total_items - p.stock.items_sold >= 5).slice(0, 2);
  for (const product of two) {
    await page.goto(`/product/${product.id}`);
    await page.getByRole('region', { name: 'Price and options' }).getByRole('button', { name: 'Add to cart' }).click();
    await expect(page.getByText(`${product.name} added to cart`)).toBeVisible();
  }
  await page.goto('/cart');
  const total = await page.getByRole('complementary', { name: 'Order summary' }).locator('.cart-total dd').innerText();
  const checkout = page.getByRole('link', { name: `Checkout · ${total}` });
  await expect(checkout).toBeVisible();
  await expect(checkout).toBeInViewport();
  const box = (await checkout.boundingBox())!;
  const height = page.viewportSize()!.height;
  if (isMobile) expect(box.y + box.height).toBeGreaterThan(height - 100);
  else expect(box.y + box.height).toBeLessThan(height - 100);
});
