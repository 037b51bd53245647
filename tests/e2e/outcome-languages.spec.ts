import { expect, failedLoad, test } from './fixtures';
import { outcomes as english } from '../../src/lib/i18n/en/outcomes';
import { outcomes as luganda } from '../../src/lib/i18n/lg/outcomes';
import { outcomes as swahili } from '../../src/lib/i18n/sw/outcomes';

// Located by what the form is, not by its words, which are the page's language.
const email = '#login-username';
const password = '#login-password';
const logIn = 'form.auth-password button[type="submit"]';

for (const [prefix, texts] of [
  ['/lg', luganda],
  ['/sw', swahili],
  ['', english],
] as const) {
  test(`a refused login on ${prefix || 'the English'} login page says why in the page's language`, { tag: '@any-size' }, async ({ page, pageProblems }) => {
    pageProblems.allow(failedLoad(400, `${prefix}/auth/login`));
    await page.goto(`${prefix}/auth/login`);
    await page.locator(email).fill(`nobody.${Date.now()}@example.com`);
    await page.locator(password).fill('not-my-password');
    await page.locator(logIn).click();
    await expect(page.getByText(texts.account.loginFailed).first()).toBeVisible();
  });
}
