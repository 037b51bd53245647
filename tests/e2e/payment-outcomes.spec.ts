/**
 * No order left in limbo, in English and in Luganda, on a phone and a desktop: a phone payment declined is
 * switched to pay on delivery and ends on the thank-you page, the order page tells the money and the buyer
 * cancels it; a phone payment approved ends on the same thank-you page as cash on delivery.
 */
import { expect, test, type Page } from './fixtures';
import { network, toCheckout } from './shoppers';

const SHOTS = '/tmp/shots-payments';

const WORDS = {
  en: {
    prefix: '',
    placeOrder: /^Place order/,
    declined: 'The payment was declined on the phone. You have not been charged.',
    payOnDelivery: 'Pay on delivery instead',
    thankYou: (id: string) => `Thank you! Order #${id} is placed`,
    whatNext: 'What happens next',
    estimate: /^Delivery in \d+(–\d+)? days?$/,
    paysOnDelivery: 'Pay on delivery',
    paid: 'Paid',
    toPayRider: 'To pay the rider on delivery',
    placedStatus: 'Order placed',
    cancelOrder: 'Cancel order',
    yesCancel: 'Yes, cancel it',
    cancelled: 'Order cancelled',
    cancelledStatus: 'Status: Cancelled',
    notifications: 'Notifications',
  },
  lg: {
    prefix: '/lg',
    placeOrder: /^Weereza oda/,
    declined: 'Okusasula kugaaniddwa ku ssimu. Tosasudde kintu.',
    payOnDelivery: "Sasula ng'otuusiddwako",
    thankYou: (id: string) => `Weebale! Oda #${id} eweerezeddwa`,
    whatNext: 'Ekiddako',
    estimate: /^Etuuka mu (nnaku \d+–\d+|lunaku 1|nnaku \d+)$/,
    paysOnDelivery: "Sasula ng'otuusiddwako",
    paid: 'Kusasuddwa',
    toPayRider: "Eky'okusasula omuvuzi",
    placedStatus: 'Oda eweerezeddwa',
    cancelOrder: 'Sazaamu oda',
    yesCancel: 'Yee, gisazeemu',
    cancelled: 'Oda esaziddwamu',
    cancelledStatus: 'Embeera: Esaziddwamu',
    notifications: 'Obubaka',
  },
} as const;

const shot = (page: Page, name: string, project: string) => page.screenshot({ path: `${SHOTS}/${name}-${project}.png`, fullPage: true });

/** On the checkout in `language` with a plain product in the cart, the order placed paying from an MTN phone; gives its number. */
async function orderPayingByPhone(page: Page, language: keyof typeof WORDS, label: string): Promise<string> {
  await toCheckout(page, label);
  const checkout = new URL(page.url());
  await page.goto(`${WORDS[language].prefix}${checkout.pathname}${checkout.search}`);
  await page.getByRole('radio', { name: /^MTN Mobile Money/ }).check();
  // A number of its own: the store sends one number at most 3 requests to pay in 10 minutes (ends in 20: 13 is declined).
  await page
    .locator('input[name="payment_phone"]')
    .fill(`0772 ${String(Math.floor(Math.random() * 1e3)).padStart(3, '0')} ${Math.floor(Math.random() * 10)}20`);
  await page.getByRole('button', { name: WORDS[language].placeOrder }).click();
  await expect(page).toHaveURL(new RegExp(`^[^?]*${WORDS[language].prefix}/payment/\\d+$`));
  return page.url().split('/').at(-1)!;
}

// Each goes through the checkout and waits on the fake network's answer: longer than most.
test.describe.configure({ timeout: 90_000 });

for (const language of ['en', 'lg'] as const) {
  const words = WORDS[language];

  test(
    `${language}: a declined phone payment switched to pay on delivery, its money on the order page, then cancelled`,
    { tag: '@any-size' },
    async ({ page }, testInfo) => {
      const project = `${language}-${testInfo.project.name}`;
      await network(page, 'MTN_MOMO', '/__fake/next', { outcome: 'fail', reason: 'APPROVAL_REJECTED', delayMs: 300 });
      const id = await orderPayingByPhone(page, language, `limbo.${project}`);

      await expect(page.getByRole('alert').filter({ hasText: words.declined })).toBeVisible({ timeout: 15_000 });
      await expect(page.getByRole('button', { name: words.cancelOrder })).toBeVisible();
      await shot(page, 'declined', project);

      await page.getByRole('button', { name: words.payOnDelivery }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(words.thankYou(id));
      const next = page.getByRole('region', { name: words.whatNext });
      await expect(next.getByText(words.estimate)).toBeVisible();
      await expect(page.locator('.payment-status')).toHaveText(words.paysOnDelivery);
      await expect(page.getByRole('button', { name: words.payOnDelivery })).toBeHidden();
      await shot(page, 'switched-to-cash', project);

      await page.goto(`${words.prefix}/account/orders/${id}`);
      const total = page.locator('.order-money .cart-total dd');
      await expect(page.locator('.order-money .money-due dt')).toHaveText(words.toPayRider);
      await expect(page.locator('.order-money .money-due dd')).toHaveText((await total.textContent())!);
      await shot(page, 'order-to-pay-rider', project);

      await page.goto(`${words.prefix}/account/orders`);
      await expect(
        page
          .locator('.order-list li')
          .filter({ hasText: `#${id}` })
          .locator('.order-status'),
      ).toHaveText(`${words.placedStatus} · ${words.paysOnDelivery}`);
      await shot(page, 'orders-list', project);

      await page.goto(`${words.prefix}/account/orders/${id}`);
      await page.getByRole('button', { name: words.cancelOrder }).click();
      await shot(page, 'cancel-confirm', project);
      await page.getByRole('button', { name: words.yesCancel }).click();
      await expect(page.getByRole('region', { name: words.notifications }).getByText(words.cancelled)).toBeVisible();
      await expect(page.getByRole('paragraph').filter({ hasText: words.cancelledStatus })).toBeVisible();
      await expect(page.getByRole('button', { name: words.cancelOrder })).toBeHidden();
      await expect(page.locator('.order-money .money-due')).toHaveCount(0);
      await shot(page, 'cancelled', project);
    },
  );

  test(`${language}: a phone payment approved ends on the same thank-you page as paying on delivery`, { tag: '@any-size' }, async ({ page }, testInfo) => {
    const project = `${language}-${testInfo.project.name}`;
    const id = await orderPayingByPhone(page, language, `thanks.${project}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(words.thankYou(id), { timeout: 15_000 });
    const next = page.getByRole('region', { name: words.whatNext });
    await expect(next.getByText(words.estimate)).toBeVisible();
    await expect(page.locator('.payment-status')).toHaveText(words.paid);
    await expect(page.locator('.order-money .money-due')).toHaveCount(0);
    await shot(page, 'thanks-after-momo', project);
  });
}
