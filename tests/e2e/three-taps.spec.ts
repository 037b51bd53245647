/**
 * A returning shopper pays from the cart in three taps on a phone, in English, Luganda and Swahili: Checkout in the
 * cart's sticky bar, the network, Place order. The saved address's MTN number is already the number to pay from,
 * written as Ugandans write it and said again beside Place order.
 */
import { expect, test } from './fixtures';
import { inStockProducts, isPlain, newNumber, registerShopper, storeLogin } from './shoppers';
import { pageTranslator } from '../../src/lib/i18n/catalogues';
import type { Language } from '../../src/lib/i18n/languages';

for (const language of ['en', 'lg', 'sw'] as Language[]) {
  test(`${language}: from the cart to a request to pay in three taps @any-size`, async ({ page }) => {
    const { t, fill, money } = pageTranslator(language);
    const prefix = language === 'en' ? '' : `/${language}`;
    const shopper = await registerShopper(page, `taps.${language}`);
    await storeLogin(page, shopper);
    const number = newNumber();
    const location = (await (await page.request.get('/api/manifest')).json()).data.delivery_locations[0];
    const saved = await page.request.post('/api/addresses', {
      headers: { Authorization: `Bearer ${shopper.token}` },
      data: { name: 'Nakato Sarah', phone: number.e164.replace('+256', '0'), delivery_location_id: location.id, address: 'Plot 12, Kira Road' },
    });
    expect(saved.ok()).toBe(true);
    const product = (await inStockProducts(page)).find((p) => isPlain(p) && p.stock.total_items - p.stock.items_sold >= 5)!;
    await page.goto(`${prefix}/product/${product.id}`);
    await page.getByRole('region', { name: t.storefront.product.priceAndOptions }).getByRole('button', { name: t.browse.addToCart.add }).click();
    await expect(page.locator('.site-header [data-cart-count]')).toHaveText('1');
    await page.goto(`${prefix}/cart`);
    const total = money(Number(product.price_1));

    // 1: Checkout, in the bar at the bottom of the cart.
    await page.locator('.place-order-bar').getByRole('link').click();
    await expect(page).toHaveURL(new RegExp(`${prefix}/checkout`));
    // 2: the network; the number is there already, as Ugandans write it.
    await page.getByRole('radio', { name: new RegExp(`^${t.checkout.gateways.mtn_momo.title}`) }).check();
    await expect(page.locator('input[name="payment_phone"]')).toHaveValue(number.local);
    const bar = page.locator('.place-order-bar');
    await expect(bar.locator('.paying-from')).toHaveText(fill(t.checkout.payFrom, { total, phone: number.local }));
    // 3: Place order.
    await bar.getByRole('button', { name: fill(t.checkout.placeOrder, { total }) }).click();
    await expect(page).toHaveURL(new RegExp(`${prefix}/payment/\\d+$`));
  });
}
