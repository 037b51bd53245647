/**
 * The brand, colour and size filters of a category page, in English and in Luganda: on a phone they open from a
 * "Filters" button at the top of the list; on a wide screen they stand beside the results. Choosing a brand and a
 * colour shows as many products as their counts said, all of that brand and colour, with or without JavaScript.
 */
import { expect, test, type Page } from './fixtures';
import { pageTranslator } from '../../src/lib/i18n/catalogues';

type Row = Record<string, any>;

async function categoryId(page: Page, name: string): Promise<number> {
  const categories = (await (await page.request.get('/api/categories')).json()).data as Row[];
  return categories.find((c) => c.category === name)!.id;
}

/** The number a filter option shows beside its name. */
async function countOf(page: Page, group: string, value: string): Promise<number> {
  const label = page.locator('form.facet-form fieldset', { has: page.locator('legend', { hasText: group }) }).locator('label', { hasText: value });
  return Number(await label.locator('.facet-count').textContent());
}

async function chooseBrandAndColour(page: Page, language: 'en' | 'lg', isMobile: boolean, shot: (name: string) => Promise<void>) {
  const words = pageTranslator(language).t.storefront.listing;
  const prefix = language === 'en' ? '' : '/lg';
  const id = await categoryId(page, 'Smartphones');
  await page.goto(`${prefix}/category/${id}`);
  const toggle = page.locator('details.filter-sheet > summary');
  const form = page.locator('form.facet-form');
  if (isMobile) {
    // The button sits at the top of the list, above the first product; the filters stay closed until asked for.
    await expect(toggle).toBeVisible();
    await expect(toggle).toHaveText(words.filters);
    expect((await toggle.boundingBox())!.y).toBeLessThan((await page.locator('.card').first().boundingBox())!.y);
    await expect(form).toBeHidden();
    await toggle.click();
  } else {
    await expect(toggle).toBeHidden();
  }
  await expect(form).toBeVisible();
  await shot('open');

  const brands = form.getByRole('group', { name: words.brand });
  const colours = form.getByRole('group', { name: words.color });
  await expect(brands).toBeVisible();
  await expect(colours).toBeVisible();
  const infinixCount = await countOf(page, words.brand, 'Infinix');
  expect(infinixCount).toBeGreaterThan(0);
  await brands.getByRole('checkbox', { name: /^Infinix\b/ }).check();
  // The box says the colour in the page's language; the address keeps the value the catalogue stores.
  const firstColour = colours.locator('label').first();
  const colourName = (await firstColour.locator('.facet-name').textContent())!.trim();
  const colour = (await firstColour.locator('input').getAttribute('value'))!;
  await colours.getByRole('checkbox', { name: new RegExp(`^${colourName}\\b`) }).check();
  await form.getByRole('button', { name: words.showResults }).click();

  await expect(page).toHaveURL(new RegExp(`${prefix}/category/${id}\\?brand=Infinix&color=${colour.replace(/ /g, '\\+')}$`));
  const expected = (await (await page.request.get(`/api/products?category=${id}&brand=Infinix&color=${encodeURIComponent(colour)}&limit=100`)).json()).data as {
    total: number;
    data: Row[];
  };
  expect(expected.total).toBeGreaterThan(0);
  expect(expected.total).toBeLessThanOrEqual(infinixCount);
  await expect(page.getByRole('status')).toContainText(String(expected.total));
  const names = await page.locator('.card-title a').allTextContents();
  expect(names.map((name) => name.trim()).sort()).toEqual(expected.data.map((p) => p.name).sort());
  for (const name of names) expect(name).toMatch(/^\s*Infinix\b/);
  await shot('results');

  // The choices stay chosen, with counts that agree with the results; on a phone the button says how many.
  if (isMobile) {
    await expect(toggle).toContainText('2');
    await toggle.click();
  }
  await expect(form.getByRole('checkbox', { name: /^Infinix\b/ })).toBeChecked();
  expect(await countOf(page, words.color, colourName)).toBe(expected.total);
  expect(await countOf(page, words.brand, 'Infinix')).toBe(expected.total);
  await shot('chosen');
}

for (const language of ['en', 'lg'] as const) {
  test(`${language}: choose a brand and a colour in the filters, with counts and results`, async ({ page, isMobile }, testInfo) => {
    await chooseBrandAndColour(page, language, isMobile, (name) =>
      page.screenshot({ path: testInfo.outputPath(`filters-${language}-${name}-${testInfo.project.name}.png`), fullPage: false }).then(() => undefined),
    );
  });
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the filter sheet opens and the form filters', async ({ page, isMobile }, testInfo) => {
    await chooseBrandAndColour(page, 'lg', isMobile, (name) =>
      page.screenshot({ path: testInfo.outputPath(`filters-nojs-${name}-${testInfo.project.name}.png`), fullPage: false }).then(() => undefined),
    );
  });
});

test('a search in Luganda lists what the English word lists, and its filters count those', { tag: '@any-size' }, async ({ page, isMobile }, testInfo) => {
  const english = (await (await page.request.get('/api/products?search=shoes&limit=1')).json()).data.total as number;
  await page.goto('/lg/products?search=engatto');
  await expect(page.getByRole('status')).toContainText(String(english));
  const words = pageTranslator('lg').t.storefront.listing;
  if (isMobile) await page.locator('details.filter-sheet > summary').click();
  await expect(page.locator('form.facet-form').getByRole('group', { name: words.size })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath(`search-engatto-${testInfo.project.name}.png`), fullPage: false });
});

/** What the filter form has ticked and chosen, by field: `brand=Samsung`, `price=-739999` … */
async function chosenInForm(page: Page): Promise<string[]> {
  return page
    .locator('form.facet-form input:checked')
    .evaluateAll((inputs) => inputs.map((input) => `${(input as HTMLInputElement).name}=${(input as HTMLInputElement).value}`).sort());
}

for (const language of ['en', 'lg', 'sw'] as const) {
  test(
    `${language}: a price band keeps the ticks not yet applied; chips drop one filter each; the sort applies at once`,
    { tag: '@any-size' },
    async ({ page }, testInfo) => {
      const words = pageTranslator(language).t.storefront.listing;
      const prefix = language === 'en' ? '' : `/${language}`;
      const id = await categoryId(page, 'Smartphones');
      await page.goto(`${prefix}/category/${id}`);
      await page.locator('details.filter-sheet > summary').click();
      const form = page.locator('form.facet-form');

      // Ticks in three groups and a price band, applied together with one tap.
      await form
        .getByRole('group', { name: words.brand })
        .getByRole('checkbox', { name: /^Samsung\b/ })
        .check();
      const storage = form.locator('input[name="spec_storage"]').first();
      const storageValue = (await storage.getAttribute('value'))!;
      await storage.check();
      const band = form.getByRole('group', { name: words.price }).getByRole('radio').last();
      const bandValue = (await band.getAttribute('value'))!;
      await band.check();
      await shot('ticked');
      await form.getByRole('button', { name: words.showResults }).click();

      await expect(page).toHaveURL(new RegExp(`\\?brand=Samsung&spec_storage=${storageValue}&price=${bandValue}$`));
      await expect(page.locator('details.filter-sheet > summary')).toContainText('3');
      const [min, max] = bandValue.split('-');
      const expected = (
        await (
          await page.request.get(`/api/products?category=${id}&brand=Samsung&spec_storage=${storageValue}&min_price=${min}&max_price=${max}&limit=100`)
        ).json()
      ).data as { total: number; data: Row[] };
      expect(expected.total).toBeGreaterThan(0);
      await expect(page.getByRole('status')).toContainText(String(expected.total));
      // The heading counts what is listed.
      await expect(page.getByRole('heading', { level: 1 }).locator('small')).toContainText(String(expected.total));
      await page.locator('details.filter-sheet > summary').click();
      expect(await chosenInForm(page)).toEqual([`brand=Samsung`, `price=${bandValue}`, `spec_storage=${storageValue}`].sort());
      await page.locator('details.filter-sheet > summary').click();

      // Each chosen filter is a chip; tapping Samsung's drops it alone.
      const chips = page.getByRole('navigation', { name: words.chosenFilters });
      await expect(chips.getByRole('link')).toHaveCount(4);
      await shot('chips');
      await chips.getByRole('link', { name: new RegExp(`Samsung$`) }).click();
      await expect(page).toHaveURL(new RegExp(`\\?spec_storage=${storageValue}&price=${bandValue}$`));
      await expect(chips.getByRole('link')).toHaveCount(3);

      // The sort applies as soon as it is chosen, keeping the filters.
      await expect(page.getByRole('button', { name: words.apply })).toBeHidden();
      await page.getByLabel(words.sortBy).selectOption('price_asc');
      await expect(page).toHaveURL(new RegExp(`\\?spec_storage=${storageValue}&price=${bandValue}&sort=price_asc$`));
      const prices = (await page.locator('.card .price .now').allTextContents()).map((p) => Number(p.replace(/\D/g, '')));
      expect(prices).toEqual([...prices].sort((a, b) => a - b));

      async function shot(name: string) {
        await page.screenshot({ path: testInfo.outputPath(`price-band-${language}-${name}.png`), fullPage: false });
      }
    },
  );
}

test.describe('without JavaScript, chips and the sort', () => {
  test.use({ javaScriptEnabled: false });

  test('a chip drops its filter and the sort applies with its button', { tag: '@any-size' }, async ({ page }) => {
    const words = pageTranslator('sw').t.storefront.listing;
    const id = await categoryId(page, 'Smartphones');
    await page.goto(`/sw/category/${id}?brand=Samsung&in_stock=1`);
    const chips = page.getByRole('navigation', { name: words.chosenFilters });
    await chips.getByRole('link', { name: new RegExp(`${words.inStockOnly}$`) }).click();
    await expect(page).toHaveURL(new RegExp(`/sw/category/${id}\\?brand=Samsung$`));
    await page.getByLabel(words.sortBy).selectOption('price_desc');
    await page.getByRole('button', { name: words.apply }).click();
    await expect(page).toHaveURL(new RegExp(`/sw/category/${id}\\?brand=Samsung&sort=price_desc$`));
  });
});
