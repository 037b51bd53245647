/**
 * A vendor is paid, in the browser: a buyer orders one of its products, the vendor delivers its part and sees the
 * earning on its payouts page (pending, then available once the hold has passed), chooses MTN MoMo, an
 * administrator runs payouts, the vendor sees the payout completed and downloads its statement. And an
 * administrator's new commission rate is on the Sell page at once, in every language.
 *
 * These run on a store of their own whose hold is a few seconds (`PAYOUT_HOLD_DAYS`), so an earning becomes
 * available while the test watches; the suite's shared store keeps the 7 days.
 */
import { readFile } from 'node:fs/promises';
import type { Browser, BrowserContext, TestInfo } from '@playwright/test';
import { expect, test, type Page, type PageProblems } from './fixtures';
import { DEMO_ACCOUNTS } from '../../src/server/demo-data/demo-accounts';
import { startStore, type RunningStore } from '../support/server';
import { freePort } from '../support/free-port';
import { startPaymentFakes, type PaymentFakes } from '../support/payment-fakes';
import { checkoutPayingOnDelivery, isPlain, registerShopper, storeLogin, type Product } from './shoppers';
import { apiLogin, shipAndDeliver } from './vendor-steps';

/** The hold of this store: about six seconds, long enough to see an earning pending, short enough to wait for. */
const HOLD_DAYS = '0.00007';

let store: RunningStore;
let fakes: PaymentFakes;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  const port = await freePort();
  fakes = await startPaymentFakes(`http://127.0.0.1:${port}`, { approveAfterMs: 500, expireAfterMs: 10 * 60_000 });
  store = await startStore({ port, env: { ...fakes.env, PAYOUT_HOLD_DAYS: HOLD_DAYS, SEED_PRODUCTS: '120' } });
});

test.afterAll(async () => {
  await store?.stop();
  await fakes?.stop();
});

/** A browser context on this file's store, sized like the project's, logged in as `account` (token and cookie). */
async function loggedIn(
  browser: Browser,
  testInfo: TestInfo,
  problems: PageProblems,
  account: Record<string, any>,
): Promise<{ context: BrowserContext; page: Page }> {
  const { viewport, isMobile, hasTouch } = testInfo.project.use;
  const context = await browser.newContext({ baseURL: store.baseUrl, viewport, isMobile, hasTouch, serviceWorkers: 'block' });
  await problems.watch(context);
  const page = await context.newPage();
  await storeLogin(page, account);
  await context.addCookies([{ name: 'duuka_session', value: account.token, url: store.baseUrl }]);
  return { context, page };
}

const shot = (page: Page, testInfo: TestInfo, name: string) =>
  page.screenshot({ path: testInfo.outputPath(`${name}-${testInfo.project.name}.png`), fullPage: true });

/** Wide pages must not scroll sideways on a phone. */
async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
}

test('a vendor delivers, sees the earning pending then available, is paid by a payout run and downloads its statement', async ({
  browser,
  pageProblems,
}, testInfo) => {
  test.setTimeout(180_000);
  const vendorLogin = await browser.newContext({ baseURL: store.baseUrl });
  const api = await vendorLogin.newPage();
  const vendor = await apiLogin(api, DEMO_ACCOUNTS.vendor);
  const admin = await apiLogin(api, DEMO_ACCOUNTS.admin);
  const listing = await (await api.request.get(`/api/products?vendor=${vendor.id}&in_stock=1&limit=100`)).json();
  const product = (listing.data.data as Product[]).find((p) => isPlain(p) && p.stock.total_items - p.stock.items_sold >= 2)!;
  expect(product, 'a plain, in-stock product of the demo vendor').toBeTruthy();
  const buyerAccount = await registerShopper(api, `payouts-buyer-${testInfo.project.name}`);
  await vendorLogin.close();

  // The buyer orders it, paying on delivery.
  const buyer = await loggedIn(browser, testInfo, pageProblems, buyerAccount);
  await buyer.page.goto(`/product/${product.id}`);
  await buyer.page.getByRole('region', { name: 'Price and options' }).getByRole('button', { name: 'Add to cart' }).click();
  await expect(buyer.page.getByRole('dialog', { name: 'Cart' })).toContainText(product.name);
  const orderId = await checkoutPayingOnDelivery(buyer.page);
  await buyer.context.close();

  // The vendor delivers its part and finds the earning on its payouts page.
  const seller = await loggedIn(browser, testInfo, pageProblems, vendor);
  await shipAndDeliver(seller.page, vendor.token, orderId, store.baseUrl);
  await seller.page.goto('/vendor-dashboard');
  await seller.page.getByRole('navigation', { name: 'Shop dashboard' }).getByRole('link', { name: 'Payouts' }).click();
  await expect(seller.page).toHaveURL(/\/vendor-dashboard\/payouts$/);
  const earnings = seller.page.getByRole('region', { name: 'Earnings', exact: true });
  const earning = earnings.getByRole('listitem').filter({ hasText: `Order #${orderId}` });
  await expect(earning).toContainText(product.name);
  await expect(earning).toContainText(/Pending until \d+ \w+ \d{4}|Available since/);
  const balance = seller.page.getByRole('region', { name: 'Balance', exact: true });
  await shot(seller.page, testInfo, 'vendor-payouts-pending');

  // After the hold it is available.
  await expect(async () => {
    await seller.page.reload();
    await expect(earning).toContainText('Available since', { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await expect(balance.locator('[data-balance="available"]')).not.toHaveText('UGX 0');

  // Paid to MTN MoMo.
  const method = seller.page.getByRole('form', { name: 'Payout method' });
  await method.getByRole('radio', { name: 'MTN MoMo' }).check();
  await method.getByLabel('MTN MoMo number').fill('0772 555 123');
  await method.getByRole('button', { name: 'Save payout method' }).click();
  await expect(method.getByRole('status')).toContainText('MTN MoMo +256772555123');
  await expectNoSidewaysScroll(seller.page);

  // The administrator runs payouts.
  const office = await loggedIn(browser, testInfo, pageProblems, admin);
  await office.page.goto('/vendor-dashboard/payouts');
  const run = office.page.getByRole('form', { name: 'Run payouts' });
  await run.getByRole('button', { name: 'Run payouts now' }).click();
  await expect(run.getByRole('status')).toContainText(/Run #\d+: [1-9]\d* payouts?, UGX [\d,]+ in all\./);
  const allPayouts = office.page.getByRole('region', { name: 'All payouts' });
  await expect(allPayouts.getByRole('listitem').first()).toBeVisible();
  await expectNoSidewaysScroll(office.page);
  await shot(office.page, testInfo, 'admin-payouts');

  // The vendor sees it completed, with the network's reference, and nothing left available.
  const payouts = seller.page.getByRole('region', { name: 'Payouts', exact: true });
  await expect(async () => {
    await seller.page.reload();
    await expect(payouts.getByRole('listitem').first()).toContainText('COMPLETED', { timeout: 1_000 });
  }).toPass({ timeout: 60_000 });
  await expect(payouts.getByRole('listitem').first()).toContainText('MTN MoMo');
  await expect(balance.locator('[data-balance="available"]')).toHaveText('UGX 0');
  await expectNoSidewaysScroll(seller.page);
  await shot(seller.page, testInfo, 'vendor-payouts-paid');

  // The statement of this month: the sale and the payout, and the balances around them.
  const statement = seller.page.getByRole('form', { name: 'Statement' });
  const [download] = await Promise.all([seller.page.waitForEvent('download'), statement.getByRole('button', { name: 'Download statement (CSV)' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^statement-\d{4}-\d{2}-01-to-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile((await download.path())!, 'utf8');
  const rows = csv.trim().split(/\r?\n/);
  expect(rows.some((row) => row.includes('sale') && row.includes(String(orderId)))).toBe(true);
  expect(rows.some((row) => row.includes('payout'))).toBe(true);
  expect(csv.toLowerCase()).toContain('opening');
  expect(csv.toLowerCase()).toContain('closing');
  await seller.context.close();
  await office.context.close();
});

test('the Sell page shows a commission rate an administrator just changed, in every language', async ({ browser, pageProblems }, testInfo) => {
  const login = await browser.newContext({ baseURL: store.baseUrl });
  const admin = await apiLogin(await login.newPage(), DEMO_ACCOUNTS.admin);
  await login.close();
  const office = await loggedIn(browser, testInfo, pageProblems, admin);
  const shopper = office.page;

  await shopper.goto('/sell');
  const fees = shopper.locator('table.commission-rates');
  await expect(fees.getByRole('row', { name: /Everything else/ })).toBeVisible();
  await shot(shopper, testInfo, 'sell');

  const rate = testInfo.project.name === 'mobile' ? '8.25' : '8.75';
  await office.page.goto('/vendor-dashboard/payouts');
  const form = office.page.getByRole('form', { name: 'Set a commission rate' });
  await form.getByLabel('Category').selectOption({ label: 'Everything else' });
  await form.getByLabel('Rate (%)').fill(rate);
  await form.getByRole('button', { name: 'Set rate' }).click();
  await expect(form.getByRole('status')).toContainText(`${rate}% from now on`);
  await expect(office.page.getByRole('region', { name: 'Commission rates' }).getByRole('row', { name: new RegExp(`Everything else ${rate}%`) })).toBeVisible();

  await shopper.goto('/sell');
  await expect(fees.getByRole('row', { name: new RegExp(`Everything else ${rate}%`) })).toBeVisible();
  await expectNoSidewaysScroll(shopper);
  await shopper.goto('/lg/sell');
  await expect(fees.getByRole('row', { name: new RegExp(`Ebirala byonna ${rate}%`) })).toBeVisible();
  await shot(shopper, testInfo, 'sell-lg');
  await shopper.goto('/sw/sell');
  await expect(fees.getByRole('row', { name: new RegExp(`Vinginevyo vyote ${rate}%`) })).toBeVisible();
  await office.context.close();
});
