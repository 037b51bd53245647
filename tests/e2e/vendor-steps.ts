/** What the end-to-end tests do as vendors and administrators: log in through the API, move an order's part on. */
import { expect, type Page } from '@playwright/test';

/** Logs in through the API; the reply also sets the page's session cookie, as the login form's does. */
export async function apiLogin(page: Page, account: { email: string; password: string }): Promise<{ id: number; token: string } & Record<string, any>> {
  const reply = await page.request.post('/api/users/login', { data: { username: account.email, password: account.password } });
  expect(reply.status()).toBe(200);
  return (await reply.json()).data;
}

/** The handover code a buyer's order shows for its part on the way, read through the API as the buyer (`buyerToken`). */
export async function handoverCodeOf(page: Page, buyerToken: string, orderId: string): Promise<string> {
  const reply = await page.request.get(`/api/orders/${orderId}`, { headers: { Authorization: `Bearer ${buyerToken}` } });
  expect(reply.status()).toBe(200);
  const code = ((await reply.json()).data.parts as { status: string; handover_code: string | null }[]).find((part) => part.status === 'shipped')?.handover_code;
  expect(code).toMatch(/^\d{4}$/);
  return code!;
}

/**
 * The vendor, on its own dashboard orders page at `storeUrl`, takes its part of the order to delivered: with the
 * buyer's handover code when `handoverCode` gives it (once the part is on its way), else without (the buyer is asked).
 */
export async function shipAndDeliver(page: Page, token: string, orderId: string, storeUrl: string, handoverCode?: () => Promise<string>) {
  await page.context().clearCookies();
  await page.context().addCookies([{ name: 'duuka_session', value: token, url: storeUrl }]);
  await page.goto('/vendor-dashboard/orders');
  const order = () => page.locator('.seller-orders > li').filter({ has: page.getByRole('heading', { name: `Order #${orderId}` }) });
  for (const step of ['Being prepared', 'On the way', 'Delivered']) {
    await order().getByLabel('Move to').selectOption({ label: step });
    if (step === 'Delivered' && handoverCode)
      await order()
        .getByLabel("Buyer's handover code")
        .fill(await handoverCode());
    await order().getByRole('button', { name: 'Update' }).click();
    await expect(order().locator('.seller-part .chip')).toHaveText(step);
  }
}
