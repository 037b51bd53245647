import { expect, test, type Page } from './fixtures';

const searchBox = (page: Page) => page.getByRole('combobox').filter({ visible: true }).first();
/** Waits until an island has woken up (Astro drops its `ssr` attribute when it hydrates). */
const hydrated = (page: Page) => expect(page.locator('astro-island:not([ssr])').first()).toBeAttached();
const dropdown = (page: Page) => page.getByRole('listbox', { name: 'Search suggestions' }).filter({ visible: true });

test.beforeEach(async ({ page }) => {
  await page.goto('/');
});

test("pages load only the tiny start-up, the performance monitor and the service worker's registration until the search box is used", async ({ page }) => {
  const scripts: string[] = [];
  const sizes: Promise<number>[] = [];
  page.on('request', (request) => request.resourceType() === 'script' && scripts.push(request.url()));
  page.on(
    'response',
    (response) =>
      response.request().resourceType() === 'script' &&
      sizes.push(
        response.body().then(
          (body) => body.length,
          () => 0,
        ),
      ),
  );
  await page.reload({ waitUntil: 'networkidle' });
  await expect.poll(() => scripts.some((url) => url.includes('performance-monitor')), 'the monitor loads once the page is idle').toBe(true);
  const startUpBytes = (await Promise.all(sizes)).reduce((sum, bytes) => sum + bytes, 0);
  // Decoded bytes (gzip: about 4.6 KB; before-interaction.spec.ts holds the gzip budgets). 9.2 KB with how a
  // Luganda or Swahili page asks for its texts at the first touch.
  expect(startUpBytes, scripts.join('\n')).toBeLessThan(10 * 1024);
  expect(scripts.some((url) => /react|LiveSearch/i.test(url))).toBe(false);
  await searchBox(page).click();
  await expect.poll(() => scripts.some((url) => /LiveSearch/.test(url))).toBe(true);
});

test('typing shows products, suggestions and View all; a product opens its page', async ({ page }) => {
  const box = searchBox(page);
  await box.click();
  await box.pressSequentially('samsng galxy', { delay: 30 });
  const list = dropdown(page);
  await expect(list.getByRole('group', { name: 'Products' }).getByRole('option')).toHaveCount(6);
  await expect(list.getByRole('group', { name: 'Suggestions' }).getByRole('option').first()).toBeVisible();
  await expect(list.getByRole('option', { name: /^View all \d+ results$/ })).toBeVisible();
  const first = list.getByRole('group', { name: 'Products' }).getByRole('option').first();
  await expect(first).toContainText('Samsung Galaxy');
  await expect(first).toContainText(/UGX \d{1,3}(,\d{3})*/);
  const name = (await first.locator('.search-option-name').textContent())!;
  await first.click();
  await expect(page).toHaveURL(/\/product\/\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
});

test('one character is not enough; two are', { tag: '@any-size' }, async ({ page }) => {
  const box = searchBox(page);
  await box.click();
  await box.fill('s');
  await page.waitForTimeout(500);
  await expect(page.getByRole('option').filter({ visible: true })).toHaveCount(0);
  await box.fill('su');
  await expect(dropdown(page).getByRole('option').first()).toBeVisible();
});

test('no results offers Search anyway', { tag: '@any-size' }, async ({ page }) => {
  const box = searchBox(page);
  await box.click();
  await box.pressSequentially('qqzzxxv', { delay: 20 });
  await expect(dropdown(page).getByText('No results found for "qqzzxxv"')).toBeVisible();
  await dropdown(page).getByRole('option', { name: 'Search anyway' }).click();
  await expect(page).toHaveURL(/\/products\?search=qqzzxxv$/);
  await expect(page.getByRole('status')).toHaveText('No products found');
});

test('keyboard: arrows move through the items, Enter opens, Escape closes', async ({ page }) => {
  const box = searchBox(page);
  await box.click();
  await box.pressSequentially('nivea', { delay: 30 });
  const options = dropdown(page).getByRole('option');
  await expect(options.first()).toBeVisible();
  await expect(box).toHaveAttribute('aria-expanded', 'true');

  await box.press('ArrowDown');
  await expect(options.nth(0)).toHaveAttribute('aria-selected', 'true');
  await expect(box).toHaveAttribute('aria-activedescendant', (await options.nth(0).getAttribute('id'))!);
  await box.press('ArrowDown');
  await expect(options.nth(1)).toHaveAttribute('aria-selected', 'true');
  await box.press('ArrowUp');
  await expect(options.nth(0)).toHaveAttribute('aria-selected', 'true');

  await box.press('Escape');
  await expect(dropdown(page)).toHaveCount(0);
  await expect(box).toHaveAttribute('aria-expanded', 'false');

  await box.press('ArrowDown');
  await expect(options.nth(0)).toHaveAttribute('aria-selected', 'true');
  const name = (await options.nth(0).locator('.search-option-name').textContent())!;
  await box.press('Enter');
  await expect(page).toHaveURL(/\/product\/\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
});

test('submitting goes to the results page and is kept in Recent Searches, which can be cleared', async ({ page }) => {
  const box = searchBox(page);
  await box.click();
  await hydrated(page);
  await box.fill('rice cooker');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/products\?search=rice\+cooker$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Results for “rice cooker”');

  await page.goto('/');
  const again = searchBox(page);
  await again.click();
  const recent = dropdown(page).getByRole('group', { name: 'Recent Searches' });
  await expect(recent.getByRole('option', { name: 'rice cooker' })).toBeVisible();
  await recent.getByRole('button', { name: 'Clear' }).click();
  await expect(dropdown(page)).toHaveCount(0);
  await page.reload();
  await searchBox(page).click();
  await page.waitForTimeout(500);
  await expect(page.getByRole('group', { name: 'Recent Searches' })).toHaveCount(0);
});

test('a slow older reply never replaces a newer one', { tag: '@any-size' }, async ({ page }) => {
  await page.route('**/api/live-search?q=tecno*', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  const box = searchBox(page);
  await box.click();
  await box.fill('tecno');
  await page.waitForTimeout(400);
  await box.fill('nivea');
  const options = dropdown(page).getByRole('group', { name: 'Products' }).getByRole('option');
  await expect(options.first()).toContainText('Nivea');
  await page.waitForTimeout(1800);
  await expect(options.first()).toContainText('Nivea');
});

test('text typed before the island wakes up is searched', { tag: '@any-size' }, async ({ page }) => {
  await page.route('**/_astro/**', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 800));
    await route.continue();
  });
  await page.reload();
  const box = searchBox(page);
  await box.click();
  await box.pressSequentially('sugar', { delay: 10 });
  await expect(dropdown(page).getByRole('group', { name: 'Products' }).getByRole('option').first()).toContainText(/sugar/i);
});
