/**
 * The marketers' page editor: a marketer logs in through the ordinary login page, edits About (text and a
 * picture), previews the draft while guests still see the live page, publishes (guests and the static-page
 * search see it at once) and restores the previous version; a stale save from a second tab is refused; a
 * draft never reaches the sitemap or the search; buyers and vendors are refused every editor page and call.
 */
import sharp from 'sharp';
import { expect, failedLoad, test, type Page } from './fixtures';
import { DEMO_ACCOUNTS } from '../../src/server/demo-data/demo-accounts';
import { registerShopper } from './shoppers';
import { accessibilityProblems as problemsOn, editorReady, newWord, openAsMarketer, MARKETER } from './marketers';

async function typeAtEnd(page: Page, text: string) {
  const editor = page.getByRole('textbox', { name: 'Page text' });
  await editor.click();
  await page.keyboard.press('Control+End');
  await page.keyboard.type(text);
}

test(
  'a marketer edits About, previews it, publishes it for everyone and restores the old version',
  { tag: '@any-size' },
  async ({ page, browser, pageProblems }, testInfo) => {
    const word = newWord('kitenge', testInfo.project.name);
    await openAsMarketer(page, '/admin/pages/about');
    await editorReady(page);
    expect(await problemsOn(page), 'editor').toEqual([]);
    await page.screenshot({
      path: testInfo.outputPath(`editor-${testInfo.project.name}.png`),
      fullPage: true,
      clip: { x: 0, y: 0, width: 1280, height: 1500 },
    });

    await typeAtEnd(page, `\n\nEvery Friday we deliver ${word} cloth to Ntinda.`);
    const picture = await sharp({ create: { width: 900, height: 450, channels: 3, background: '#0b6e4f' } })
      .png()
      .toBuffer();
    await page.getByLabel('Add a picture').setInputFiles({ name: 'ntinda-shop.png', mimeType: 'image/png', buffer: picture });
    await expect(page.getByRole('textbox', { name: 'Page text' })).toContainText('/storage/images/content-');
    const file = /\/storage\/images\/(content-[\w-]+\.jpg)/.exec(await page.getByRole('textbox', { name: 'Page text' }).innerText())![1]!;
    const livePreview = page.getByRole('region', { name: 'Live preview' });
    await expect(livePreview).toContainText(word);
    await expect(livePreview.locator(`img[src^="/img/"][src$="${file}"]`)).toHaveCount(1);

    // A guest, in a browser of their own, keeps seeing the published page while the draft is previewed.
    const guestContext = await browser.newContext({ baseURL: testInfo.project.use.baseURL ?? process.env.E2E_BASE_URL });
    await pageProblems.watch(guestContext);
    const guest = await guestContext.newPage();

    const previewOpened = page.waitForEvent('popup');
    await page.getByRole('button', { name: 'Preview' }).click();
    const preview = await previewOpened;
    await expect(preview).toHaveURL(/\/admin\/pages\/about\/preview$/);
    await expect(preview.getByRole('heading', { level: 1 })).toHaveText('About Duuka');
    await expect(preview.getByRole('article')).toContainText(word);
    await expect(preview.getByRole('status')).toContainText('Preview of a draft');
    await preview.close();
    await guest.goto('/about');
    await expect(guest.getByRole('article')).not.toContainText(word);
    expect((await guest.request.get('/admin/pages/about/preview', { maxRedirects: 0 })).status()).toBe(302);

    await page.getByRole('button', { name: 'Publish' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Published' })).toContainText('everyone sees it now');
    await guest.reload();
    await expect(guest.getByRole('article')).toContainText(word);
    await expect(guest.getByRole('article').locator(`picture img[src$="${file}"]`)).toHaveAttribute('width', '900');

    await guest.goto('/help');
    const search = guest.getByRole('searchbox', { name: /Search help/ });
    await search.click();
    await search.pressSequentially(word, { delay: 20 });
    await expect(guest.locator('.help-results').getByRole('link', { name: 'About Duuka' })).toBeVisible();

    await page.getByRole('link', { name: 'History' }).first().click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('History: About Duuka');
    expect(await problemsOn(page), 'history').toEqual([]);
    const live = page.getByRole('listitem').filter({ hasText: 'Live' });
    const liveNumber = Number((await live.getByRole('strong').innerText()).replace('Version ', ''));
    await page.getByRole('link', { name: `Compare version ${liveNumber - 1} with the live version` }).click();
    await expect(page.locator('.diff-added').filter({ hasText: word })).toHaveCount(1);
    await page.getByRole('button', { name: `Restore version ${liveNumber - 1}` }).click();
    await expect(page.getByRole('status')).toHaveText('Version restored and published');
    await expect(page.getByRole('listitem').filter({ hasText: 'Live' })).toContainText(`restored version ${liveNumber - 1}`);
    await guest.goto('/about');
    await expect(guest.getByRole('article')).not.toContainText(word);
    await guestContext.close();
  },
);

test('a save from a second tab that started from an older version is refused, saying why', { tag: '@any-size' }, async ({ page, context, pageProblems }) => {
  pageProblems.allow(failedLoad(409, '/api/content/privacy'));
  await openAsMarketer(page, '/admin/pages/privacy');
  await editorReady(page);
  const second = await context.newPage();
  await second.goto('/admin/pages/privacy');
  await editorReady(second);

  await typeAtEnd(page, '\n\nFirst tab.');
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Draft saved' })).toBeVisible();

  await typeAtEnd(second, '\n\nSecond tab.');
  await second.getByRole('button', { name: 'Save draft' }).click();
  await expect(second.getByRole('alert')).toContainText('Not saved: you (in another tab or window) changed this page at');
  await expect(second.getByRole('alert')).toContainText('Your text is still in the editor');
  await expect(second.getByRole('textbox', { name: 'Page text' })).toContainText('Second tab.');
  await second.close();
});

test('a saved draft never appears in the sitemap or the search', { tag: '@any-size' }, async ({ page }, testInfo) => {
  const word = newWord('kitenge', `draft${testInfo.project.name}`);
  const login = await page.request.post('/api/users/login', { data: { username: MARKETER.email, password: MARKETER.password } });
  const token = (await login.json()).data.token;
  const headers = { Authorization: `Bearer ${token}` };
  const terms = (await (await page.request.get('/api/content/terms', { headers })).json()).data;
  const sitemapBefore = await (await page.request.get('/sitemap-pages.xml')).text();
  const saved = await page.request.put('/api/content/terms', {
    headers,
    data: { version: terms.version, content: { ...terms.published, title: `Terms ${word}`, body: `${terms.published.body}\n\n${word}` } },
  });
  expect(saved.status()).toBe(200);

  expect(await (await page.request.get('/sitemap-pages.xml')).text()).toBe(sitemapBefore);
  await page.goto('/terms');
  await expect(page.getByRole('article')).not.toContainText(word);
  // The server's search (the Help page without script) and Pagefind's (with it) both miss the draft...
  await page.goto(`/help?q=${word}`);
  await expect(page.locator('.help-results')).toContainText('No help pages mention');
  const searchFor = async () => {
    const search = page.getByRole('searchbox', { name: /Search help/ });
    const indexLoaded = page.waitForResponse((response) => response.url().includes('/pagefind/pagefind-entry.json'));
    await search.click();
    await search.fill('');
    await search.pressSequentially(word, { delay: 20 });
    await indexLoaded;
  };
  await searchFor();
  await page.waitForTimeout(1500);
  await expect(page.locator('.help-results')).toContainText('No help pages mention');

  // ...which the same search finds once it is published (and the sitemap's lastmod moves to the publish).
  const published = await page.request.post('/api/content/terms/publish', { headers, data: { version: (await saved.json()).data.version } });
  expect(published.status()).toBe(200);
  const today = new Date().toISOString().slice(0, 10);
  expect(await (await page.request.get('/sitemap-pages.xml')).text()).toContain(`/terms</loc><lastmod>${today}</lastmod>`);
  await page.goto('/help');
  await searchFor();
  await expect(page.locator('.help-results').getByRole('listitem').filter({ hasText: word }).getByRole('link', { name: 'Terms of Use' })).toBeVisible();
  const live = (await published.json()).data;
  const restored = await page.request.post('/api/content/terms/restore', { headers, data: { version: live.version, number: live.published_number - 1 } });
  expect(restored.status()).toBe(200);
});

test('buyers and vendors are refused the editor pages and its API', { tag: '@any-size' }, async ({ page, pageProblems }) => {
  const buyer = await registerShopper(page, 'Editor.refused');
  const vendorLogin = await page.request.post('/api/users/login', { data: { username: DEMO_ACCOUNTS.vendor.email, password: DEMO_ACCOUNTS.vendor.password } });
  const vendor = (await vendorLogin.json()).data;
  pageProblems.allow(failedLoad(403, '/admin/pages'));
  pageProblems.allow(failedLoad(403, '/admin/pages/about'));
  for (const who of [buyer, vendor]) {
    const headers = { Authorization: `Bearer ${who.token}` };
    for (const [method, path] of [
      ['GET', '/api/content'],
      ['GET', '/api/content/about'],
      ['PUT', '/api/content/about'],
      ['POST', '/api/content/about/publish'],
      ['POST', '/api/content/about/restore'],
      ['GET', '/api/content/about/history'],
    ] as const) {
      const reply = await page.request.fetch(path, { method, headers, data: method === 'GET' ? undefined : { version: 1, content: {} } });
      expect(reply.status(), `${method} ${path}`).toBe(403);
      expect((await reply.json()).message).toBe('Only a marketer or an administrator can edit the store’s pages');
    }
    // The pages, with the login cookie the login call set.
    await page.context().clearCookies();
    await page.request.post('/api/users/login', {
      data: { username: who.email, password: who.email === DEMO_ACCOUNTS.vendor.email ? DEMO_ACCOUNTS.vendor.password : 'Kampala-2026!' },
    });
    for (const path of ['/admin/pages', '/admin/pages/about']) {
      const reply = await page.goto(path);
      expect(reply?.status(), path).toBe(403);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Not allowed');
    }
  }
});

test('the editor list and the administrator’s marketers page have no detectable accessibility violations', async ({ page }, testInfo) => {
  await openAsMarketer(page, '/admin/pages');
  await expect(page.getByRole('heading', { name: 'FAQ entries' })).toBeVisible();
  expect(await problemsOn(page), '/admin/pages').toEqual([]);
  await page.screenshot({ path: testInfo.outputPath(`list-${testInfo.project.name}.png`), fullPage: true });
  await page.goto('/admin/pages/home-promotions');
  await expect(page.getByLabel('Tile 1: title')).toHaveValue('Flash Sales');
  expect(await problemsOn(page), 'promotions editor').toEqual([]);
  await page.screenshot({ path: testInfo.outputPath(`promotions-${testInfo.project.name}.png`), fullPage: true });
});

test('a draft of the header’s promotions shows in the editor’s preview only @desktop', async ({ page, browser }, testInfo) => {
  await openAsMarketer(page, '/admin/pages/home-promotions');
  await expect(page.locator('astro-island:not([ssr])')).not.toHaveCount(0);
  await page.getByLabel('Tile 1: title').fill('Harvest Sale');
  const previewOpened = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Preview' }).click();
  const preview = await previewOpened;
  await expect(preview.locator('.promos')).toContainText('Harvest Sale');
  await expect(preview.getByRole('status')).toContainText('Preview of a draft');
  const guestContext = await browser.newContext({ baseURL: testInfo.project.use.baseURL ?? process.env.E2E_BASE_URL });
  const guest = await guestContext.newPage();
  await guest.goto('/');
  await expect(guest.locator('.promos')).toContainText('Flash Sales');
  await expect(guest.locator('.promos')).not.toContainText('Harvest Sale');
  await guestContext.close();
});
