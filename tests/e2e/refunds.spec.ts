/** An order paid twice shows up for the administrator, who pays the money back by hand and records it. */
import { expect, test } from './fixtures';
import { DEMO_ACCOUNTS } from '../../src/server/demo-data/demo-accounts';
import { inStockProducts, isPlain, registerShopper, storeLogin } from './shoppers';
import { formatUGX } from '../../src/lib/money';

test('a second Pesapal payment becomes a refund the administrator marks as paid back', { tag: '@any-size' }, async ({ page, browser, pageProblems }) => {
  const buyer = await registerShopper(page, 'Refund');
  await storeLogin(page, buyer);
  const headers = { Authorization: `Bearer ${buyer.token}` };
  const product = (await inStockProducts(page)).find(isPlain)!;
  const location = (await (await page.request.get('/api/manifest')).json()).data.delivery_locations[0];
  const placed = await page.request.post('/api/orders', {
    headers,
    data: {
      items: [{ product_id: product.id, quantity: 1 }],
      customer_name: 'Nansubuga Refund',
      customer_phone: '0772 555 077',
      delivery_location_id: location.id,
      delivery_address: 'Plot 3, Bukoto Street',
      payment_gateway: 'pesapal',
    },
  });
  const order = (await placed.json()).data;
  const again = (await (await page.request.post(`/api/orders/${order.id}/pay`, { headers })).json()).data;

  // The buyer pays on both Pesapal pages (Pesapal cannot close the first one).
  for (const attempt of [order, again]) {
    await page.goto(attempt.payment.redirect_url);
    await page.getByRole('button', { name: 'Pay now' }).click();
    await expect(page).toHaveURL(new RegExp(`/payment/callback/${order.id}`));
    await expect(page.getByRole('status')).toContainText('Payment received');
  }

  // The administrator, in a browser of their own.
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL ?? process.env.E2E_BASE_URL });
  await pageProblems.watch(context);
  const admin = await context.newPage();
  await admin.goto('/vendor-dashboard/refunds');
  await admin.getByLabel('Email or phone number').fill(DEMO_ACCOUNTS.admin.email);
  await admin.getByLabel('Password').fill(DEMO_ACCOUNTS.admin.password);
  await admin.getByRole('button', { name: 'Log in' }).click();
  await expect(admin).toHaveURL(/\/vendor-dashboard\/refunds$/);

  const refund = admin.getByRole('listitem').filter({ hasText: `Order #${order.id} ·` });
  await expect(refund).toContainText(`${formatUGX(order.total)} to Nansubuga Refund, 0772 555 077`);
  await expect(refund).toContainText('Paid twice');
  await refund.getByLabel('Paid back how').fill('MTN MoMo 7731');
  await refund.getByRole('button', { name: 'Mark as paid back' }).click();
  await expect(admin.getByRole('status')).toHaveText('Refund recorded as paid back');
  const done = admin.getByRole('listitem').filter({ hasText: `Order #${order.id} ·` });
  await expect(done).toContainText('MTN MoMo 7731');
  await expect(done.getByRole('button', { name: 'Mark as paid back' })).toHaveCount(0);
  await context.close();

  // The buyer's order page and list say the same: what the order costs, and the second payment paid back, why and when.
  await page.goto(`/account/orders/${order.id}`);
  await expect(page.locator('.order-money .cart-total')).toContainText(formatUGX(order.total));
  const refunds = page.getByRole('list', { name: 'Paid back' });
  await expect(refunds).toContainText(`${formatUGX(order.total)} · Paid more than the order costs`);
  await expect(refunds).toContainText(/Paid back to you on \d{1,2} [A-Z][a-z]{2} \d{4}/);
  await page.goto('/account/orders');
  const listed = page.getByRole('listitem').filter({ hasText: `Order #${order.id}` });
  await expect(listed.locator('strong')).toHaveText(formatUGX(order.total));
  await expect(listed).toContainText(`${formatUGX(order.total)} comes back to you`);
});
