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
  const colour = (await colours.locator('.facet-name').first().textContent())!.trim();
  await colours.getByRole('checkbox', { name: new RegExp(`^${colour}\\b`) }).check();
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
  expect(await countOf(page, words.color, colour)).toBe(expected.total);
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
