/**
 * Texts to a buyer and a vendor, as the store writes them to its outbox when it has no Africa's Talking keys
 * (the end-to-end store has none): an order placed in the browser, then shipped by the vendor in the dashboard.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test, type Page } from './fixtures';
import { DEMO_ACCOUNTS } from '../../src/server/demo-data/demo-accounts';
import { checkoutPayingOnDelivery, isPlain, logIn, registerShopper, type Product } from './shoppers';

type Sms = { file: string; to: string; body: string };

/** The texts about an order in the store's outbox (files `<time>-sms-<number>.txt`: the number, then the text). */
async function outboxTexts(orderId: string): Promise<Sms[]> {
  const dir = process.env.E2E_OUTBOX_DIR!;
  const files = (await readdir(dir)).filter((file) => /^\d+-sms-\+\d+(-\d+)?\.txt$/.test(file)).sort();
  const texts = await Promise.all(
    files.map(async (file) => {
      const [head, ...rest] = (await readFile(path.join(dir, file), 'utf8')).split('\n\n');
      return { file, to: head!.replace(/^To: /, ''), body: rest.join('\n\n').trimEnd() };
    }),
  );
  return texts.filter((text) => new RegExp(`#${orderId}(?!\\d)`).test(text.body));
}

async function textsWhen(orderId: string, check: (texts: Sms[]) => boolean): Promise<Sms[]> {
  let texts: Sms[] = [];
  await expect
    .poll(async () => check((texts = await outboxTexts(orderId))), { message: `texts about order ${orderId} in the outbox`, timeout: 15_000 })
    .toBe(true);
  return texts;
}

const international = (phone: string) => `+256${phone.replace(/\D/g, '').slice(-9)}`;

async function demoVendor(page: Page): Promise<{ id: number; token: string; number: string }> {
  const reply = await page.request.post('/api/users/login', { data: { username: DEMO_ACCOUNTS.vendor.email, password: DEMO_ACCOUNTS.vendor.password } });
  expect(reply.status()).toBe(200);
  const { id, token } = (await reply.json()).data;
  const shop = (await (await page.request.get(`/api/vendors/${id}`)).json()).data;
  return { id, token, number: international(shop.business_phone_number) };
}

test(
  'a cash-on-delivery order texts the buyer and the vendor, and the vendor shipping it texts the buyer',
  { tag: '@any-size' },
  async ({ page }, testInfo) => {
    const vendor = await demoVendor(page);
    const listing = await (await page.request.get(`/api/products?vendor=${vendor.id}&in_stock=1&limit=100`)).json();
    const product = (listing.data.data as Product[]).find((p) => isPlain(p) && p.stock.total_items - p.stock.items_sold >= 3);
    expect(product, 'a plain, in-stock product of the demo vendor').toBeTruthy();

    // The buyer orders it in the browser and pays on delivery.
    const { email, token: buyerToken } = await registerShopper(page, `sms.${testInfo.project.name}`);
    await page.goto('/auth/login');
    await logIn(page, email);
    await expect(page).toHaveURL(/\/account$/);
    await page.goto(`/product/${product!.id}`);
    await page.getByRole('region', { name: 'Price and options' }).getByRole('button', { name: 'Add to cart' }).click();
    const orderId = await checkoutPayingOnDelivery(page);
    const total = `UGX ${Number(product!.price_1).toLocaleString('en-US')}`;

    const placed = await textsWhen(orderId, (texts) => texts.length === 2);
    const toBuyer = placed.find((text) => text.to === '+256772555010');
    expect(toBuyer?.body).toMatch(
      new RegExp(`^Duuka: Hi Brenda, order #${orderId} is placed\\. Total ${total}, to pay on delivery\\. We will text you when it ships\\.`),
    );
    const toVendor = placed.find((text) => text.to === vendor.number);
    expect(toVendor?.body).toMatch(new RegExp(`^Duuka: New order #${orderId} with 1 of your items: `));
    expect(toVendor?.body).toContain(product!.name.slice(0, 10));
    for (const text of placed) expect(text.body.length).toBeLessThanOrEqual(160);

    // The vendor moves it along in the dashboard.
    await page.context().clearCookies();
    await page.context().addCookies([{ name: 'duuka_session', value: vendor.token, url: testInfo.project.use.baseURL ?? process.env.E2E_BASE_URL! }]);
    await page.goto('/vendor-dashboard/orders');
    const order = () => page.locator('.seller-orders > li').filter({ has: page.getByRole('heading', { name: `Order #${orderId}` }) });
    await order().getByLabel('Move to').selectOption({ label: 'Being prepared' });
    await order().getByRole('button', { name: 'Update' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Order status updated' })).toBeVisible();
    await expect(order().locator('.chip')).toHaveText('Being prepared');
    await order().getByLabel('Move to').selectOption({ label: 'On the way' });
    await order().getByRole('button', { name: 'Update' }).click();
    await expect(order().locator('.chip')).toHaveText('On the way');

    const shipped = await textsWhen(orderId, (texts) => texts.length === 3);
    expect(shipped.map((text) => text.to).toSorted()).toEqual(['+256772555010', '+256772555010', vendor.number].toSorted());
    const newest = shipped.filter((text) => text.to === '+256772555010' && text.file !== toBuyer!.file);
    // The text carries the handover code the buyer's order page shows, for the rider at the door.
    const buyersOrder = await page.request.get(`/api/orders/${orderId}`, { headers: { Authorization: `Bearer ${buyerToken}` } });
    const code = (await buyersOrder.json()).data.parts[0].handover_code;
    expect(code).toMatch(/^\d{4}$/);
    expect(newest.map((text) => text.body)).toEqual([
      `Duuka: Hi Brenda, order #${orderId} is on the way to you. Give the rider code ${code} when it arrives. Please pay on delivery. Questions? Call +256 700 123 456`,
    ]);
    expect(newest[0]!.body.length).toBeLessThanOrEqual(160);
  },
);
