/**
 * One voice for an order's money, on a phone, in English, Luganda and Swahili: a paid order cancelled is listed and
 * headed as cancelled, costing nothing, with its money coming back, why, how and by when; an order from two sellers
 * costs the same in the list as on its page, and is spoken of as the sellers'.
 */
import { expect, test, type Page } from './fixtures';
import { DEMO_ACCOUNTS } from '../../src/server/demo-data/demo-accounts';
import { inStockProducts, isPlain, registerShopper, storeLogin, type Product } from './shoppers';
import { apiLogin } from './vendor-steps';
import { pageTranslator } from '../../src/lib/i18n/catalogues';
import type { Language } from '../../src/lib/i18n/languages';

const LANGUAGES: Language[] = ['en', 'lg', 'sw'];
const prefix = (language: Language) => (language === 'en' ? '' : `/${language}`);

async function placeOrder(page: Page, token: string, products: Product[], gateway: string): Promise<Record<string, any>> {
  const location = (await (await page.request.get('/api/manifest')).json()).data.delivery_locations[0];
  const reply = await page.request.post('/api/orders', {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      items: products.map((product) => ({ product_id: product.id, quantity: 1 })),
      customer_name: 'Aisha Nalwoga',
      customer_phone: '0772555088',
      delivery_location_id: location.id,
      delivery_address: 'Plot 9, Ntinda Road',
      payment_gateway: gateway,
    },
  });
  expect(reply.status(), await reply.text()).toBe(201);
  return (await reply.json()).data;
}

for (const language of LANGUAGES) {
  test(`${language}: a paid order cancelled is listed and headed as cancelled, and its money comes back with the reason and the date @any-size`, async ({
    page,
  }) => {
    const { t, fill, money } = pageTranslator(language);
    const buyer = await registerShopper(page, `money.${language}`);
    await storeLogin(page, buyer);
    const admin = await apiLogin(page, DEMO_ACCOUNTS.admin);
    const product = (await inStockProducts(page)).find(isPlain)!;
    const order = await placeOrder(page, buyer.token, [product], 'manual');
    const paid = await page.request.post(`/api/orders/${order.id}/status`, {
      headers: { Authorization: `Bearer ${admin.token}` },
      data: { payment_status: 'COMPLETED' },
    });
    expect(paid.ok()).toBe(true);
    expect((await page.request.post(`/api/orders/${order.id}/cancel`, { headers: { Authorization: `Bearer ${buyer.token}` } })).ok()).toBe(true);

    await page.goto(`${prefix(language)}/account/orders/${order.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(fill(t.checkout.cancelledOrder, { id: order.id }));
    await expect(page.locator('.order-money .cart-total')).toContainText(money(0));
    const refunds = page.getByRole('list', { name: t.checkout.refundedTotal });
    await expect(refunds).toContainText(`${money(order.total)} · ${t.checkout.refundReasons.cancelled}`);
    await expect(refunds).toContainText(t.checkout.refundWays.by_hand);
    await page.screenshot({ path: test.info().outputPath(`cancelled-${language}.png`), fullPage: true });

    await page.goto(`${prefix(language)}/account/orders`);
    const listed = page.getByRole('listitem').filter({ hasText: fill(t.account.orderNumber, { id: order.id }) });
    await expect(listed.locator('strong')).toHaveText(money(0));
    await expect(listed).toContainText(fill(t.checkout.comesBack, { amount: money(order.total) }));
    await expect(listed).toContainText(t.checkout.orderStatuses.cancelled);
  });
}

test('an order from two sellers costs the same in the list as on its page, and its sellers each prepare their part @any-size', async ({ page }) => {
  const buyer = await registerShopper(page, 'money.two');
  await storeLogin(page, buyer);
  const plain = (await inStockProducts(page)).filter(isPlain);
  const first = plain[0]!;
  const second = plain.find((product) => product.supplier !== first.supplier)!;
  const order = await placeOrder(page, buyer.token, [first, second], 'cash_on_delivery');
  expect(order.parts).toHaveLength(2);

  await page.goto(`/order-success?order=${order.id}`);
  await expect(page.getByRole('region', { name: 'What happens next' })).toContainText('Each seller prepares their part of your order and sends it to you.');
  const total = (await page.locator('.order-money .cart-total dd').innerText()).trim();
  await page.goto('/account/orders');
  await expect(
    page
      .getByRole('listitem')
      .filter({ hasText: `Order #${order.id}` })
      .locator('strong'),
  ).toHaveText(total);
});
