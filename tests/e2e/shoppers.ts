/** What the end-to-end tests do as shoppers: register, log in, find products, read toasts. */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';

export type Product = Record<string, any>;
export const PASSWORD = 'Kampala-2026!';

/**
 * A new account through the API. Each registers from an address of its own (the test store trusts
 * X-Forwarded-For), so the per-address registration limit is not what is tested.
 */
export async function registerShopper(page: Page, label: string): Promise<{ email: string; token: string } & Record<string, any>> {
  const email = `${label}.${Date.now()}@example.com`;
  const reply = await page.request.post('/api/users/register', {
    headers: { 'X-Forwarded-For': `10.77.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` },
    data: { username: email, email, password: PASSWORD, first_name: 'Aisha', last_name: 'Nalwoga', name: 'Aisha Nalwoga' },
  });
  expect(reply.ok()).toBe(true);
  return { email, ...(await reply.json()).data };
}

/** Logs in as the app does: the token and profile in localStorage. */
export async function storeLogin(page: Page, shopper: Record<string, any>) {
  const { token, ...profile } = shopper;
  await page.goto('/');
  await page.evaluate(
    ([t, p]) => {
      localStorage.setItem('token', t);
      localStorage.setItem('profile', JSON.stringify(p));
    },
    [token, profile] as const,
  );
}

/** Logs in on the login form the page is showing. */
export async function logIn(page: Page, email: string) {
  await page.getByLabel('Email or phone number').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
}

export async function inStockProducts(page: Page): Promise<Product[]> {
  return (await (await page.request.get('/api/products?limit=100&in_stock=1')).json()).data.data;
}

/** A product with nothing to choose, so it goes to the cart in one step. */
export const isPlain = (p: Product) => p.has_colors !== 'Yes' && p.has_sizes !== 'Yes' && Object.values(p.variants ?? {}).every((v: any) => v.length === 0);

export const toast = (page: Page, text: string | RegExp) => page.getByRole('region', { name: 'Notifications' }).getByText(text);

/** Saves the buyer's first delivery address on the address page before checkout, which then goes straight on to checkout. */
export async function addAddress(page: Page) {
  await page.getByLabel('Full name').fill('Brenda Atim');
  await page.getByLabel('Phone').fill('0772 555 010');
  await page.getByLabel('Delivery area').selectOption({ index: 2 });
  await page.getByLabel('Address (street, building, landmark)').fill('Plot 12, Bukoto Street, opposite the church');
  await page.getByRole('button', { name: 'Save address' }).click();
  await expect(page).toHaveURL(/\/checkout\?address=\d+$/);
}

/**
 * From a plain product's page, as a logged-in shopper: into the cart, a new delivery address, the order
 * placed with an online `gateway`, ending on the gateway's own (fake) page with its Pay now button.
 */
export async function orderAndOpenGateway(page: Page, gateway: RegExp) {
  await page.getByRole('region', { name: 'Price and options' }).getByRole('button', { name: 'Add to cart' }).click();
  await page.getByRole('dialog', { name: 'Cart' }).getByRole('link', { name: 'Checkout' }).click();
  await expect(page).toHaveURL(/\/delivery-address$/);
  await addAddress(page);
  // Card and Pesapal are offered together, under "Card or other".
  await page.getByRole('radio', { name: /^Card or other/ }).check();
  await page.getByRole('radiogroup', { name: 'Card or other' }).getByRole('radio', { name: gateway }).check();
  await page.getByRole('button', { name: /Place order/ }).click();
  await expect(page.getByRole('button', { name: 'Pay now' })).toBeVisible();
}

/** From the cart drawer the page shows, as a logged-in shopper: a new delivery address, then the order placed to pay on delivery. Gives its number. */
export async function checkoutPayingOnDelivery(page: Page): Promise<string> {
  await page.getByRole('dialog', { name: 'Cart' }).getByRole('link', { name: 'Checkout' }).click();
  await expect(page).toHaveURL(/\/delivery-address$/);
  await addAddress(page);
  await page.getByRole('radio', { name: /Pay on Delivery/ }).check();
  await page.getByRole('button', { name: /Place order/ }).click();
  await expect(page).toHaveURL(/\/order-success\?order=\d+$/);
  return new URL(page.url()).searchParams.get('order')!;
}

/** Drives a fake network the way its buyer's phone would: `/__fake/next`, `/__fake/decide`, `/__fake/state`. */
export async function network(page: Page, which: 'MTN_MOMO' | 'AIRTEL', path: string, body?: unknown) {
  const url = new URL(path, process.env[`E2E_${which}_URL`]).href;
  const reply = body === undefined ? await page.request.get(url) : await page.request.post(url, { data: body });
  return reply.json();
}

/** A logged-in shopper with one plain product in the cart, on the checkout page with a saved address (an MTN delivery phone). */
export async function toCheckout(page: Page, label: string) {
  const { email } = await registerShopper(page, label);
  const product = (await inStockProducts(page)).find((p) => isPlain(p) && p.stock.total_items - p.stock.items_sold >= 5)!;
  await page.goto('/auth/login');
  await logIn(page, email);
  await expect(page).toHaveURL(/\/account$/);
  await page.goto(`/product/${product.id}`);
  await page.getByRole('region', { name: 'Price and options' }).getByRole('button', { name: 'Add to cart' }).click();
  await page.getByRole('dialog', { name: 'Cart' }).getByRole('link', { name: 'Checkout' }).click();
  await expect(page).toHaveURL(/\/delivery-address$/);
  await addAddress(page);
  await expect(page).toHaveURL(/\/checkout\?address=\d+$/);
  return product;
}

/** A Ugandan number no other run has used: 0772 and six digits from the time and chance. */
export function newNumber(): { local: string; e164: string } {
  const digits = String((Date.now() + Math.floor(Math.random() * 1_000_000)) % 1_000_000).padStart(6, '0');
  return { local: `0772 ${digits.slice(0, 3)} ${digits.slice(3)}`, e164: `+256772${digits}` };
}

/** The code in the newest text to the number in the store's outbox (files `<time>-sms-<number>.txt`). */
export async function textedCode(e164: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(
      async () => {
        const dir = process.env.E2E_OUTBOX_DIR!;
        const files = (await readdir(dir)).filter((file) => file.includes(`-sms-${e164}`)).sort();
        if (files.length === 0) return false;
        const body = (await readFile(path.join(dir, files.at(-1)!), 'utf8')).split('\n\n')[1] ?? '';
        code = /^(\d{6}) /.exec(body)?.[1];
        return code !== undefined;
      },
      { message: `a code texted to ${e164}`, timeout: 15_000 },
    )
    .toBe(true);
  return code!;
}
