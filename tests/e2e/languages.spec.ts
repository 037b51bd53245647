/**
 * The store in Luganda and Swahili in Chromium: the language switch (header on wide screens, footer on every
 * screen) opens the same page in the chosen language and remembers the choice, so an English address later
 * lands in that language; it works without JavaScript; a Luganda page's islands wake in Luganda; the three home
 * pages name each other as alternates, each with its own `lang`.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from './fixtures';
import type { Product } from './shoppers';

const TAGS = { en: 'en-UG', lg: 'lg-UG', sw: 'sw-UG' } as const;

async function aProduct(page: Page): Promise<Product> {
  return (await (await page.request.get('/api/products?limit=5&in_stock=1')).json()).data.data[0];
}

/** The footer's switch: on every screen size. */
const footerSwitch = (page: Page) => page.locator('.footer-language');

test('the switch opens the same page in the language, remembers it, and English addresses then land in it', async ({ page }, testInfo) => {
  const product = await aProduct(page);
  const path = `/product/${product.id}`;
  await page.goto(path);
  await expect(page.locator('html')).toHaveAttribute('lang', TAGS.en);

  await footerSwitch(page).getByRole('button', { name: 'Luganda' }).click();
  await expect(page).toHaveURL(new RegExp(`/lg${path}$`));
  await expect(page.locator('html')).toHaveAttribute('lang', TAGS.lg);
  await expect(footerSwitch(page).getByRole('heading')).toHaveText('Olulimi');
  await expect(page.locator('.site-footer')).toContainText('Ebintu byonna');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(product.name);
  await footerSwitch(page).screenshot({ path: testInfo.outputPath(`language-switch-${testInfo.project.name}.png`) });

  // Remembered: an English address opened later lands on the same page in Luganda.
  await page.goto('/products?page=2');
  await expect(page).toHaveURL(/\/lg\/products\?page=2$/);
  await page.goto('/');
  await expect(page).toHaveURL(/\/lg$/);
  await expect(page.locator('html')).toHaveAttribute('lang', TAGS.lg);

  await page.goto(`/lg${path}`);
  await footerSwitch(page).getByRole('button', { name: 'Kiswahili' }).click();
  await expect(page).toHaveURL(new RegExp(`/sw${path}$`));
  await expect(page.locator('.site-footer')).toContainText('Bidhaa zote');

  await footerSwitch(page).getByRole('button', { name: 'English' }).click();
  await expect(page).toHaveURL(new RegExp(`${path}$`));
  expect(new URL(page.url()).pathname).toBe(path);
  await page.goto('/');
  expect(new URL(page.url()).pathname).toBe('/');
  await expect(page.locator('html')).toHaveAttribute('lang', TAGS.en);
});

test('the header offers the switch on wide screens and in the menu on phones', async ({ page }, testInfo) => {
  await page.goto('/products');
  if (testInfo.project.name === 'mobile') {
    await page.locator('.mobile-menu summary').click();
    await page.locator('.offcanvas').getByRole('button', { name: 'Kiswahili' }).click();
  } else {
    await page.locator('.utility').getByRole('button', { name: 'Kiswahili' }).click();
  }
  await expect(page).toHaveURL(/\/sw\/products$/);
  await expect(page.locator('html')).toHaveAttribute('lang', TAGS.sw);
  await page.screenshot({ path: testInfo.outputPath(`header-sw-${testInfo.project.name}.png`) });
});

test('the switch works with JavaScript off', async ({ browser, pageProblems, page }) => {
  const product = await aProduct(page);
  const context = await browser.newContext({ viewport: page.viewportSize()!, javaScriptEnabled: false });
  await pageProblems.watch(context);
  const noScript = await context.newPage();
  await noScript.goto(`/product/${product.id}`);
  await footerSwitch(noScript).getByRole('button', { name: 'Kiswahili' }).click();
  await expect(noScript).toHaveURL(new RegExp(`/sw/product/${product.id}$`));
  await expect(noScript.locator('html')).toHaveAttribute('lang', TAGS.sw);
  await context.close();
});

test("a Luganda page's islands wake with the Luganda browsing texts, fetched once", { tag: '@any-size' }, async ({ page }) => {
  const product = await aProduct(page);
  const fetched: string[] = [];
  // Scripts only: the idle prefetch reads a preloaded file back from the HTTP cache with fetch() to find its imports.
  page.on('request', (request) => {
    if (request.resourceType() === 'script') fetched.push(new URL(request.url()).pathname);
  });
  await page.goto(`/lg/product/${product.id}`);
  const search = page.locator('input[type="search"]:visible').first();
  await search.click();
  await search.fill('sim');
  await expect.poll(() => fetched.filter((path) => /\/_astro\/lg-browsing\.[\w-]+\.js$/.test(path)).length).toBe(1);
  // The island is awake (it answers typing) and the page logged no error (the fixture checks).
  await expect(search).toHaveValue('sim');
});

test('the three home pages name each other with hreflang, each with its own lang, and pass axe', { tag: '@any-size' }, async ({ page }) => {
  const homes = { en: '/', lg: '/lg', sw: '/sw' } as const;
  for (const [language, home] of Object.entries(homes) as [keyof typeof homes, string][]) {
    const html = await (await page.request.get(home, { maxRedirects: 0 })).text();
    expect(/<html lang="([^"]+)"/.exec(html)?.[1], home).toBe(TAGS[language]);
    const alternates: Record<string, string> = Object.fromEntries(
      [...html.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]+)"/g)].map((m) => [m[1], new URL(m[2]!).pathname]),
    );
    expect(alternates).toEqual({ 'en-UG': '/', 'lg-UG': '/lg', 'sw-UG': '/sw', 'x-default': '/' });
    // Each alternate answers itself with the language it is named for.
    for (const [tag, alternate] of Object.entries(alternates)) {
      const answered = await page.request.get(alternate, { maxRedirects: 0 });
      expect(answered.status(), alternate).toBe(200);
      expect(/<html lang="([^"]+)"/.exec(await answered.text())?.[1]).toBe(tag === 'x-default' ? TAGS.en : tag);
    }
  }
  await page.goto('/sw');
  const results = await new AxeBuilder({ page })
    .include('.site-footer')
    .include('.site-header')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
});
