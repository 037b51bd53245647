import { expect, test } from './fixtures';
import { registerShopper } from './shoppers';

test('the light theme is put back when something changes the theme attributes', async ({ page }) => {
  await page.goto('/');
  await page.evaluate(() => {
    document.documentElement.setAttribute('data-theme', 'dark');
    document.documentElement.classList.add('dark');
  });
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await expect(page.locator('html')).not.toHaveClass(/dark/);
});

test('header links and cart badge come from what the browser stored, before any island', async ({ page }, testInfo) => {
  const { token, ...profile } = await registerShopper(page, `page-state-${testInfo.project.name}`);
  await page.goto('/');
  const badge = page.locator('[data-cart-count]').first();
  await expect(badge).toBeHidden();
  const desktop = (page.viewportSize()?.width ?? 0) >= 960;
  if (desktop) await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();

  // A real login, since the hearts of a logged-in shopper wake by themselves and ask for the wishlist.
  await page.evaluate(
    ([storedToken, storedProfile]) => {
      localStorage.setItem('token', storedToken);
      localStorage.setItem('profile', storedProfile);
      localStorage.setItem(
        'cart_items',
        JSON.stringify([
          { id: '1', product_quantity: 2 },
          { id: '2', product_quantity: 1 },
        ]),
      );
    },
    [token, JSON.stringify(profile)] as const,
  );
  await page.reload();
  await expect(badge).toHaveText('3');
  if (desktop) {
    await expect(page.getByRole('link', { name: 'Account' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Wishlist' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Login' })).toBeHidden();
  }

  await page.evaluate(() => localStorage.setItem('cart_items', '{not json'));
  await page.reload();
  await expect(badge).toBeHidden();
});

test('the search button is disabled while the box is blank', async ({ page }) => {
  await page.goto('/');
  const search = page.getByRole('search').filter({ visible: true }).first();
  const button = search.getByRole('button', { name: 'Search' });
  await expect(button).toBeDisabled();
  await search.getByRole('combobox').fill('   ');
  await expect(button).toBeDisabled();
  await search.getByRole('combobox').fill('tecno');
  await expect(button).toBeEnabled();
});

// The mega menu is the desktop header's; the mobile project leaves out tests tagged @desktop.
test('the categories menu opens from the keyboard @desktop', async ({ page }) => {
  await page.goto('/');
  const panel = page.locator('.mega-panel');
  await expect(panel).toBeHidden();
  await page.locator('.mega > a').focus();
  await expect(panel).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(panel.getByRole('link').first()).toBeFocused();
  await expect(panel).toBeVisible();
});
