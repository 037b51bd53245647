import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';

/** An automated accessibility pass (WCAG 2 A/AA rules, colour contrast included) over each kind of page. */
test('storefront pages have no detectable accessibility violations', async ({ page, request }) => {
  const [product] = (await (await request.get('/api/products?limit=1')).json()).data.data;
  for (const path of ['/', '/products', `/category/${product.category}`, `/product/${product.id}`, `/vendor/${product.supplier}`, '/faq', '/search', '/no-such-page', '/auth/login', '/auth/register', '/auth/forgot-password']) {
    await page.goto(path);
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    const problems = results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join('; ')})`);
    expect(problems, path).toEqual([]);
  }
});
