/**
 * A shopper with nothing but a phone number buys, in English and in Luganda: from a product's page into the
 * cart, checkout asks them to log in, they give their number, type the code the store texted (read from its
 * outbox), add where to deliver, and place the order paying on delivery. On a phone, Place order stays on
 * screen at the bottom while the checkout scrolls. Screenshots of each screen go to /tmp/shots-phone/.
 */
import { expect, failedLoad, test, type Page } from './fixtures';
import { pageTranslator } from '../../src/lib/i18n/catalogues';
import type { Language } from '../../src/lib/i18n/languages';
import { inStockProducts, isPlain, newNumber, textedCode } from './shoppers';

const SHOTS = '/tmp/shots-phone';

async function plainProduct(page: Page) {
  const product = (await inStockProducts(page)).find((p) => isPlain(p) && p.stock.total_items - p.stock.items_sold > 5);
  expect(product).toBeTruthy();
  return product!;
}

for (const language of ['en', 'lg'] as const satisfies readonly Language[]) {
  test(
    `a shopper with only a phone number goes from a product to a placed order by a texted code (${language})`,
    { tag: '@any-size' },
    async ({ page, isMobile, pageProblems }, testInfo) => {
      // Six pages from product to order, each hydrating on a phone-sized CPU share: more than the default 30 s when the machine is busy.
      test.setTimeout(90_000);
      const { t, fill, money } = pageTranslator(language);
      const prefix = language === 'en' ? '' : `/${language}`;
      // The mistyped number, refused by the login page with 400.
      pageProblems.allow(failedLoad(400, `${prefix}/auth/login`));
      const shot = (name: string) => page.screenshot({ path: `${SHOTS}/${name}-${language}-${testInfo.project.name}.png`, fullPage: true });
      const { local, e164 } = newNumber();
      const product = await plainProduct(page);

      await page.goto(`${prefix}/product/${product.id}`);
      await page.getByRole('region', { name: t.storefront.product.priceAndOptions }).getByRole('button', { name: t.browse.addToCart.add }).click();
      await page.getByRole('dialog', { name: t.cart.title }).getByRole('link', { name: t.cart.checkout, exact: true }).click();

      // Checkout needs an account: the login page offers the phone first.
      await expect(page).toHaveURL(new RegExp(`${prefix}/auth/login\\?redirect=`));
      const phoneForm = page.getByRole('form', { name: t.auth.phoneFirst });
      await expect(phoneForm).toBeVisible();
      await shot('login');
      await phoneForm.getByLabel(t.auth.phoneNumber, { exact: true }).fill('0414 123');
      await phoneForm.getByRole('button', { name: t.auth.textMeACode }).click();
      await expect(phoneForm.getByRole('alert')).toHaveText(t.auth.phoneInvalid);
      await phoneForm.getByLabel(t.auth.phoneNumber, { exact: true }).fill(local);
      await phoneForm.getByRole('button', { name: t.auth.textMeACode }).click();
      await expect(phoneForm.getByText(fill(t.auth.phoneCodeSent, { phone: local }))).toBeVisible();
      await shot('login-code');
      // The code's field starts empty, not with the number typed a step before.
      await expect(phoneForm.getByLabel(t.auth.code, { exact: true })).toHaveValue('');
      await phoneForm.getByLabel(t.auth.code, { exact: true }).fill(await textedCode(e164));
      // A new number's name is asked here, once.
      await phoneForm.getByLabel(t.auth.yourName, { exact: true }).fill('Namuli Ruth');
      await phoneForm.getByRole('button', { name: t.auth.continueWithCode }).click();

      // A new account has no address: checkout sends it to add one, which starts with the name and number just
      // given, and the first address saved goes straight on to checkout.
      await expect(page).toHaveURL(new RegExp(`${prefix}/delivery-address$`), { timeout: 15_000 });
      await expect(page.getByLabel(t.checkout.fullName, { exact: true })).toHaveValue('Namuli Ruth');
      await expect(page.getByLabel(t.checkout.phone, { exact: true })).toHaveValue(local);
      await page.getByLabel(t.checkout.deliveryArea, { exact: true }).selectOption({ index: 2 });
      await page.getByLabel(t.checkout.addressLine, { exact: true }).fill('Plot 9, Kira Road, next to the school');
      await page.getByRole('button', { name: t.checkout.saveAddress }).click();
      await expect(page).toHaveURL(new RegExp(`${prefix}/checkout\\?address=\\d+$`));

      const place = page.getByRole('button', { name: fill(t.checkout.placeOrder, { total: money(Number(product.price_1)) }) });
      await page.getByRole('radio', { name: t.checkout.gateways.cash_on_delivery.title }).check();
      if (isMobile) {
        // On a phone the bar with Place order sits on the bottom of the screen, at the top of the page as further down.
        await page.evaluate(() => window.scrollTo(0, 0));
        await expect(place).toBeInViewport();
        const box = (await place.boundingBox())!;
        expect(box.y + box.height).toBeGreaterThan(812 - 90);
        await page.screenshot({ path: `${SHOTS}/checkout-screen-${language}-${testInfo.project.name}.png` });
      }
      await shot('checkout');
      await place.click();

      await expect(page).toHaveURL(new RegExp(`${prefix}/order-success\\?order=\\d+$`));
      const orderId = new URL(page.url()).searchParams.get('order')!;
      await expect(page.getByRole('heading', { level: 1, name: fill(t.checkout.thankYou, { id: orderId }) })).toBeVisible();
      await shot('order-success');
    },
  );
}

test('the sign-up and forgotten-password pages offer the phone too (screens)', async ({ page }, testInfo) => {
  for (const language of ['en', 'lg'] as const) {
    const { t } = pageTranslator(language);
    const prefix = language === 'en' ? '' : `/${language}`;
    await page.goto(`${prefix}/auth/register`);
    await expect(page.getByRole('form', { name: t.auth.phoneFirst })).toBeVisible();
    await expect(page.getByRole('heading', { name: t.auth.orSignUpWithPassword })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/register-${language}-${testInfo.project.name}.png`, fullPage: true });
    await page.goto(`${prefix}/auth/forgot-password`);
    await expect(page.getByLabel(t.auth.emailOrPhone, { exact: true })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/forgot-${language}-${testInfo.project.name}.png`, fullPage: true });
  }
});
