/**
 * The handover at the door, on a phone: a buyer pays on delivery, the vendor ships, the buyer's order page shows the
 * code for the rider (in English and in Luganda), the vendor marks the part delivered with it and the buyer sees it
 * delivered. And a part marked delivered without the code: the buyer says it never came, the vendor's page says it
 * is disputed, and an administrator finds it on the disputes page and rules on it.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Browser, TestInfo } from '@playwright/test';
import { expect, failedLoad, test, type Page, type PageProblems } from './fixtures';
import { DEMO_ACCOUNTS } from '../../src/server/demo-data/demo-accounts';
import { checkoutPayingOnDelivery, isPlain, registerShopper, storeLogin, toast, type Product } from './shoppers';
import { apiLogin } from './vendor-steps';

const storeUrl = () => process.env.E2E_BASE_URL!;

type Account = { id: number; token: string } & Record<string, any>;

/** A browser context sized like the project's: a shopper logged in as the app does, staff by the dashboard's cookie. */
async function openAs(browser: Browser, problems: PageProblems, account: Account, as: 'shopper' | 'staff'): Promise<Page> {
  const { viewport, isMobile, hasTouch } = test.info().project.use;
  const context = await browser.newContext({ baseURL: storeUrl(), viewport, isMobile, hasTouch, serviceWorkers: 'block' });
  await problems.watch(context);
  const page = await context.newPage();
  if (as === 'shopper') await storeLogin(page, account);
  else await context.addCookies([{ name: 'duuka_session', value: account.token, url: storeUrl() }]);
  return page;
}

/** The demo vendor and administrator, a new buyer, and a plain product of the vendor with stock for two orders. */
async function people(page: Page, label: string) {
  const vendor = (await apiLogin(page, DEMO_ACCOUNTS.vendor)) as Account;
  const admin = (await apiLogin(page, DEMO_ACCOUNTS.admin)) as Account;
  const listing = await (await page.request.get(`/api/products?vendor=${vendor.id}&in_stock=1&limit=100`)).json();
  const product = (listing.data.data as Product[]).find((p) => isPlain(p) && p.stock.total_items - p.stock.items_sold >= 3)!;
  expect(product, 'a plain, in-stock product of the demo vendor').toBeTruthy();
  const shopName = (await (await page.request.get(`/api/vendors/${vendor.id}`)).json()).data.business_name as string;
  const buyer = (await registerShopper(page, label)) as unknown as Account;
  return { vendor, admin, buyer, product, shopName };
}

/** The buyer puts `product` in the cart and orders it to pay on delivery; gives the order's number. */
async function orderPayingOnDelivery(buyer: Page, product: Product): Promise<string> {
  await buyer.goto(`/product/${product.id}`);
  await buyer.getByRole('region', { name: 'Price and options' }).getByRole('button', { name: 'Add to cart' }).click();
  await expect(buyer.getByRole('dialog', { name: 'Cart' })).toContainText(product.name);
  return checkoutPayingOnDelivery(buyer);
}

/** The order's block on the vendor's orders page. */
const sellerOrder = (vendor: Page, orderId: string) =>
  vendor.locator('.seller-orders > li').filter({ has: vendor.getByRole('heading', { name: `Order #${orderId}` }) });

/** The vendor moves its part of the order to `step` on its orders page, with the buyer's handover code when given. */
async function movePart(vendor: Page, orderId: string, step: string, handoverCode?: string) {
  const order = sellerOrder(vendor, orderId);
  await order.getByLabel('Move to').selectOption({ label: step });
  if (handoverCode !== undefined) await order.getByLabel("Buyer's handover code").fill(handoverCode);
  await order.getByRole('button', { name: 'Update' }).click();
  await expect(vendor.getByRole('status').filter({ hasText: 'Order status updated' })).toBeVisible();
  await expect(sellerOrder(vendor, orderId).locator('.seller-part .chip')).toHaveText(step);
}

async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
}

async function expectNoAxeViolations(page: Page, label: string) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join('; ')})`),
    label,
  ).toEqual([]);
}

const shot = (page: Page, testInfo: TestInfo, name: string) =>
  page.screenshot({ path: testInfo.outputPath(`${name}-${testInfo.project.name}.png`), fullPage: true });

test(
  "the buyer's order page shows the rider's code; the vendor marks the part delivered with it",
  { tag: '@any-size' },
  async ({ browser, page, pageProblems }, testInfo) => {
    test.setTimeout(120_000);
    const who = await people(page, `handover-${testInfo.project.name}`);
    const buyer = await openAs(browser, pageProblems, who.buyer, 'shopper');
    const orderId = await orderPayingOnDelivery(buyer, who.product);

    const vendor = await openAs(browser, pageProblems, who.vendor, 'staff');
    await vendor.goto('/vendor-dashboard/orders');
    // Nothing to hand over yet: the code field is offered only once the part may become delivered.
    await expect(sellerOrder(vendor, orderId).getByLabel("Buyer's handover code")).toHaveCount(0);
    await movePart(vendor, orderId, 'Being prepared');
    await movePart(vendor, orderId, 'On the way');
    const codeField = sellerOrder(vendor, orderId).getByLabel("Buyer's handover code");
    await expect(codeField).toHaveAttribute('inputmode', 'numeric');
    await expect(sellerOrder(vendor, orderId)).toContainText('Without it, the buyer is asked to confirm the delivery.');
    await expectNoSidewaysScroll(vendor);
    await expectNoAxeViolations(vendor, 'the orders page asking for the code');

    await buyer.goto(`/account/orders/${orderId}`);
    const part = buyer.getByRole('region', { name: `From ${who.shopName}` });
    await expect(part.locator('.part-status')).toHaveText('On the way');
    await expect(part).toContainText(/Give this code to the rider: \d{4}/);
    const code = (await part.locator('.handover-code').textContent())!;
    expect(code).toMatch(/^\d{4}$/);
    await expectNoSidewaysScroll(buyer);
    await expectNoAxeViolations(buyer, "the buyer's order page with the code");
    await shot(buyer, testInfo, 'handover-code');
    // In Luganda too, with no English around it.
    await buyer.goto(`/lg/account/orders/${orderId}`);
    await expect(buyer.getByRole('region', { name: `Okuva ewa ${who.shopName}` })).toContainText(`Wa omuvuzi ennamba eno: ${code}`);
    await expect(buyer.locator('main')).not.toContainText('Give this code');

    // The vendor types a wrong code first: refused (the page comes back with a 400), the part stays on its way.
    pageProblems.allow(failedLoad(400, '/vendor-dashboard/orders'));
    await codeField.fill(code === '0000' ? '1111' : '0000');
    await sellerOrder(vendor, orderId).getByLabel('Move to').selectOption({ label: 'Delivered' });
    await sellerOrder(vendor, orderId).getByRole('button', { name: 'Update' }).click();
    await expect(vendor.getByText(/that handover code is not right\. .* \(4 tries left\)/)).toBeVisible();
    await expect(sellerOrder(vendor, orderId).locator('.seller-part .chip')).toHaveText('On the way');
    await expect(vendor.getByRole('status').filter({ hasText: 'Order status updated' })).toHaveCount(0);
    await shot(vendor, testInfo, 'vendor-wrong-code');

    await movePart(vendor, orderId, 'Delivered', code);
    await expect(sellerOrder(vendor, orderId)).toContainText("Confirmed by the buyer's code");

    await buyer.goto(`/account/orders/${orderId}`);
    await expect(part.locator('.part-status')).toHaveText('Delivered');
    await expect(part.locator('.handover-code')).toHaveCount(0);
    await expect(part.getByRole('button', { name: 'I did not receive it' })).toHaveCount(0);
    await buyer.context().close();
    await vendor.context().close();
  },
);

test(
  'a part delivered without the code: the buyer says it never came, and an administrator finds it among the disputes',
  { tag: '@any-size' },
  async ({ browser, page, pageProblems }, testInfo) => {
    test.setTimeout(120_000);
    const who = await people(page, `dispute-${testInfo.project.name}`);
    const buyer = await openAs(browser, pageProblems, who.buyer, 'shopper');
    const orderId = await orderPayingOnDelivery(buyer, who.product);

    const vendor = await openAs(browser, pageProblems, who.vendor, 'staff');
    await vendor.goto('/vendor-dashboard/orders');
    for (const step of ['Being prepared', 'On the way', 'Delivered']) await movePart(vendor, orderId, step);
    await expect(sellerOrder(vendor, orderId)).toContainText('Waiting for the buyer to confirm');

    await buyer.goto(`/account/orders/${orderId}`);
    const part = buyer.getByRole('region', { name: `From ${who.shopName}` });
    await expect(part.locator('.part-status')).toHaveText('Delivered');
    const question = part.getByRole('group', { name: 'The seller says this arrived. Did it reach you?' });
    await expect(question.getByRole('button', { name: 'I received it' })).toBeVisible();
    await expectNoSidewaysScroll(buyer);
    await expectNoAxeViolations(buyer, "the buyer's order page asking whether the part came");
    await shot(buyer, testInfo, 'did-it-arrive');
    await question.getByRole('button', { name: 'I did not receive it' }).click();
    await expect(toast(buyer, 'We are sorry. We have told the seller and will look into it')).toBeVisible();
    await expect(part).toContainText('You told us this did not arrive. We are looking into it.');
    await expect(question).toHaveCount(0);

    await vendor.reload();
    await expect(sellerOrder(vendor, orderId)).toContainText('Disputed by the buyer');

    const admin = await openAs(browser, pageProblems, who.admin, 'staff');
    await admin.goto('/vendor-dashboard');
    await admin.getByRole('navigation', { name: 'Shop dashboard' }).getByRole('link', { name: 'Disputes' }).click();
    await expect(admin).toHaveURL(/\/vendor-dashboard\/disputes$/);
    const dispute = admin.getByRole('listitem', { name: `Order #${orderId}, part from ${who.shopName}` });
    await expect(dispute).toContainText('Buyer Brenda Atim');
    await expectNoSidewaysScroll(admin);
    await expectNoAxeViolations(admin, 'the disputes page');
    await shot(admin, testInfo, 'disputes');
    await dispute.getByRole('button', { name: 'Delivered', exact: true }).click();
    await expect(admin.getByRole('status').filter({ hasText: 'Dispute resolved' })).toBeVisible();
    await expect(dispute).toHaveCount(0);

    await buyer.reload();
    await expect(part).not.toContainText('You told us this did not arrive');
    await expect(part.locator('.part-status')).toHaveText('Delivered');
    for (const each of [buyer, vendor, admin]) await each.context().close();
  },
);
