import { expect, failedLoad, test, type Page } from './fixtures';

const isDesktop = (page: Page) => (page.viewportSize()?.width ?? 0) >= 960;

async function screenshot(page: Page, name: string, testInfo: { outputPath: (name: string) => string; project: { name: string } }) {
  await page.screenshot({ path: testInfo.outputPath(`${name}-${testInfo.project.name}.png`), fullPage: true });
}

test('home → categories menu → category → product → vendor', async ({ page }, testInfo) => {
  await page.goto('/');
  await expect(page).toHaveTitle(/Duuka/);
  await expect(page.getByRole('heading', { name: 'Shop by category' })).toBeVisible();
  await expect(
    page
      .getByRole('list', { name: 'Flash Sales' })
      .getByText(/^UGX \d{1,3}(,\d{3})*$/)
      .first(),
  ).toBeVisible();
  await screenshot(page, 'home', testInfo);

  if (isDesktop(page)) {
    const menu = page.locator('.mega');
    await menu.getByRole('link', { name: 'Categories' }).hover();
    const panel = menu.locator('.mega-panel');
    await expect(panel).toBeVisible();
    expect(await panel.locator('section').count()).toBe(3);
    for (const column of await panel.locator('section').all()) expect(await column.locator('li').count()).toBeLessThanOrEqual(6);
    await panel.locator('li a').first().click();
  } else {
    await page.getByLabel('Menu').first().click();
    const drawer = page.getByRole('navigation', { name: 'Menu' });
    await expect(drawer).toBeVisible();
    await drawer
      .getByRole('link')
      .filter({ hasText: /Phones|Fashion|TVs/ })
      .first()
      .click();
  }
  await expect(page).toHaveURL(/\/products\?category=\d+/);
  await expect(page.getByRole('status')).toContainText(/Showing 1–\d+ of \d+ products/);

  const firstCard = page.getByRole('list', { name: 'Products' }).getByRole('article').first();
  const productName = (await firstCard.getByRole('heading').textContent())!.trim();
  await firstCard.getByRole('heading').getByRole('link').click();
  await expect(page).toHaveURL(/\/product\/\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(productName);
  await expect(page.locator('.buy-box .price .now')).toHaveText(/^UGX \d{1,3}(,\d{3})*$/);
  await expect(page.getByRole('heading', { name: 'Specifications' })).toBeVisible();
  await expect(page.locator('#reviews')).toBeVisible();
  // How soon it comes, from the store's delivery places (the demo's nearest: Kampala, in 1–2 days).
  await expect(page.locator('.assurances')).toContainText(/Delivery in 1–2 days in Kampala, up to \d+ days elsewhere in Uganda/);
  await screenshot(page, 'product', testInfo);

  const vendorLink = page.getByRole('complementary', { name: 'Sold by' }).getByRole('link');
  const vendorName = (await vendorLink.textContent())!.trim();
  await vendorLink.click();
  await expect(page).toHaveURL(/\/vendor\/\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(vendorName);
  await expect(page.getByRole('list', { name: 'Products' }).getByRole('article').first()).toBeVisible();
  // The price filters count this vendor's products, not the whole store's. On a phone they open from the button at the top of the list.
  if (!isDesktop(page)) await page.locator('details.filter-sheet > summary').click();
  const vendorTotal = Number((await page.getByRole('status').textContent())!.match(/of ([\d,]+) products/)![1]!.replace(/,/g, ''));
  const rangeCounts = await page.locator('form.facet-form').getByRole('group', { name: 'Price' }).locator('.facet-count').allTextContents();
  expect(rangeCounts.reduce((sum, n) => sum + Number(n), 0)).toBe(vendorTotal);
});

test('price filter, stock filter, sort and pagination change the results', async ({ page, isMobile }) => {
  await page.goto('/products');
  const status = page.getByRole('status');
  const allText = await status.textContent();
  const total = Number(allText!.match(/of ([\d,]+) products/)![1]!.replace(/,/g, ''));
  // On a phone the filters open from the button at the top of the list.
  if (isMobile) await page.locator('details.filter-sheet > summary').click();

  // A price band is a choice of the filter form, applied with the rest of it.
  const form = page.locator('form.facet-form');
  const cheapest = form.locator('label', { has: page.getByRole('radio', { name: /^Under UGX/ }) });
  const limitText = (await cheapest.locator('.facet-name').textContent())!.match(/Under UGX ([\d,]+)/)![1];
  const countText = await cheapest.locator('.facet-count').textContent();
  await cheapest.getByRole('radio').check();
  await form.getByRole('button', { name: 'Show results' }).click();
  await expect(page).toHaveURL(/price=-\d+/);
  const filtered = Number((await status.textContent())!.match(/of ([\d,]+) products/)![1]!.replace(/,/g, ''));
  expect(filtered).toBeLessThan(total);
  expect(filtered).toBe(Number(countText));
  for (const price of await page.locator('.card .price .now').allTextContents()) {
    expect(Number(price.replace(/\D/g, ''))).toBeLessThan(Number(limitText!.replace(/,/g, '')));
  }

  // The sort applies as soon as it is chosen.
  await page.getByLabel('Sort by').selectOption('price_desc');
  await expect(page).toHaveURL(/sort=price_desc/);
  await expect(page).toHaveURL(/price=-\d+/);
  const prices = (await page.locator('.card .price .now').allTextContents()).map((p) => Number(p.replace(/\D/g, '')));
  expect(prices).toEqual([...prices].sort((a, b) => b - a));

  // By link, not name: the demo catalogue has products of the same name at different prices.
  const firstOnPageOne = await page.locator('.card-title a').first().getAttribute('href');
  await page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: /Next/ }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(page).toHaveURL(/sort=price_desc/);
  await expect(status).toContainText('Showing 25–');
  expect(await page.locator('.card-title a').first().getAttribute('href')).not.toBe(firstOnPageOne);
  expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toMatch(/page=2/);
});

test('static pages render their Markdown', { tag: '@any-size' }, async ({ page }, testInfo) => {
  await page.goto('/buyer-protection');
  await expect(page.getByRole('heading', { level: 1, name: 'Buyer Protection' })).toBeVisible();
  for (const promise of ['Secure payments', 'Safe delivery', 'Returns within 7 days', '24/7 support']) {
    await expect(page.getByText(promise, { exact: true })).toBeVisible();
  }
  await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible();
  await screenshot(page, 'buyer-protection', testInfo);

  await page.goto('/faq');
  const questions = page.locator('.faq summary');
  expect(await questions.count()).toBeGreaterThanOrEqual(10);
  await questions.first().click();
  await expect(page.locator('.faq details').first().locator('p')).toBeVisible();

  for (const path of ['/sell', '/help', '/mobile-apps', '/about', '/about-legacy', '/terms', '/privacy', '/contact']) {
    const response = await page.goto(path);
    expect(response!.status(), path).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  }
});

test('unknown pages end at the 404 page; old auth paths redirect', { tag: '@any-size' }, async ({ page, pageProblems, request }) => {
  for (const path of ['/no-such-page', '/product/99999999', '/category/abc', '/vendor/0']) {
    pageProblems.allow(failedLoad(404, path));
    const response = await page.goto(path);
    expect(response!.status(), path).toBe(404);
    await expect(page.getByRole('heading', { name: 'Sorry, we could not find that page' })).toBeVisible();
  }
  for (const [from, to] of [
    ['/login', '/auth/login'],
    ['/register', '/auth/register'],
    ['/forgot-password', '/auth/forgot-password'],
  ]) {
    const response = await request.get(from!, { maxRedirects: 0 });
    expect(response.status()).toBe(301);
    expect(response.headers().location).toBe(to);
  }
});

test('product JSON-LD parses and carries the right price', { tag: '@any-size' }, async ({ page, request }) => {
  const listed = (await (await request.get('/api/products?sort_by=rating&limit=1')).json()).data.data[0];
  await page.goto(`/product/${listed.id}`);
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  const data = blocks.flatMap((text) => [JSON.parse(text)].flat());
  const product = data.find((item) => item['@type'] === 'Product');
  expect(product).toMatchObject({
    name: listed.name,
    offers: { '@type': 'Offer', price: Number(listed.price_1), priceCurrency: 'UGX', availability: expect.stringMatching(/schema.org\/(InStock|OutOfStock)/) },
    aggregateRating: { ratingValue: listed.average_rating, reviewCount: listed.review_count },
  });
  expect(data.find((item) => item['@type'] === 'BreadcrumbList').itemListElement.length).toBeGreaterThanOrEqual(3);
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', new RegExp(listed.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`/product/${listed.id}$`));
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the catalogue, menu and search all work', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('.card').first()).toBeVisible();
    const search = page.getByRole('search').filter({ visible: true }).first();
    await search.getByRole('combobox').fill('samsung');
    await search.getByRole('combobox').press('Enter');
    await expect(page).toHaveURL(/\/products\?search=samsung/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Results for “samsung”');
    await expect(page.locator('.card').first()).toBeVisible();
  });
});
