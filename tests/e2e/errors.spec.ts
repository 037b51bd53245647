import { expect, test } from './fixtures';
import { toast } from './shoppers';
import type { Page } from '@playwright/test';

/** The integration status shows error reports and the text log: only to an administrator (the demo one here). */
async function logInAsAdministrator(page: Page) {
  const reply = await page.request.post('/api/users/login', { data: { username: 'admin@duuka.example', password: 'Duuka-Admin-2026' } });
  expect(reply.ok()).toBe(true);
}

test(
  'an island that crashes shows the error screen, its report reaches the store, and Try Again brings it back',
  { tag: '@any-size' },
  async ({ page, pageProblems }) => {
    // React logs the crash, and so does the error screen with its id.
    pageProblems.allow(/^console error: (\[ERR-[0-9A-Z]{8}\] )?Error: Crash requested on \/toast-demo/);
    await page.goto('/toast-demo');
    await page.getByRole('button', { name: 'Crash this island' }).click();

    const screen = page.getByRole('alert').filter({ hasText: 'Oops! Something went wrong' });
    await expect(screen).toBeVisible();
    const errorId = (await screen.locator('code').textContent())!;
    expect(errorId).toMatch(/^ERR-[0-9A-Z]{8}$/);
    await expect(screen.locator('time')).toHaveText(/^\d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2} EAT$/);
    await expect(screen.getByRole('link', { name: 'Go Home' })).toHaveAttribute('href', '/');
    await expect(screen.getByRole('button', { name: 'Reload Page' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'All four' }), 'the rest of the page keeps working').toBeEnabled();

    await screen.getByRole('button', { name: 'Try Again' }).click();
    await expect(page.getByRole('button', { name: 'Crash this island' })).toBeVisible();

    await logInAsAdministrator(page);
    await expect(async () => {
      await page.goto('/integration-status');
      const row = page.getByRole('region', { name: 'Recent errors' }).getByRole('row').filter({ hasText: errorId });
      await expect(row).toContainText('browser');
      await expect(row).toContainText('Crash requested on /toast-demo');
      await expect(row).toContainText('/toast-demo');
    }).toPass({ timeout: 10_000 });
  },
);

test('toasts show at top centre and go by themselves after their time', async ({ page }) => {
  await page.goto('/toast-demo');
  await page.getByRole('button', { name: 'Success (2 s)' }).click();
  const shown = toast(page, 'Tecno Spark 20 added to cart');
  await expect(shown).toBeVisible();
  const box = (await page.getByRole('region', { name: 'Notifications' }).boundingBox())!;
  const width = page.viewportSize()!.width;
  expect(Math.abs(box.x + box.width / 2 - width / 2)).toBeLessThan(2);
  expect(box.y).toBeLessThan(20);
  await expect(shown).toBeHidden({ timeout: 3_000 });

  await page.getByRole('button', { name: 'Error (6 s)' }).click();
  const error = toast(page, 'Failed to submit review');
  await expect(error).toBeVisible();
  await page.waitForTimeout(3_000);
  await expect(error, 'an error stays longer than a success').toBeVisible();
  await page.getByRole('region', { name: 'Notifications' }).getByRole('button', { name: 'Dismiss' }).click();
  await expect(error).toBeHidden();
});

test('the integration status shows the live figures', { tag: '@any-size' }, async ({ page }) => {
  await logInAsAdministrator(page);
  await page.goto('/products');
  await page.goto('/integration-status');
  const database = page.getByRole('region', { name: 'Database' });
  await expect(database.getByRole('row', { name: /Driver/ })).toContainText('pglite');
  await expect(database.getByRole('row', { name: /State/ })).toContainText(/Answering \(\d+(\.\d)? ms for SELECT 1\)/);
  const cache = page.getByRole('region', { name: 'Cache' });
  await expect(cache.getByRole('row', { name: /Hit rate/ })).toContainText(/\d+\.\d% \(\d+ hits, \d+ misses\)/);
  await expect(cache.getByRole('row', { name: /Entries/ })).not.toContainText(/^Entries\s*0$/);
  await expect(cache.getByRole('row', { name: /Version/ })).toContainText('1.0.0');
  await expect(cache.getByRole('row', { name: /Size/ })).toContainText('of 50.00 MB (warning above 40.00 MB)');
  const gateways = page.getByRole('region', { name: 'Payment gateways' });
  for (const name of ['Pesapal', 'Stripe']) await expect(gateways.getByRole('row', { name: new RegExp(name) })).toContainText('Offered at checkout');
  await expect(page.getByRole('region', { name: 'Mail' })).toContainText('mail is written to');
});

test('the performance monitor wakes when the page is idle and reports web vitals when the shopper leaves', { tag: '@any-size' }, async ({ page }) => {
  const countOf = async (kind: string) =>
    Number(new RegExp(`(\\d+) ${kind}`).exec((await page.getByRole('region', { name: 'Recent slow measurements' }).textContent()) ?? '')?.[1] ?? NaN);
  await logInAsAdministrator(page);
  await page.goto('/integration-status');
  const before = await countOf('web-vital');
  expect(before).not.toBeNaN();

  const monitorLoaded = page.waitForRequest((request) => request.url().includes('performance-monitor'));
  await page.goto('/products');
  await monitorLoaded;
  await page.goto('/integration-status');
  await expect(async () => {
    await page.reload();
    expect(await countOf('web-vital')).toBeGreaterThan(before);
  }).toPass({ timeout: 10_000 });
});
