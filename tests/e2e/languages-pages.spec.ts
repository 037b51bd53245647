/**
 * The static pages in Luganda and Swahili: a marketer picks Luganda in the page editor, writes the page and
 * publishes it, and a shopper sees it at /lg/... at once while the other languages keep theirs; a page without
 * a translation (Terms) shows the English marked as English, with a note in the page's language; the Help search
 * on a Luganda page finds Luganda pages and the English ones at their Luganda addresses.
 */
import { expect, test } from './fixtures';
import { accessibilityProblems as problemsOn, editorReady, newWord, openAsMarketer } from './marketers';

const SW_NOTE = 'Ukurasa huu bado haujatafsiriwa kwa Kiswahili: unaonyeshwa kwa Kiingereza.';

test(
  'a marketer publishes a Luganda version of a page and a shopper sees it at /lg at once',
  { tag: '@any-size' },
  async ({ page, browser, pageProblems }, testInfo) => {
    const word = newWord('ssimu', testInfo.project.name);
    await openAsMarketer(page, '/admin/pages');
    const terms = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: 'Edit Terms of Use in Luganda' }) });
    await expect(terms.getByRole('listitem').filter({ hasText: 'Luganda' })).toContainText('Not translated (English shown)');
    await page.screenshot({ path: testInfo.outputPath(`list-${testInfo.project.name}.png`), fullPage: true });

    await page.getByRole('link', { name: 'Edit Shop Duuka on your phone in Luganda' }).click();
    await expect(page).toHaveURL(/\/admin\/pages\/mobile-apps\?language=lg$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Edit: Shop Duuka on your phone (Luganda)');
    await expect(page.getByRole('navigation', { name: 'Language' }).getByRole('link', { name: /^Luganda/ })).toHaveAttribute('aria-current', 'page');
    const text = await editorReady(page);
    expect(await problemsOn(page), 'Luganda editor').toEqual([]);

    // A shopper, in a browser of their own, has the page open in Luganda before the publish.
    const guestContext = await browser.newContext({ baseURL: testInfo.project.use.baseURL ?? process.env.E2E_BASE_URL });
    await pageProblems.watch(guestContext);
    const guest = await guestContext.newPage();
    await guest.goto('/lg/mobile-apps');
    await expect(guest.getByRole('article')).not.toContainText(word);

    await page.getByLabel('Title (browser tab and search results)').fill('Apps za Duuka ku ssimu yo');
    await page.getByLabel('Heading on the page (optional)').fill('Gula ku Duuka ng’oyita ku ssimu yo');
    await text.click();
    await page.keyboard.press('Control+A');
    await page.keyboard.type(`Wanula app ya Duuka ku Android oba iPhone. Ekozesa data ntono: ${word}. Laba [Obuyambi](/help).`);
    await expect(page.getByRole('region', { name: 'Live preview' }).getByRole('link', { name: 'Obuyambi' })).toHaveAttribute('href', '/lg/help');
    await page.getByRole('button', { name: 'Publish' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Published' })).toContainText('everyone sees it now');

    await guest.reload();
    await expect(guest.locator('html')).toHaveAttribute('lang', 'lg-UG');
    await expect(guest.getByRole('heading', { level: 1 })).toHaveText('Gula ku Duuka ng’oyita ku ssimu yo');
    await expect(guest.getByRole('article')).toContainText(word);
    await expect(guest.getByRole('note')).toHaveCount(0);
    await expect(guest.getByRole('article').getByRole('link', { name: 'Obuyambi' })).toHaveAttribute('href', '/lg/help');
    await guest.screenshot({ path: testInfo.outputPath(`lg-mobile-apps-${testInfo.project.name}.png`), fullPage: true });
    await guest.goto('/mobile-apps');
    await expect(guest.getByRole('heading', { level: 1 })).toHaveText('Shop Duuka on your phone');
    await expect(guest.getByRole('article')).not.toContainText(word);
    await guest.goto('/sw/mobile-apps');
    await expect(guest.getByRole('article')).not.toContainText(word);
    await guestContext.close();

    // The editor now says Luganda is published, with its own history.
    await page.reload();
    await expect(page.getByRole('navigation', { name: 'Language' }).getByRole('link', { name: /^Luganda/ })).toContainText('Published');
    await page.getByRole('link', { name: 'History' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('History: Shop Duuka on your phone (Luganda)');
    await expect(page.getByRole('listitem').filter({ hasText: 'Live' })).toContainText('Sarah Namuli');
  },
);

test(
  'a page without a Swahili version shows the English at /sw, marked as English, with a note in Swahili',
  { tag: '@any-size' },
  async ({ page }, testInfo) => {
    await page.goto('/sw/terms');
    await expect(page.locator('html')).toHaveAttribute('lang', 'sw-UG');
    const heading = page.getByRole('heading', { level: 1 });
    await expect(heading).toHaveText('Terms of Use');
    await expect(heading).toHaveAttribute('lang', 'en-UG');
    await expect(page.getByRole('note')).toHaveText(SW_NOTE);
    await expect(page.getByRole('note')).not.toHaveAttribute('lang', /./);
    await expect(page.locator('.page-text')).toHaveAttribute('lang', 'en-UG');
    await expect(page.locator('.page-text')).toContainText('These Terms of Use');
    // Its links stay in Swahili.
    await expect(page.locator('.page-text').getByRole('link', { name: 'Buyer Protection' }).first()).toHaveAttribute('href', '/sw/buyer-protection');
    expect(await problemsOn(page), '/sw/terms').toEqual([]);
    await page.screenshot({ path: testInfo.outputPath(`sw-terms-${testInfo.project.name}.png`), fullPage: true });

    await page.goto('/sw/buyer-protection');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ulinzi wa Mnunuzi');
    await expect(page.getByRole('note')).toHaveCount(0);
    await page.screenshot({ path: testInfo.outputPath(`sw-buyer-protection-${testInfo.project.name}.png`), fullPage: true });
  },
);

test('the Help search on a Luganda page finds Luganda pages, and English ones at their Luganda address', { tag: '@any-size' }, async ({ page }) => {
  const pagefind: string[] = [];
  page.on('request', (request) => request.url().includes('/pagefind/') && pagefind.push(request.url()));
  await page.goto('/lg/help');
  const box = page.getByRole('searchbox');
  await box.click();
  await box.pressSequentially('kamisoni', { delay: 30 });
  const results = page.locator('.help-results');
  await expect(results.getByRole('link', { name: 'Tunda ku Duuka' })).toHaveAttribute('href', '/lg/sell');
  expect(pagefind.some((address) => /\/pagefind\/pagefind\.lg_[\w]+\.pf_meta$/.test(address))).toBe(true);
  await box.fill('');
  await box.pressSequentially('supervision', { delay: 30 });
  await expect(results.getByRole('link', { name: 'Terms of Use' })).toHaveAttribute('href', '/lg/terms');
});
