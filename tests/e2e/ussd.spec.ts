/**
 * The /ussd developer page: a pretend feature phone that dials the store's USSD menu, sends each choice as a form
 * post, and places a real order paid on delivery for the number dialled.
 */
import { expect, test, type Page } from './fixtures';

const screen = (page: Page) => page.getByRole('status', { name: 'Screen' });

/** Types a reply and sends it; waits for the next screen. */
async function send(page: Page, input: string): Promise<string> {
  await page.getByRole('textbox', { name: 'Reply' }).fill(input);
  await page.getByRole('button', { name: 'Send' }).click();
  return (await screen(page).textContent()) ?? '';
}

/** The key of the choice whose label passes `test` on the screen shown. */
const keyOf = (text: string, label: RegExp) => {
  const line = text.split('\n').find((candidate) => /^\d+ /.test(candidate) && label.test(candidate.replace(/^\d+ /, '')));
  if (!line) throw new Error(`no choice ${label} on:\n${text}`);
  return line.split(' ', 1)[0]!;
};

test('the /ussd page dials the menu and places an order paid on delivery', { tag: '@any-size' }, async ({ page }, testInfo) => {
  await page.goto('/ussd');
  const number = `0772 ${String(Math.floor(Math.random() * 1e3)).padStart(3, '0')} ${String(Math.floor(Math.random() * 1e3)).padStart(3, '0')}`;
  await page.getByRole('textbox', { name: 'Number' }).fill(number);
  await expect(page.getByRole('button', { name: 'Send' })).toBeDisabled();
  await page.getByRole('button', { name: 'Dial' }).click();
  await expect(screen(page)).toHaveText(/^Duuka\n1 Shop by category\n2 Search/);

  await send(page, '2');
  let shown = await send(page, 'sugar');
  expect(shown).toMatch(/^"sugar"\n1 /);
  shown = await send(page, '1');
  expect(shown).toContain('In stock');
  shown = await send(page, '1');
  while (/Which (colour|size)\?/.test(shown)) shown = await send(page, '1');
  expect(shown).toContain('How many?');
  shown = await send(page, '1');
  expect(shown).toMatch(/^Deliver to\?/);
  shown = await send(page, '1');
  shown = await send(page, keyOf(shown, /^Cash on delivery$/));
  if (shown.startsWith('Your name?')) shown = await send(page, 'Nakato Sarah');
  expect(shown).toMatch(/1 Confirm/);
  await page.screenshot({ path: testInfo.outputPath(`ussd-confirm-${testInfo.project.name}.png`), fullPage: true });
  shown = await send(page, '1');
  expect(shown).toMatch(/^Order #\d+ placed\. Pay UGX [\d,]+ on delivery\.$/);
  await expect(page.getByText('Session ended.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send' })).toBeDisabled();
});
