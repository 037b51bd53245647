import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';

async function problemsOn(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join('; ')})`);
}

/** An automated accessibility pass (WCAG 2 A/AA rules, colour contrast included) over each kind of page. */
test('storefront pages have no detectable accessibility violations', async ({ page, request }) => {
  const [product] = (await (await request.get('/api/products?limit=1')).json()).data.data;
  for (const path of ['/', '/products', `/category/${product.category}`, `/product/${product.id}`, `/vendor/${product.supplier}`, '/faq', '/search', '/no-such-page', '/auth/login', '/auth/register', '/auth/forgot-password']) {
    await page.goto(path);
    expect(await problemsOn(page), path).toEqual([]);
  }
});

test('the cart drawer and the cart page have no detectable accessibility violations', async ({ page }) => {
  await page.goto('/products');
  await page.getByRole('button', { name: /^Add .+ to cart$/ }).first().click();
  await expect(page.getByRole('dialog', { name: 'Cart' })).toBeVisible();
  expect(await problemsOn(page), 'cart drawer').toEqual([]);
  await page.goto('/cart');
  await expect(page.getByRole('region', { name: 'Items' })).toBeVisible();
  expect(await problemsOn(page), '/cart').toEqual([]);
});
