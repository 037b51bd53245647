import { expect, test, type Page } from './fixtures';
import { network, toCheckout, toast } from './shoppers';

const placeOrder = (page: Page) => page.getByRole('button', { name: /Place order/ }).click();
const approveStep = (page: Page) => page.getByRole('status').filter({ hasText: 'Approve the payment on your phone' });
/**
 * An MTN number no other test asks (the store sends one number at most 3 requests to pay in 10 minutes), written as
 * people write it; it ends in 20, as the fakes decline numbers ending in 13.
 */
const freshMtnNumber = () => `0772 ${String(Math.floor(Math.random() * 1e3)).padStart(3, '0')} ${Math.floor(Math.random() * 10)}20`;
const payFrom = (page: Page, phone: string) => page.getByLabel('MTN Mobile Money number to pay from').fill(phone);

test('paying with MTN MoMo: the number is the delivery phone, the approval step, then paid', { tag: '@any-size' }, async ({ page }, testInfo) => {
  await toCheckout(page, `momo.${testInfo.project.name}`);
  await page.getByRole('radio', { name: /^MTN Mobile Money/ }).check();
  const number = page.getByLabel('MTN Mobile Money number to pay from');
  await expect(number).toHaveValue('0772 555 010');
  // The number is said again beside Place order, where the shopper's thumb is.
  await expect(page.locator('.place-order-bar .paying-from')).toHaveText(/^Pay UGX [\d,]+ from 0772 555 010$/);
  await page.screenshot({ path: testInfo.outputPath(`checkout-momo-${testInfo.project.name}.png`), fullPage: true });
  const phone = freshMtnNumber();
  await payFrom(page, phone);
  await placeOrder(page);

  await expect(page).toHaveURL(/\/payment\/\d+$/);
  await expect(approveStep(page)).toContainText('We sent a request for UGX');
  await expect(approveStep(page)).toContainText(`to ${phone}. Enter your MTN Mobile Money PIN on the phone to approve it.`);
  await expect(approveStep(page)).toContainText(/[45]:\d\d left/);
  await page.screenshot({ path: testInfo.outputPath(`approve-momo-${testInfo.project.name}.png`), fullPage: true });
  await expect(page.getByText('Paid', { exact: true })).toBeVisible({ timeout: 15_000 });
  await expect(approveStep(page)).toBeHidden();
});

test(
  'paying with Airtel Money: a wrong network is refused, a declined number tried again from another one is paid',
  { tag: '@any-size' },
  async ({ page }, testInfo) => {
    await toCheckout(page, `airtel.${testInfo.project.name}`);
    await page.getByRole('radio', { name: /^Airtel Money/ }).check();
    const number = page.getByLabel('Airtel Money number to pay from');
    await expect(number).toHaveValue('');
    await number.fill('0772 555 010');
    await placeOrder(page);
    await expect(page.getByRole('alert').filter({ hasText: 'That is not an Airtel number' })).toHaveText(
      'That is not an Airtel number: Airtel Money numbers start with 070, 074 or 075',
    );
    // Numbers ending in 13 are declined on the fake Airtel's phone.
    await number.fill('0752 100 013');
    await placeOrder(page);
    await expect(page).toHaveURL(/\/payment\/\d+$/);
    await expect(approveStep(page)).toBeVisible();
    const declined = page.getByRole('alert').filter({ hasText: 'declined' });
    await expect(declined).toBeVisible({ timeout: 15_000 });
    await page.screenshot({ path: testInfo.outputPath(`declined-airtel-${testInfo.project.name}.png`), fullPage: true });

    await page.getByLabel('Mobile Money number to pay from (MTN or Airtel)').fill('0752 100 020');
    await page.getByRole('button', { name: /Send a new request for UGX/ }).click();
    await expect(approveStep(page)).toContainText('to 0752 100 020. Enter your Airtel Money PIN');
    await expect(page.getByText('Paid', { exact: true })).toBeVisible({ timeout: 15_000 });
  },
);

test(
  'the approval step survives a reload, going offline and the store out of reach, and ends paid when the phone approves',
  { tag: '@any-size' },
  async ({ page, context, pageProblems }, testInfo) => {
    pageProblems.allow(/ERR_INTERNET_DISCONNECTED/);
    await toCheckout(page, `momo-reload.${testInfo.project.name}`);
    await network(page, 'MTN_MOMO', '/__fake/next', { outcome: 'pending' });
    await page.getByRole('radio', { name: /^MTN Mobile Money/ }).check();
    await placeOrder(page);
    await expect(approveStep(page)).toBeVisible();
    await page.reload();
    await expect(approveStep(page)).toBeVisible();
    const orderId = page.url().split('/').at(-1);

    // Offline, the page waits with what it knows and asks again once the phone is back online.
    await context.setOffline(true);
    await page.waitForTimeout(4_000);
    await expect(approveStep(page)).toBeVisible();
    await context.setOffline(false);
    // The store out of reach (the network answers, the store does not): the page says so and keeps trying.
    await page.route(`**/api/orders/${orderId}/payment`, (route) => route.abort('internetdisconnected'));
    await expect(page.getByText('The store cannot be reached just now')).toBeVisible({ timeout: 15_000 });
    await expect(approveStep(page)).toBeVisible();
    const request = (await network(page, 'MTN_MOMO', '/__fake/state')).payments.find((p: any) => p.body.externalId.startsWith(`DK-${orderId}-`));
    await network(page, 'MTN_MOMO', '/__fake/decide', { reference: request.reference, outcome: 'success' });
    await page.unroute(`**/api/orders/${orderId}/payment`);
    await expect(page.getByText('Paid', { exact: true })).toBeVisible({ timeout: 15_000 });
    await expect(page.getByText('The store cannot be reached just now')).toBeHidden();
  },
);

test(
  'two tabs sending a new request for the same order send one: the other is told the first still waits',
  { tag: '@any-size' },
  async ({ page, context, pageProblems }, testInfo) => {
    pageProblems.allow(/the server responded with a status of 409 .*\/pay\)$/);
    await toCheckout(page, `momo-tabs.${testInfo.project.name}`);
    await network(page, 'MTN_MOMO', '/__fake/next', { outcome: 'fail', reason: 'NOT_ENOUGH_FUNDS', delayMs: 200 });
    await page.getByRole('radio', { name: /^MTN Mobile Money/ }).check();
    await payFrom(page, freshMtnNumber());
    await placeOrder(page);
    await expect(page.getByRole('alert').filter({ hasText: 'There was not enough money on the account' })).toBeVisible({ timeout: 15_000 });

    const second = await context.newPage();
    await second.goto(page.url());
    await expect(second.getByRole('alert').filter({ hasText: 'There was not enough money on the account' })).toBeVisible();
    await network(page, 'MTN_MOMO', '/__fake/next', { outcome: 'pending' });
    const send = (tab: Page) => tab.getByRole('button', { name: /Send a new request for UGX/ }).click();
    await Promise.all([send(page), send(second)]);

    // One tab's request goes out; the other is told the first still waits, and shows it.
    await expect(async () => {
      const told = await Promise.all([page, second].map((tab) => toast(tab, /still waiting on your phone/).isVisible()));
      expect(told.filter(Boolean)).toHaveLength(1);
    }).toPass({ timeout: 10_000 });
    await expect(approveStep(page)).toBeVisible();
    await expect(approveStep(second)).toBeVisible();
    const orderId = page.url().split('/').at(-1);
    const requests = (await network(page, 'MTN_MOMO', '/__fake/state')).payments.filter((p: any) => p.body.externalId.startsWith(`DK-${orderId}-`));
    expect(requests).toHaveLength(2);
    await network(page, 'MTN_MOMO', '/__fake/decide', { reference: requests[1].reference, outcome: 'success' });
    await expect(page.getByText('Paid', { exact: true })).toBeVisible({ timeout: 15_000 });
    await expect(second.getByText('Paid', { exact: true })).toBeVisible({ timeout: 15_000 });
  },
);
