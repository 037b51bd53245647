import { expect, test } from '@playwright/test';

test('the home page shows the catalogue with prices in UGX, before any JavaScript', async ({ page }, testInfo) => {
  await page.goto('/');
  await expect(page).toHaveTitle(/Duuka/);
  const categories = page.getByRole('list').first().getByRole('link');
  expect(await categories.count()).toBeGreaterThanOrEqual(10);
  const firstProduct = page.locator('.card').first();
  await expect(firstProduct.getByText(/^UGX \d{1,3}(,\d{3})*$/).first()).toBeVisible();
  const image = firstProduct.locator('img');
  await expect(image).toHaveJSProperty('complete', true);
  expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(100);
  await page.screenshot({ path: testInfo.outputPath(`home-${testInfo.project.name}.png`), fullPage: false });
});
