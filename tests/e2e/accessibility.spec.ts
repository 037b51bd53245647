import AxeBuilder from '@axe-core/playwright';
import { expect, failedLoad, test, type Page } from './fixtures';
import { registerShopper, storeLogin } from './shoppers';

async function problemsOn(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations.map(
    (v) =>
      `${v.id}: ${v.help} (${v.nodes
        .map((n) => n.target.join(' '))
        .slice(0, 3)
        .join('; ')})`,
  );
}

/** An automated accessibility pass (WCAG 2 A/AA rules, colour contrast included) over each kind of page. */
test('storefront pages have no detectable accessibility violations', async ({ page, pageProblems, request }) => {
  // Eleven pages, each scanned whole: more than the default 30 s on a busy machine.
  test.setTimeout(90_000);
  pageProblems.allow(failedLoad(404, '/no-such-page'));
  const [product] = (await (await request.get('/api/products?limit=1')).json()).data.data;
  for (const path of [
    '/',
    '/products',
    `/category/${product.category}`,
    `/product/${product.id}`,
    `/vendor/${product.supplier}`,
    '/faq',
    '/search',
    '/no-such-page',
    '/auth/login',
    '/auth/register',
    '/auth/forgot-password',
  ]) {
    await page.goto(path);
    expect(await problemsOn(page), path).toEqual([]);
  }
});

test('the cart drawer and the cart page have no detectable accessibility violations', async ({ page }) => {
  await page.goto('/products');
  await page
    .getByRole('button', { name: /^Add .+ to cart$/ })
    .first()
    .click();
  await expect(page.getByRole('dialog', { name: 'Cart' })).toBeVisible();
  expect(await problemsOn(page), 'cart drawer').toEqual([]);
  await page.goto('/cart');
  await expect(page.getByRole('region', { name: 'Items' })).toBeVisible();
  expect(await problemsOn(page), '/cart').toEqual([]);
});

test("a member's reviews section, with its form and own review, has no detectable accessibility violations", async ({ page }, testInfo) => {
  const [product] = (await (await page.request.get('/api/products?limit=1&sort_by=popularity')).json()).data.data;
  const shopper = await registerShopper(page, `a11y.review.${testInfo.project.name}`);
  await storeLogin(page, shopper);
  await page.goto(`/product/${product.id}#reviews`);
  const form = page.getByRole('form', { name: 'Write a review' });
  await expect(form).toBeVisible();
  expect(await problemsOn(page), 'review form').toEqual([]);

  await form.getByRole('radio', { name: '5 stars, Excellent' }).check();
  await form.getByLabel('Your review').fill('Sturdy and well made.');
  await form.getByRole('button', { name: 'Submit review' }).click();
  const own = page.getByRole('region', { name: 'Your review' });
  await expect(own).toBeVisible();
  expect(await problemsOn(page), 'own review').toEqual([]);
  page.once('dialog', (dialog) => void dialog.accept());
  await own.getByRole('button', { name: 'Delete' }).click();
  await expect(form).toBeVisible();
});
