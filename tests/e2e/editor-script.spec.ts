/**
 * No script through the page editor, as a marketer meets it: a draft with raw HTML behind an escaped bracket
 * (`\<img src=x onerror=…>`) or a reference-style `javascript:` link shows the reason in the live preview instead
 * of a picture or a link, cannot be saved, and the preview page shows no such picture; no dialog ever opens.
 */
import { expect, failedLoad, test, type Page } from './fixtures';
import { editorReady, openAsMarketer } from './marketers';

const PAGE = 'about';

async function typeAtEnd(page: Page, text: string, erasing = 0) {
  await page.getByRole('textbox', { name: 'Page text' }).click();
  await page.keyboard.press('Control+End');
  for (let i = 0; i < erasing; i++) await page.keyboard.press('Backspace');
  await page.keyboard.type(text);
}

const ESCAPED_IMG = '\\<img src=x onerror=alert(document.domain)>';

test('a draft with script in it never runs in the live preview or the preview page', { tag: '@any-size' }, async ({ page, pageProblems }) => {
  pageProblems.allow(failedLoad(400, `/api/content/${PAGE}/render`));
  pageProblems.allow(failedLoad(400, `/api/content/${PAGE}`));
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await openAsMarketer(page, `/admin/pages/${PAGE}`);
  await editorReady(page);
  const livePreview = page.getByRole('region', { name: 'Live preview' });

  await typeAtEnd(page, `\n\n${ESCAPED_IMG}`);
  await expect(livePreview.getByRole('status')).toContainText('body: must be Markdown without HTML tags');
  await expect(livePreview.locator('img[onerror]')).toHaveCount(0);

  const previewTab = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Preview' }).click();
  // The tab opened for the preview is closed when the draft is refused, perhaps before we get to listen.
  const popup = await previewTab;
  if (!popup.isClosed()) await popup.waitForEvent('close');
  await expect(page.getByRole('alert')).toContainText('body: must be Markdown without HTML tags');

  // The escaped bracket typed away, a reference-style script link instead: refused the same way.
  await typeAtEnd(page, 'Read [our story][x].\n\n[x]: javascript:alert(document.cookie)', ESCAPED_IMG.length);
  await expect(livePreview.getByRole('status')).toContainText('body: link: javascript:alert(document.cookie) is not a link the store allows');
  await expect(livePreview.locator('a[href^="javascript:" i]')).toHaveCount(0);

  await page.goto(`/admin/pages/${PAGE}/preview`);
  await expect(page.getByRole('article')).toContainText('Our story');
  await expect(page.locator('img[onerror]')).toHaveCount(0);
  await expect(page.locator('a[href^="javascript:" i]')).toHaveCount(0);
  expect(dialogs).toEqual([]);
});
