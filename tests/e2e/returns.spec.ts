/**
 * A return from start to end in the browser: a buyer orders from two vendors, each vendor ships and delivers its
 * part from its dashboard, the buyer sees both parts and asks to return one line with a photo, the vendor
 * accepts, marks the items received and records the refund, and the buyer sees it refunded.
 */
import AxeBuilder from '@axe-core/playwright';
import sharp from 'sharp';
import { expect, test, type Page } from './fixtures';
import { DEMO_ACCOUNTS } from '../../src/server/demo-data/demo-accounts';
import { checkoutPayingOnDelivery, isPlain, registerShopper, storeLogin, type Product } from './shoppers';
import { apiLogin, shipAndDeliver } from './vendor-steps';

const baseUrl = () => test.info().project.use.baseURL ?? process.env.E2E_BASE_URL!;

/** A second vendor, approved, selling one plain product of its own (made through the API). */
async function secondVendor(page: Page, stamp: string): Promise<{ token: string; product: Product; shop: string }> {
  const seller = await registerShopper(page, `returns-seller-${stamp}`);
  const headers = { Authorization: `Bearer ${seller.token}` };
  const shop = `Bwaise Baskets ${stamp}`;
  const applied = await page.request.post('/api/vendors', {
    headers,
    data: { business_name: shop, business_address: 'Plot 7, Bwaise Road, Kampala', business_phone_number: '0772 123 777' },
  });
  expect(applied.status()).toBe(201);
  const admin = await apiLogin(page, DEMO_ACCOUNTS.admin);
  const approved = await page.request.post(`/api/vendors/${seller.id}?_method=PUT`, {
    headers: { Authorization: `Bearer ${admin.token}` },
    multipart: { approved: '1' },
  });
  expect(approved.status()).toBe(200);
  const categories: { id: number; category: string }[] = (await (await page.request.get('/api/categories')).json()).data;
  const picture = await sharp({ create: { width: 600, height: 600, channels: 3, background: '#8a6d3b' } })
    .png()
    .toBuffer();
  const created = await page.request.post('/api/products', {
    headers,
    multipart: {
      name: `Papyrus Mat ${stamp}`,
      price_1: '25000',
      total_items: '10',
      category: String(categories.find((c) => c.category === 'Phone Accessories')?.id ?? categories[0]!.id),
      feature_photo: { name: 'mat.png', mimeType: 'image/png', buffer: picture },
    },
  });
  expect(created.status()).toBe(201);
  return { token: seller.token, product: (await created.json()).data, shop };
}

async function expectNoAxeViolations(page: Page, label: string) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join('; ')})`),
    label,
  ).toEqual([]);
}

test(
  'a buyer returns one line of a two-vendor order with a photo; the vendor accepts, receives it and records the refund',
  { tag: '@any-size' },
  async ({ page }, testInfo) => {
    test.setTimeout(120_000);
    const project = testInfo.project.name;
    const stamp = `${project}${Date.now().toString(36)}`;
    const vendor = await apiLogin(page, DEMO_ACCOUNTS.vendor);
    const listing = await (await page.request.get(`/api/products?vendor=${vendor.id}&in_stock=1&limit=100`)).json();
    const vendorProduct = (listing.data.data as Product[]).find((p) => isPlain(p) && p.stock.total_items - p.stock.items_sold >= 3)!;
    expect(vendorProduct, 'a plain, in-stock product of the demo vendor').toBeTruthy();
    const vendorShop = (await (await page.request.get(`/api/vendors/${vendor.id}`)).json()).data.business_name as string;
    const other = await secondVendor(page, stamp);

    // The buyer puts one product of each vendor in the cart and pays on delivery.
    const buyer = await registerShopper(page, `returns-buyer-${stamp}`);
    await storeLogin(page, buyer);
    for (const product of [vendorProduct, other.product]) {
      await page.goto(`/product/${product.id}`);
      await page.getByRole('region', { name: 'Price and options' }).getByRole('button', { name: 'Add to cart' }).click();
      await expect(page.getByRole('dialog', { name: 'Cart' })).toContainText(product.name);
    }
    const orderId = await checkoutPayingOnDelivery(page);

    // Each vendor ships and delivers its own part.
    const vendorBrowser = await page.context().browser()!.newContext({ baseURL: baseUrl(), viewport: page.viewportSize()! });
    const vendorPage = await vendorBrowser.newPage();
    await shipAndDeliver(vendorPage, vendor.token, orderId, baseUrl());
    await shipAndDeliver(vendorPage, other.token, orderId, baseUrl());

    // The buyer sees both parts delivered, and returns the demo vendor's line with a photo.
    await page.goto(`/account/orders/${orderId}`);
    const ownPart = page.getByRole('region', { name: `From ${vendorShop}` });
    const otherPart = page.getByRole('region', { name: `From ${other.shop}` });
    await expect(ownPart.locator('.part-status')).toHaveText('Delivered');
    await expect(otherPart.locator('.part-status')).toHaveText('Delivered');
    await expect(ownPart).toContainText('You can return items until');
    await ownPart.getByRole('button', { name: 'Return items' }).click();
    const form = ownPart.getByRole('form', { name: `Return items from ${vendorShop}` });
    await form.getByRole('button', { name: 'Send return request' }).click();
    await expect(form.getByRole('alert')).toHaveText('Choose a reason');
    await form.getByLabel('Reason').selectOption({ label: 'Another reason' });
    await expect(form.getByRole('alert')).toHaveCount(0);
    await expect(form.getByLabel('What is wrong?', { exact: true })).toBeVisible();
    await expect(form.getByLabel(new RegExp(`^${vendorProduct.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`))).toHaveValue('1');
    await form.getByLabel('Reason').selectOption({ label: 'Arrived damaged or broken' });
    await form.getByLabel('What is wrong? (optional)').fill('The corner is cracked');
    const crack = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#b33' } })
      .jpeg()
      .toBuffer();
    await form.getByLabel('Photos (up to 3)').setInputFiles({ name: 'crack.jpg', mimeType: 'image/jpeg', buffer: crack });
    await expectNoAxeViolations(page, 'the return form');
    await form.scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath(`return-form-${project}.png`), fullPage: true });
    await form.getByRole('button', { name: 'Send return request' }).click();
    await expect(ownPart.getByRole('status')).toContainText('Return requested');
    const returns = ownPart.getByRole('list', { name: `Returns to ${vendorShop}` });
    await expect(returns.locator('.chip')).toHaveText('Return requested');
    await expect(returns.getByRole('img', { name: 'Photo 1 of 1' })).toBeVisible();
    await expect(otherPart.getByRole('button', { name: 'Return items' })).toBeVisible();

    // The vendor answers on its returns page: accepts, marks received, records the refund.
    await vendorPage.context().clearCookies();
    await vendorPage.context().addCookies([{ name: 'duuka_session', value: vendor.token, url: baseUrl() }]);
    await vendorPage.goto('/vendor-dashboard');
    await vendorPage.getByRole('link', { name: 'Returns' }).click();
    await expect(vendorPage).toHaveURL(/\/vendor-dashboard\/returns$/);
    const theReturn = () => vendorPage.getByRole('listitem').filter({ has: vendorPage.getByRole('heading', { name: new RegExp(`Order #${orderId}$`) }) });
    await expect(theReturn()).toContainText(`1 × ${vendorProduct.name}`);
    await expect(theReturn()).toContainText('Arrived damaged or broken: The corner is cracked');
    const photo = theReturn().getByRole('img', { name: 'Photo 1 of 1' });
    await expect.poll(() => photo.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
    await expect(vendorPage.getByRole('list', { name: 'Returns to act on' })).toContainText(/[1-9]\d* to answer/);
    await expectNoAxeViolations(vendorPage, 'the vendor returns page');
    await vendorPage.screenshot({ path: testInfo.outputPath(`vendor-returns-${project}.png`), fullPage: true });

    await theReturn().getByLabel('Note to the buyer (needed to refuse)').fill('Bring it to our Kikuubo shop, stall 14');
    await theReturn().getByRole('button', { name: 'Accept' }).click();
    await expect(vendorPage.getByRole('status').filter({ hasText: 'Return updated' })).toBeVisible();
    await expect(theReturn().locator('.chip')).toHaveText('Accepted: send the items back');
    await expect(theReturn()).toContainText('Note to the buyer: Bring it to our Kikuubo shop, stall 14');
    await theReturn().getByRole('button', { name: 'Mark received' }).click();
    await expect(theReturn().locator('.chip')).toHaveText('Items received: refund on the way');
    await theReturn().getByLabel('Paid back by').selectOption({ label: 'Mobile money' });
    await theReturn().getByLabel('Note (e.g. transaction ID)').fill('MTN MoMo 81234567');
    await theReturn().getByRole('button', { name: 'Record refund' }).click();
    await expect(theReturn().locator('.chip')).toHaveText('Refunded');
    await expect(theReturn()).toContainText('Paid back: Mobile money · MTN MoMo 81234567');
    await vendorBrowser.close();

    // The buyer sees it refunded, with how.
    await page.reload();
    await expect(returns.locator('.chip')).toHaveText('Refunded');
    await expect(returns).toContainText('Paid back: Mobile money · MTN MoMo 81234567');
    await expect(page.getByRole('list', { name: 'Timeline' })).toContainText('Refunded (return #');
    await expect(ownPart.getByRole('button', { name: 'Return items' })).toHaveCount(0);
    await ownPart.scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath(`return-refunded-${project}.png`), fullPage: true });
  },
);
