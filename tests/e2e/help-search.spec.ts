import { expect, test } from './fixtures';

test('the Help page searches the static pages as you type (Pagefind)', { tag: '@any-size' }, async ({ page }) => {
  const pagefind: string[] = [];
  page.on('request', (request) => request.url().includes('/pagefind/') && pagefind.push(request.url()));
  await page.goto('/help');
  const box = page.getByRole('searchbox', { name: /Search help/ });
  await box.click();
  await box.pressSequentially('refund', { delay: 30 });
  const results = page.locator('.help-results');
  // The first search loads Pagefind's WebAssembly and the index, which takes longer than a page's script on a busy machine.
  await expect(results.getByRole('link').first()).toBeVisible({ timeout: 15_000 });
  await expect(results.getByRole('link', { name: /Buyer Protection|FAQ|Terms/ }).first()).toBeVisible();
  await expect(results.locator('mark').first()).toHaveText(/refund/i);
  expect(pagefind.length).toBeGreaterThan(0);
  await results.getByRole('link').first().click();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('words typed while the search is still waking are searched once it wakes', { tag: '@any-size' }, async ({ page }) => {
  await page.goto('/help');
  const island = page.locator('astro-island', { has: page.locator('#help-search') });
  const islandModule = new URL((await island.getAttribute('component-url'))!, page.url()).pathname;
  // A slow phone: the search's own code arrives after the shopper has finished typing.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(`**${islandModule}`, async (route) => {
    await held;
    await route.continue();
  });
  const box = page.getByRole('searchbox', { name: /Search help/ });
  await box.click();
  await box.pressSequentially('refund');
  release();
  await expect(page.locator('.help-results').getByRole('link').first()).toBeVisible({ timeout: 15_000 });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the Help search form asks the server', { tag: '@any-size' }, async ({ page }) => {
    await page.goto('/help');
    const box = page.getByRole('searchbox', { name: /Search help/ });
    await box.fill('mobile money');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/help\?q=mobile\+money/);
    const results = page.locator('.help-results');
    await expect(results.getByRole('link').first()).toBeVisible();

    await page.goto('/help?q=zzqqxxyy');
    await expect(page.locator('.help-results')).toContainText('No help pages mention “zzqqxxyy”');
  });
});
