/**
 * A vendor is paid, in the browser: a buyer orders one of its products and the vendor delivers its part; on the
 * suite's store (a 7-day hold) the vendor's payouts page shows the earning pending until the hold ends; on a store
 * of this file's own with no hold (`PAYOUT_HOLD_DAYS=0`) it is available at once, the vendor chooses MTN MoMo, an
 * administrator runs payouts, and the vendor sees the payout completed and downloads its statement. And an
 * administrator's new commission rate is on the Sell page at once, in every language.
 */
import { readFile } from 'node:fs/promises';
import type { Browser, BrowserContext, TestInfo } from '@playwright/test';
import { expect, failedLoad, test, type Page, type PageProblems } from './fixtures';
import { DEMO_ACCOUNTS } from '../../src/server/demo-data/demo-accounts';
import { kampalaDate } from '../../src/lib/dates';
import { startStore, type RunningStore } from '../support/server';
import { freePort } from '../support/free-port';
import { startPaymentFakes, type PaymentFakes } from '../support/payment-fakes';
import { checkoutPayingOnDelivery, isPlain, orderAndOpenGateway, registerShopper, storeLogin, type Product } from './shoppers';
import { apiLogin, handoverCodeOf, shipAndDeliver } from './vendor-steps';

const DAY_MS = 24 * 60 * 60 * 1000;
const sharedStore = () => process.env.E2E_BASE_URL!;

/** This file's own store: earnings available at delivery, and no payout day to start a run of its own. */
let store: RunningStore;
let fakes: PaymentFakes;

test.beforeAll(async () => {
  test.setTimeout(300_000);
  const port = await freePort();
  fakes = await startPaymentFakes(`http://127.0.0.1:${port}`, { approveAfterMs: 500, expireAfterMs: 10 * 60_000 });
  store = await startStore({ port, env: { ...fakes.env, PAYOUT_HOLD_DAYS: '0', PAYOUT_DAYS: '', SEED_PRODUCTS: '200' } });
});

test.afterAll(async () => {
  await store?.stop();
  await fakes?.stop();
});

type Account = { id: number; token: string } & Record<string, any>;

/** A browser context on the store at `storeUrl`, sized like the project's, logged in as `account` (token and cookie). */
async function loggedIn(browser: Browser, storeUrl: string, problems: PageProblems, account: Account): Promise<{ context: BrowserContext; page: Page }> {
  const { viewport, isMobile, hasTouch } = test.info().project.use;
  const context = await browser.newContext({ baseURL: storeUrl, viewport, isMobile, hasTouch, serviceWorkers: 'block' });
  await problems.watch(context);
  const page = await context.newPage();
  await storeLogin(page, account);
  await context.addCookies([{ name: 'duuka_session', value: account.token, url: storeUrl }]);
  return { context, page };
}

/** The demo vendor and administrator of the store at `storeUrl`, logged in through the API. */
async function staff(browser: Browser, storeUrl: string): Promise<{ vendor: Account; admin: Account; buyer: Account; product: Product }> {
  const context = await browser.newContext({ baseURL: storeUrl });
  const page = await context.newPage();
  const vendor = (await apiLogin(page, DEMO_ACCOUNTS.vendor)) as Account;
  const admin = (await apiLogin(page, DEMO_ACCOUNTS.admin)) as Account;
  const listing = await (await page.request.get(`/api/products?vendor=${vendor.id}&in_stock=1&limit=100`)).json();
  const product = (listing.data.data as Product[]).find((p) => isPlain(p) && p.stock.total_items - p.stock.items_sold >= 2)!;
  expect(product, 'a plain, in-stock product of the demo vendor').toBeTruthy();
  const buyer = (await registerShopper(page, `payouts-buyer-${test.info().project.name}`)) as unknown as Account;
  await context.close();
  return { vendor, admin, buyer, product };
}

/**
 * A buyer orders `product` and the vendor delivers its part: paid on delivery and marked delivered without the
 * buyer's handover code, or (`paid: 'card'`) paid by card first and handed over with the code. Gives the order's
 * number, the vendor's page and the sale's line among its earnings (a cash sale also has a "Cash collected" line).
 */
async function deliveredSale(
  browser: Browser,
  storeUrl: string,
  problems: PageProblems,
  who: Awaited<ReturnType<typeof staff>>,
  paid: 'cash' | 'card' = 'cash',
) {
  const buyer = await loggedIn(browser, storeUrl, problems, who.buyer);
  await buyer.page.goto(`/product/${who.product.id}`);
  let orderId: string;
  if (paid === 'card') {
    await orderAndOpenGateway(buyer.page, /Card \(Stripe\)/);
    await buyer.page.getByRole('button', { name: 'Pay now' }).click();
    await expect(buyer.page).toHaveURL(/\/payment\/callback\/\d+/);
    await expect(buyer.page.getByRole('status').filter({ hasText: 'Payment received' })).toBeVisible();
    orderId = /\/payment\/callback\/(\d+)/.exec(buyer.page.url())![1]!;
  } else {
    await buyer.page.getByRole('region', { name: 'Price and options' }).getByRole('button', { name: 'Add to cart' }).click();
    await expect(buyer.page.getByRole('dialog', { name: 'Cart' })).toContainText(who.product.name);
    orderId = await checkoutPayingOnDelivery(buyer.page);
  }
  await buyer.context.close();
  const seller = await loggedIn(browser, storeUrl, problems, who.vendor);
  const withCode = paid === 'card' ? () => handoverCodeOf(seller.page, who.buyer.token, orderId) : undefined;
  await shipAndDeliver(seller.page, who.vendor.token, orderId, storeUrl, withCode);
  await seller.page.goto('/vendor-dashboard');
  await seller.page.getByRole('navigation', { name: 'Shop dashboard' }).getByRole('link', { name: 'Payouts' }).click();
  await expect(seller.page).toHaveURL(/\/vendor-dashboard\/payouts$/);
  const lines = seller.page
    .getByRole('region', { name: 'Earnings', exact: true })
    .getByRole('listitem')
    .filter({ hasText: `Order #${orderId} ` });
  const earning = lines.filter({ hasText: /UGX [\d,]+ Sale\b/ });
  await expect(earning).toContainText(who.product.name);
  return { orderId, seller, earning, lines };
}

const shot = (page: Page, testInfo: TestInfo, name: string) =>
  page.screenshot({ path: testInfo.outputPath(`${name}-${testInfo.project.name}.png`), fullPage: true });

/** Nothing on the page scrolls sideways (a phone's 375 px included). */
async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
}

test(
  'a delivered sale is pending on the vendor’s payouts page until the 7-day hold ends',
  { tag: '@any-size' },
  async ({ browser, pageProblems }, testInfo) => {
    test.setTimeout(120_000);
    const who = await staff(browser, sharedStore());
    const { seller, earning, lines } = await deliveredSale(browser, sharedStore(), pageProblems, who);
    await expect(earning).toContainText(`Pending until ${kampalaDate(new Date(Date.now() + 7 * DAY_MS).toISOString())}`);
    // The rider took the cash at the door: the vendor holds it, so the books take it back beside the sale.
    await expect(lines.filter({ hasText: 'Cash collected' })).toContainText(`Pending until ${kampalaDate(new Date(Date.now() + 7 * DAY_MS).toISOString())}`);
    await expect(seller.page.getByRole('region', { name: 'Balance', exact: true }).locator('[data-balance="pending"]')).not.toHaveText('UGX 0');
    await expectNoSidewaysScroll(seller.page);
    await shot(seller.page, testInfo, 'vendor-payouts-pending');
    await seller.context.close();
  },
);

test(
  'with no hold a sale paid by card and handed over with the code is available at once; a payout run pays it to MTN MoMo and the statement shows it',
  { tag: '@any-size' },
  async ({ browser, pageProblems }, testInfo) => {
    test.setTimeout(180_000);
    const who = await staff(browser, store.baseUrl);
    // A cash sale would leave the vendor owing the commission (it holds the cash), and nothing to pay out.
    const { orderId, seller, earning } = await deliveredSale(browser, store.baseUrl, pageProblems, who, 'card');
    await expect(earning).toContainText(`Available since ${kampalaDate(new Date().toISOString())}`);
    const balance = seller.page.getByRole('region', { name: 'Balance', exact: true });
    await expect(balance.locator('[data-balance="available"]')).not.toHaveText('UGX 0');

    // Paid to MTN MoMo.
    const method = seller.page.getByRole('form', { name: 'Payout method' });
    await method.getByRole('radio', { name: 'MTN MoMo' }).check();
    await method.getByLabel('MTN MoMo number').fill('0772 555 123');
    // A stolen session alone moves no money: a new destination needs the vendor's password (or a texted code).
    pageProblems.allow(failedLoad(403, '/api/payouts/method'));
    await method.getByRole('button', { name: 'Save payout method' }).click();
    await expect(method.getByRole('alert')).toHaveText(/^This change needs proof that it is you/);
    await method.getByLabel('Your password').fill(DEMO_ACCOUNTS.vendor.password);
    await method.getByRole('button', { name: 'Save payout method' }).click();
    await expect(method.getByRole('status')).toContainText('MTN MoMo +256772555123');

    // The administrator runs payouts.
    const office = await loggedIn(browser, store.baseUrl, pageProblems, who.admin);
    await office.page.goto('/vendor-dashboard/payouts');
    const run = office.page.getByRole('form', { name: 'Run payouts' });
    await run.getByRole('button', { name: 'Run payouts now' }).click();
    await expect(run.getByRole('status')).toContainText(/Run #\d+: [1-9]\d* payouts?, UGX [\d,]+ in all\./);
    await expect(office.page.getByRole('region', { name: 'All payouts' }).getByRole('listitem').first()).toBeVisible();
    await expectNoSidewaysScroll(office.page);
    await shot(office.page, testInfo, 'admin-payouts');

    // The vendor sees it completed, with the network's reference, and nothing left available.
    const payouts = seller.page.getByRole('region', { name: 'Payouts', exact: true });
    await expect(async () => {
      await seller.page.reload();
      await expect(payouts.getByRole('listitem').first()).toContainText('COMPLETED', { timeout: 1_000 });
    }).toPass({ timeout: 60_000 });
    const payout = payouts.getByRole('listitem').first();
    await expect(payout).toContainText('MTN MoMo');
    await expect(payout).toContainText('Reference ');
    await expect(balance.locator('[data-balance="available"]')).toHaveText('UGX 0');
    await expectNoSidewaysScroll(seller.page);
    await shot(seller.page, testInfo, 'vendor-payouts-paid');

    // This month's statement: the balance before, the sale and the payout, the balance after.
    const statement = seller.page.getByRole('form', { name: 'Statement' });
    const [download] = await Promise.all([seller.page.waitForEvent('download'), statement.getByRole('button', { name: 'Download statement (CSV)' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^statement-\d+-\d{4}-\d{2}-01-to-\d{4}-\d{2}-\d{2}\.csv$/);
    const rows = (await readFile((await download.path())!, 'utf8'))
      .trim()
      .split(/\r?\n/)
      .map((row) => row.split(','));
    expect(rows[0]!.slice(0, 2)).toEqual(['date', 'kind']);
    const net = (row: string[]) => Number(row.at(-4));
    const sale = rows.find((row) => row[1] === 'sale' && row[2] === String(orderId))!;
    const paid = rows.find((row) => row[1] === 'payout')!;
    expect(sale, 'the sale of the order').toBeTruthy();
    expect(paid, 'the payout').toBeTruthy();
    expect(net(sale)).toBeGreaterThan(0);
    expect(net(paid)).toBeLessThan(0);
    const [opening, closing] = [rows[1]!, rows.at(-1)!];
    expect([opening[1], closing[1]]).toEqual(['opening balance', 'closing balance']);
    const lines = rows.slice(2, -1);
    expect(Number(closing.at(-1))).toBe(Number(opening.at(-1)) + lines.reduce((sum, row) => sum + net(row), 0));
    await seller.context.close();
    await office.context.close();
  },
);

test(
  'the Sell page shows a commission rate an administrator just changed, in every language',
  { tag: '@any-size' },
  async ({ browser, pageProblems }, testInfo) => {
    const { admin } = await staff(browser, store.baseUrl);
    const office = await loggedIn(browser, store.baseUrl, pageProblems, admin);
    const { page } = office;
    const fees = page.locator('table.commission-rates');

    await page.goto('/sell');
    await expect(fees.getByRole('row', { name: /^Everything else \d/ })).toBeVisible();

    const rate = testInfo.project.name === 'mobile' ? '8.25' : '8.75';
    await page.goto('/vendor-dashboard/payouts');
    const form = page.getByRole('form', { name: 'Set a commission rate' });
    await form.getByLabel('Category').selectOption({ label: 'Everything else' });
    await form.getByLabel('Rate (%)').fill(rate);
    await form.getByRole('button', { name: 'Set rate' }).click();
    await expect(form.getByRole('status')).toContainText(`Everything else: ${rate}% from now on.`);
    await expect(page.getByRole('region', { name: 'Commission rates' }).getByRole('row', { name: `Everything else ${rate}%` })).toBeVisible();

    for (const [path, everythingElse] of [
      ['/sell', 'Everything else'],
      ['/lg/sell', 'Ebirala byonna'],
      ['/sw/sell', 'Vinginevyo vyote'],
    ]) {
      await page.goto(path!);
      await expect(fees.getByRole('row', { name: `${everythingElse} ${rate}%` })).toBeVisible();
      await expectNoSidewaysScroll(page);
    }
    await page.goto('/sell');
    await shot(page, testInfo, 'sell');
    await office.context.close();
  },
);
