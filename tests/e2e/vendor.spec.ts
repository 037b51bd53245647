/** A vendor runs their shop from the server-rendered dashboard; buyers see the result at once. */
import AxeBuilder from '@axe-core/playwright';
import { expect, failedLoad, test, type Page } from './fixtures';
import sharp from 'sharp';
import { DEMO_ACCOUNTS } from '../../src/server/demo-data/demo-accounts';
import { isPlain, PASSWORD, registerShopper, storeLogin, toast, type Product } from './shoppers';

/** The demo vendor's login as the session cookie, got once per run. */
let vendorSession: { token: string; id: number } | null = null;

async function useDemoVendorSession(page: Page) {
  if (!vendorSession) {
    const reply = await page.request.post('/api/users/login', { data: { username: DEMO_ACCOUNTS.vendor.email, password: DEMO_ACCOUNTS.vendor.password } });
    expect(reply.status()).toBe(200);
    const { token, id } = (await reply.json()).data;
    vendorSession = { token, id };
  }
  await page.context().addCookies([{ name: 'duuka_session', value: vendorSession.token, url: test.info().project.use.baseURL ?? process.env.E2E_BASE_URL! }]);
  return vendorSession;
}

async function logInAsDemoVendor(page: Page) {
  await page.goto('/vendor-dashboard');
  await expect(page).toHaveURL(/\/auth\/login\?redirect=%2Fvendor-dashboard$/);
  await page.getByLabel('Email or phone number').fill(DEMO_ACCOUNTS.vendor.email);
  await page.getByLabel('Password').fill(DEMO_ACCOUNTS.vendor.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/vendor-dashboard$/);
  await expect(page.getByRole('heading', { name: /My products/ })).toBeVisible();
}

const searchBox = (page: Page) => page.getByRole('combobox').filter({ visible: true }).first();

test('a vendor adds a product with a picture and a buyer finds it in search', async ({ page, pageProblems, browser }, testInfo) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const word = `Kabalagala${testInfo.project.name === 'mobile' ? 'm' : 'd'}${Date.now().toString(36)}`;
  const name = `${word} Banana Basket`;
  const picture = await sharp({ create: { width: 900, height: 700, channels: 3, background: '#c58b2b' } })
    .png()
    .toBuffer();

  await logInAsDemoVendor(page);
  await page.getByRole('link', { name: 'Add a product' }).first().click();
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Price (UGX)').fill('35,000');
  await page.getByLabel('Stock (units, including sold)').fill('25');
  await page.getByLabel('Category').selectOption({ label: 'Phone Accessories' });
  await page.getByLabel('Summary (one line)').fill('Hand-woven papyrus basket from Kabalagala');
  await page.getByLabel('Search words (comma-separated)').fill('basket, papyrus, crafts');
  await page.getByLabel('Main picture').setInputFiles({ name: 'basket.png', mimeType: 'image/png', buffer: picture });
  await page.getByRole('button', { name: 'Add product' }).click();

  await expect(page.getByRole('status').filter({ hasText: 'Product created' })).toBeVisible();
  await expect(page.getByRole('heading', { name: `Edit ${name}` })).toBeVisible();
  const productPath = await page.getByRole('link', { name: 'View in the store' }).getAttribute('href');
  expect(productPath).toMatch(/^\/product\/\d+$/);

  // A buyer in another browser finds it by a word of its name, at once.
  const buyerBrowser = await browser.newContext();
  await pageProblems.watch(buyerBrowser);
  const buyer = await buyerBrowser.newPage();
  await buyer.goto('/');
  const box = searchBox(buyer);
  await box.click();
  await box.pressSequentially(word.toLowerCase(), { delay: 10 });
  const option = buyer.getByRole('listbox').getByRole('option', { name: new RegExp(name) });
  await expect(option).toBeVisible();
  await option.click();
  await expect(buyer).toHaveURL(new RegExp(`${productPath}(\\?|$)`));
  await expect(buyer.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(buyer.getByText('UGX 35,000').first()).toBeVisible();
  const photo = buyer.locator('.gallery img').first();
  await expect(photo).toBeVisible();
  await expect.poll(() => photo.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
  expect(await photo.getAttribute('src')).toMatch(/product-[0-9a-f-]+\.jpg/);
  await buyerBrowser.close();

  // The vendor withdraws it; the buyer's product page is gone.
  await page.getByLabel(`Yes, delete ${name}`).check();
  await page.getByRole('button', { name: 'Delete product' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Product deleted' })).toBeVisible();
  expect((await page.request.get(`/api/products/${productPath!.split('/').pop()}`)).status()).toBe(404);
  expect(errors).toEqual([]);
});

test('a refused picture is explained and nothing is added', { tag: '@any-size' }, async ({ page, pageProblems }) => {
  // The form comes back with the problem and the status 400.
  pageProblems.allow(failedLoad(400, '/vendor-dashboard/products/new'));
  await useDemoVendorSession(page);
  await page.goto('/vendor-dashboard/products/new');
  await page.getByLabel('Name').fill('Not a picture');
  await page.getByLabel('Price (UGX)').fill('1000');
  await page.getByLabel('Stock (units, including sold)').fill('3');
  await page.getByLabel('Category').selectOption({ label: 'Phone Accessories' });
  await page.getByLabel('Main picture').setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('just some text') });
  await page.getByRole('button', { name: 'Add product' }).click();
  await expect(page.getByRole('alert')).toHaveText('feature_photo: must be a JPEG, PNG, WebP or AVIF picture');
  // What was typed is still there to correct.
  await expect(page.getByLabel('Name')).toHaveValue('Not a picture');
  await expect(page.getByLabel('Category')).toHaveValue(/\d+/);
});

test('a vendor moves an order of their product along', { tag: '@any-size' }, async ({ page }) => {
  // A buyer orders one of the demo vendor's products, paying on delivery.
  const { id: vendorId } = await useDemoVendorSession(page);
  const listing = await (await page.request.get(`/api/products?vendor=${vendorId}&in_stock=1&limit=100`)).json();
  const product = (listing.data.data as Product[]).find(isPlain);
  expect(product, 'a plain, in-stock product of the demo vendor').toBeTruthy();
  const buyer = await registerShopper(page, 'vendor-order');
  const manifest = await (await page.request.get('/api/manifest')).json();
  const location = manifest.data.delivery_locations[0];
  const placed = await page.request.post('/api/orders', {
    headers: { Authorization: `Bearer ${buyer.token}` },
    data: {
      items: [{ product_id: product!.id, quantity: 1, price: Number(product!.price_1) }],
      customer_name: 'Aisha Nalwoga',
      customer_phone: '0772 123 456',
      delivery_location_id: location.id,
      delivery_address: 'Plot 5, Ggaba Road, Kansanga',
      payment_gateway: 'cash_on_delivery',
    },
  });
  expect(placed.status()).toBe(201);
  const orderId = (await placed.json()).data.id;

  await useDemoVendorSession(page);
  await page.goto('/vendor-dashboard');
  await page.getByRole('link', { name: 'Orders' }).click();
  const order = page.locator('.seller-orders > li').filter({ has: page.getByRole('heading', { name: `Order #${orderId}` }) });
  await expect(order).toContainText(`1 × ${product!.name}`);
  await expect(order).toContainText('Plot 5, Ggaba Road, Kansanga');
  await order.getByLabel('Move to').selectOption({ label: 'Being prepared' });
  await order.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Order status updated' })).toBeVisible();
  const moved = page.locator('.seller-orders > li').filter({ has: page.getByRole('heading', { name: `Order #${orderId}` }) });
  await expect(moved.locator('.chip')).toHaveText('Being prepared');

  // The buyer sees it on their order.
  const seen = await (await page.request.get(`/api/orders/${orderId}`, { headers: { Authorization: `Bearer ${buyer.token}` } })).json();
  expect(seen.data.status).toBe('processing');
});

test(
  "the edit page of another vendor's product, or of one that does not exist, is the not-found page",
  { tag: '@any-size' },
  async ({ page, pageProblems }) => {
    const { id: vendorId } = await useDemoVendorSession(page);
    const own = await (await page.request.get(`/api/products?vendor=${vendorId}&limit=100`)).json();
    const ownIds = new Set((own.data.data as Product[]).map((product) => product.id));
    const listing = await (await page.request.get('/api/products?limit=100')).json();
    const someoneElses = (listing.data.data as Product[]).find((product) => !ownIds.has(product.id));
    expect(someoneElses, 'a product the demo vendor does not supply').toBeTruthy();
    for (const path of [`/vendor-dashboard/products/${someoneElses!.id}`, '/vendor-dashboard/products/999999999']) {
      pageProblems.allow(failedLoad(404, path));
      const response = await page.goto(path);
      expect(response!.status(), path).toBe(404);
      await expect(page.getByRole('heading', { name: 'Sorry, we could not find that page' })).toBeVisible();
    }
  },
);

test('a new shop phone needs the vendor’s password or a texted code', { tag: '@any-size' }, async ({ page, pageProblems }) => {
  const shopper = await registerShopper(page, 'shop-phone');
  const opened = await page.request.post('/api/vendors', {
    headers: { Authorization: `Bearer ${shopper.token}` },
    data: { business_name: 'Nalwoga Kettles', business_address: 'Plot 8, Kira Road, Kampala', business_phone_number: '0772 640 100' },
  });
  expect(opened.status()).toBe(201);
  await page.context().addCookies([{ name: 'duuka_session', value: shopper.token, url: test.info().project.use.baseURL ?? process.env.E2E_BASE_URL! }]);
  await page.goto('/vendor-dashboard/shop');

  // The session alone cannot move the number the vendor's texts go to.
  pageProblems.allow(failedLoad(403, '/vendor-dashboard/shop'));
  await page.getByLabel('Shop phone').fill('0701 640 200');
  await page.getByRole('button', { name: 'Save shop' }).click();
  await expect(page.getByText(/^This change needs proof that it is you/)).toBeVisible();
  await expect(page.getByLabel('Shop phone')).toHaveValue('0701 640 200');

  // A code goes to the phone on record, the one before the change; what was typed stays.
  await page.getByRole('button', { name: 'Text me a code' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'We texted a code to +25677***0100. It works for 10 minutes.' })).toBeVisible();
  await expect(page.getByLabel('Shop phone')).toHaveValue('0701 640 200');

  await page.getByLabel('Your password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Save shop' }).click();
  await expect(page).toHaveURL(/\/vendor-dashboard\/shop\?notice=shop$/);
  await expect(page.getByLabel('Shop phone')).toHaveValue('0701 640 200');
});

test('a vendor’s new phone on its profile needs its password or a texted code', { tag: '@any-size' }, async ({ page, pageProblems }) => {
  const shopper = await registerShopper(page, 'profile-phone');
  const opened = await page.request.post('/api/vendors', {
    headers: { Authorization: `Bearer ${shopper.token}` },
    data: { business_name: 'Nalwoga Pans', business_address: 'Plot 9, Kira Road, Kampala', business_phone_number: '0772 650 100' },
  });
  expect(opened.status()).toBe(201);
  const vendor = (await (await page.request.post('/api/users/login', { data: { username: shopper.email, password: PASSWORD } })).json()).data;
  await storeLogin(page, vendor);
  await page.goto('/account/profile');

  pageProblems.allow(failedLoad(403, '/api/update-profile'));
  await page.getByLabel('Phone').fill('+256 701 650 200');
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(toast(page, /^This change needs proof that it is you/)).toBeVisible();

  await page.getByRole('button', { name: 'Text me a code' }).click();
  await expect(page.getByText('We texted a code to +25677***0100. It works for 10 minutes.')).toBeVisible();
  await page.getByLabel('Your password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(toast(page, 'Profile updated')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Phone')).toHaveValue('+256 701 650 200');
});

test('the dashboard pages have no detectable accessibility violations', async ({ page }) => {
  await useDemoVendorSession(page);
  await page.goto('/vendor-dashboard');
  const edit = await page.locator('.managed-products a').first().getAttribute('href');
  for (const path of ['/vendor-dashboard', '/vendor-dashboard/products/new', edit!, '/vendor-dashboard/orders', '/vendor-dashboard/shop']) {
    await page.goto(path);
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    expect(
      results.violations.map(
        (v) =>
          `${v.id}: ${v.help} (${v.nodes
            .map((n) => n.target.join(' '))
            .slice(0, 3)
            .join('; ')})`,
      ),
      path,
    ).toEqual([]);
  }
});
