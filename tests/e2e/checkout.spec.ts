import { expect, test } from './fixtures';
import { addAddress, inStockProducts, isPlain, logIn, orderAndOpenGateway, registerShopper } from './shoppers';

test('browse → add with a colour → log in at checkout → address → pay on delivery → success → the order in the account', async ({ page }, testInfo) => {
  const { email } = await registerShopper(page, `checkout.${testInfo.project.name}`);
  const product = (await inStockProducts(page)).find((p) => p.has_colors === 'Yes' && p.has_sizes !== 'Yes' && p.stock.total_items - p.stock.items_sold >= 5)!;
  const colour = product.colors.split(',')[0].trim();

  await page.goto(`/product/${product.id}`);
  const buyBox = page.getByRole('region', { name: 'Price and options' });
  await buyBox.getByRole('radio', { name: colour, exact: true }).check();
  await buyBox.getByRole('button', { name: 'Add to cart' }).click();
  const drawer = page.getByRole('dialog', { name: 'Cart' });
  await drawer.getByRole('link', { name: 'Checkout' }).click();

  await expect(page).toHaveURL(/\/auth\/login\?redirect=%2Fcheckout$/);
  await logIn(page, email);
  await expect(page).toHaveURL(/\/delivery-address$/);
  await addAddress(page);

  const summary = page.getByRole('complementary', { name: 'Order summary' });
  const price = `UGX ${Number(product.price_1).toLocaleString('en-US')}`;
  await expect(page.getByText(`1 × ${product.name}`)).toBeVisible();
  await expect(summary.getByText('Delivery fee')).toBeVisible();
  await expect(summary.getByRole('button', { name: `Place order · ${price}` })).toBeVisible();
  const payOnDelivery = page.getByRole('radio', { name: /Pay on Delivery/ });
  await expect(payOnDelivery).not.toBeChecked();
  await expect(page.getByText('Pay when your order is delivered to you')).toBeVisible();
  await summary.getByRole('button', { name: /Place order/ }).click();
  await expect(summary.getByRole('alert')).toHaveText('Choose a payment method');
  await payOnDelivery.check();
  await page.screenshot({ path: testInfo.outputPath(`checkout-${testInfo.project.name}.png`), fullPage: true });
  await summary.getByRole('button', { name: /Place order/ }).click();

  await expect(page).toHaveURL(/\/order-success\?order=\d+$/);
  const orderId = new URL(page.url()).searchParams.get('order');
  await expect(page.getByRole('heading', { name: `Thank you! Order #${orderId} is placed` })).toBeVisible();
  await expect(page.getByText('Pay on delivery', { exact: true })).toBeVisible();
  await expect(page.getByRole('listitem', { name: product.name })).toContainText(colour);
  await expect(page.locator('[data-cart-count]').first()).toBeHidden();

  await page.goto('/account/orders');
  await page.getByRole('link', { name: `Order #${orderId}` }).click();
  await expect(page).toHaveURL(new RegExp(`/account/orders/${orderId}$`));
  await expect(page.getByRole('heading', { name: `Order #${orderId}` })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Timeline' })).toContainText('Order placed');
  await expect(page.getByText('Plot 12, Bukoto Street')).toBeVisible();
});

test("paying with Pesapal: to the gateway's page and back, and the order shows paid", async ({ page }, testInfo) => {
  const { email } = await registerShopper(page, `checkout.pesapal-${testInfo.project.name}`);
  const product = (await inStockProducts(page)).find((p) => isPlain(p) && Number(p.price_1) >= 2000)!;
  await page.goto('/auth/login');
  await logIn(page, email);
  await expect(page).toHaveURL(/\/account$/);

  await page.goto(`/product/${product.id}`);
  // The fake Pesapal's own page, then back to the store's callback page.
  await orderAndOpenGateway(page, /Pesapal/);
  await page.getByRole('button', { name: 'Pay now' }).click();
  await expect(page).toHaveURL(/\/payment\/callback\/\d+\?OrderTrackingId=/);
  await expect(page.getByRole('status').filter({ hasText: 'Payment received' })).toBeVisible();
  await expect(page.getByText('Paid', { exact: true })).toBeVisible();
});
