/**
 * Browsing in Luganda and in Swahili: the home page, a category, the live search and its results, a product page
 * and Add to cart speak the page's language (texts, plurals, money as the language writes it), and every link in
 * the main content stays in that language. The expected words are the catalogues' own, each checked to differ
 * from the English, so a page that fell back to English fails.
 */
import { expect, test, type Page } from './fixtures';
import { untilPageKept } from './kept-pages';
import { inStockProducts, isPlain, type Product } from './shoppers';
import { pageTranslator, type PageTranslator } from '../../src/lib/i18n/catalogues';
import { LANGUAGE_TAGS } from '../../src/lib/i18n/languages';

const english = pageTranslator('en');
const searchBox = (page: Page) => page.getByRole('combobox').filter({ visible: true }).first();

/** `text` as a pattern, with each `{name}` standing for a number such as 1,250 (or 92+). */
function pattern(text: string): RegExp {
  const escaped = text.replace(/[.*+?^$()|[\]\\]/g, '\\$&');
  return new RegExp(`^${escaped.replace(/\\?\{(\w+)\\?\}/g, '([\\d,]+\\+?)')}$`);
}

/** The language's words for `pick`, after checking they are not the English ones. */
function word<Words>(i18n: PageTranslator, pick: (t: PageTranslator['t']) => Words): Words {
  expect(pick(i18n.t) as unknown, 'a translated text, not the English one').not.toEqual(pick(english.t));
  return pick(i18n.t);
}

/** Every address the main content links to or sends a form to that leaves the page's language. */
async function linksLeavingLanguage(page: Page, language: string): Promise<string[]> {
  const targets = await page
    .locator('main')
    .evaluate((main) => [
      ...Array.from(main.querySelectorAll('a[href]'), (a) => a.getAttribute('href')!),
      ...Array.from(main.querySelectorAll('form[action]'), (form) => form.getAttribute('action')!),
    ]);
  expect(targets.length, 'links in the main content').toBeGreaterThan(0);
  return targets.filter((target) => {
    if (target === '' || target.startsWith('#')) return false; // this page
    if (/^[a-z][a-z0-9+.-]*:/i.test(target)) return false; // off-site, mail, phone
    if (/^\/(img|storage|api|_astro)\//.test(target)) return false; // pictures, the API, built files
    return !(target === `/${language}` || target.startsWith(`/${language}/`) || target.startsWith(`/${language}?`));
  });
}

/** A word of a product name that finds exactly that one product, for the singular of the result count. */
async function termWithOneResult(page: Page, products: Product[]): Promise<string> {
  for (const product of products) {
    const term = (product.name as string).split(' ').slice(0, 3).join(' ');
    const reply = await (await page.request.get(`/api/products?search=${encodeURIComponent(term)}&limit=1`)).json();
    if (reply.data.total === 1) return term;
  }
  throw new Error('no search finds exactly one product');
}

for (const language of ['lg', 'sw'] as const) {
  const i18n = pageTranslator(language);
  const { t, count, fill, money } = i18n;
  const moneyPattern = language === 'lg' ? /^\d{1,3}(,\d{3})* UGX$/ : /^UGX \d{1,3}(,\d{3})*$/;

  test(`${language}: home, a category and a product page speak the language, with links that stay in it`, async ({ page }) => {
    const product = (await inStockProducts(page)).find((p) => isPlain(p) && p.stock.total_items - p.stock.items_sold >= 5)!;

    await page.goto(`/${language}`);
    await expect(page.locator('html')).toHaveAttribute('lang', LANGUAGE_TAGS[language]);
    await expect(page).toHaveTitle(fill(t.storefront.home.title, { store: 'Duuka' }));
    await expect(page.getByRole('heading', { name: word(i18n, (t) => t.storefront.home.shopByCategory) })).toBeVisible();
    const flashSales = page.getByRole('list', { name: t.layout.flashSales });
    await expect(flashSales.locator('.price .now').first()).toHaveText(moneyPattern);
    const categoryCounts = page.locator('.category-grid small');
    await expect(categoryCounts.first()).toHaveText(pattern(word(i18n, (t) => t.storefront.home.categoryItems.other)));
    expect(await linksLeavingLanguage(page, language)).toEqual([]);

    await page.locator('.category-grid a').first().click();
    await expect(page).toHaveURL(new RegExp(`/${language}/products\\?category=\\d+$`));
    const status = page.getByRole('main').getByRole('status');
    const showing = (await status.textContent())!;
    const [, from, to, total] = showing.match(pattern(word(i18n, (t) => t.storefront.listing.showing.other)))!;
    const number = (text: string) => Number(text.replace(/,/g, ''));
    expect(number(total!)).toBeGreaterThan(1);
    expect(showing).toBe(count(t.storefront.listing.showing, number(total!), { from: number(from!), to: number(to!) }));
    await expect(page.getByRole('navigation', { name: word(i18n, (t) => t.storefront.breadcrumbs.label) })).toContainText(t.storefront.breadcrumbs.home);
    await expect(page.getByRole('combobox', { name: word(i18n, (t) => t.storefront.listing.sortBy) })).toBeVisible();
    await expect(page.getByRole('navigation', { name: word(i18n, (t) => t.storefront.pagination.label) })).toBeVisible();
    await expect(page.getByRole('list', { name: t.storefront.listing.products }).locator('.price .now').first()).toHaveText(moneyPattern);
    expect(await linksLeavingLanguage(page, language)).toEqual([]);

    // The category's own page: how many products it lists in the heading, in the plural.
    const categoryId = Number(new URL(page.url()).searchParams.get('category'));
    const categories: { id: number; product_count: number }[] = (await (await page.request.get('/api/categories')).json()).data;
    const category = categories.find((c) => c.id === categoryId)!;
    await page.goto(`/${language}/category/${categoryId}`);
    await expect(page.getByRole('heading', { level: 1 }).locator('small')).toHaveText(
      count(
        word(i18n, (t) => t.storefront.listing.categoryItems),
        category.product_count,
      ),
    );
    expect(await linksLeavingLanguage(page, language)).toEqual([]);

    await page.goto(`/${language}/product/${product.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(product.name);
    const buyBox = page.getByRole('region', { name: word(i18n, (t) => t.storefront.product.priceAndOptions) });
    await expect(buyBox.locator('.price .now')).toHaveText(money(product.price_1));
    await expect(buyBox.locator('.price .now')).toHaveText(moneyPattern);
    const left = product.stock.total_items - product.stock.items_sold;
    await expect(buyBox.locator('.stock p')).toContainText(count(t.storefront.product.soldAndLeft, left, { sold: product.stock.items_sold }));
    await expect(page.getByRole('heading', { name: word(i18n, (t) => t.storefront.product.description) })).toBeVisible();
    await expect(page.getByRole('heading', { name: word(i18n, (t) => t.storefront.product.customerReviews) })).toBeVisible();
    await expect(buyBox.getByText(word(i18n, (t) => t.storefront.product.returns))).toBeVisible();
    expect(await linksLeavingLanguage(page, language)).toEqual([]);

    // The first tap wakes Add to cart in the page's language; the toast says it in that language too.
    await buyBox.getByRole('button', { name: word(i18n, (t) => t.browse.addToCart.oneMore) }).click();
    await expect(buyBox.locator('output')).toHaveText('2');
    await buyBox.getByRole('button', { name: word(i18n, (t) => t.browse.addToCart.add) }).click();
    await expect(page.getByRole('region', { name: word(i18n, (t) => t.browse.toasts.label) })).toContainText(
      fill(
        word(i18n, (t) => t.browse.addToCart.added),
        { name: product.name },
      ),
    );
    await expect(buyBox.getByRole('link', { name: word(i18n, (t) => t.browse.addToCart.viewCart) })).toHaveAttribute('href', `/${language}/cart`);
  });

  test(`${language}: the live search and its results speak the language, one result in the singular`, async ({ page }) => {
    const products = await inStockProducts(page);
    await page.goto(`/${language}/search`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(word(i18n, (t) => t.storefront.search.heading));

    const box = searchBox(page);
    await box.click();
    await box.pressSequentially('samsng galxy', { delay: 30 });
    const dropdown = page.getByRole('listbox', { name: word(i18n, (t) => t.browse.search.suggestionsLabel) }).filter({ visible: true });
    const found = dropdown.getByRole('group', { name: word(i18n, (t) => t.browse.search.products) });
    await expect(found.getByRole('option')).toHaveCount(6);
    await expect(found.locator('.search-option-price').first()).toHaveText(moneyPattern);
    await expect(found.getByRole('option').first()).toHaveAttribute('href', new RegExp(`^/${language}/product/\\d+$`));
    const viewAll = dropdown.getByRole('option', { name: pattern(word(i18n, (t) => t.browse.search.viewAll.other)) });
    await expect(viewAll).toHaveAttribute('href', `/${language}/products?search=samsng%20galxy`);
    for (const href of await dropdown.getByRole('option').evaluateAll((options) => options.map((option) => option.getAttribute('href')!))) {
      expect(href.startsWith(`/${language}/`), href).toBe(true);
    }

    await box.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/${language}/products\\?search=samsng(\\+|%20)galxy$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      fill(
        word(i18n, (t) => t.storefront.listing.resultsFor),
        { term: 'samsng galxy' },
      ),
    );
    await expect(page.getByRole('main').getByRole('status')).toHaveText(pattern(t.storefront.listing.showing.other));
    expect(await linksLeavingLanguage(page, language)).toEqual([]);

    const term = await termWithOneResult(page, products);
    await page.goto(`/${language}/products?search=${encodeURIComponent(term)}`);
    await expect(page.getByRole('main').getByRole('status')).toHaveText(count(t.storefront.listing.showing, 1, { from: 1, to: 1 }));
    // Luganda says "one thing" with another word than "things"; Swahili's "bidhaa" is both.
    if (language === 'lg') expect(t.storefront.listing.showing.one).not.toBe(t.storefront.listing.showing.other);

    await box.fill('');
    await box.pressSequentially('qqzzxxv', { delay: 20 });
    await expect(
      page.getByText(
        fill(
          word(i18n, (t) => t.browse.search.noResults),
          { term: 'qqzzxxv' },
        ),
      ),
    ).toBeVisible();
    await page
      .getByRole('option', { name: word(i18n, (t) => t.browse.search.searchAnyway) })
      .filter({ visible: true })
      .click();
    await expect(page).toHaveURL(new RegExp(`/${language}/products\\?search=qqzzxxv$`));
    await expect(page.getByRole('main').getByRole('status')).toHaveText(word(i18n, (t) => t.storefront.listing.noProducts));
  });
}

test.describe('offline', () => {
  test.use({ serviceWorkers: 'allow' });

  test(
    'lg: a kept page shows the offline bar in Luganda, and a page never seen the Luganda offline page listing what was seen',
    { tag: '@any-size' },
    async ({ page, context }) => {
      const { t, money } = pageTranslator('lg');
      const product = (await inStockProducts(page)).find(isPlain)!;
      await page.goto('/lg');
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
      await page.goto(`/lg/product/${product.id}`);
      await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
      // Keeping a Luganda page brings the Luganda offline page, which takes a moment.
      await expect
        .poll(() => page.evaluate(async () => (await caches.open('offline-v1')).keys().then((keys) => keys.map((key) => new URL(key.url).pathname))))
        .toContain('/lg/offline');
      await untilPageKept(page);

      await context.setOffline(true);
      await page.reload();
      await expect(page.getByRole('status').filter({ hasText: t.errors.offline.showingKeptPage })).toBeVisible();

      await page.goto('/lg/about');
      await expect(page.getByRole('heading', { level: 1, name: t.errors.offline.pageTitle })).toBeVisible();
      await expect(page.getByRole('heading', { name: t.errors.offline.recentProductsHeading })).toBeVisible();
      const seen = page.getByRole('link', { name: new RegExp(product.name) });
      await expect(seen).toHaveAttribute('href', `/lg/product/${product.id}`);
      await expect(seen).toContainText(money(product.price_1));
      await context.setOffline(false);
    },
  );
});
