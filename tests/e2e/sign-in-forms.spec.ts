/**
 * Signing in does not wait for JavaScript: on a phone with JavaScript off (Opera Mini-style browsers), in English,
 * Luganda and Swahili, a shopper asks for a code, types a wrong one and is told why in the page's language, types
 * the right one with their name, and lands on the page the login was opened for, logged in. With JavaScript on,
 * the name and number given at the code step start the delivery address, and the first address saved goes
 * straight on to checkout. Screenshots go to /tmp/shots-sign-in/.
 */
import { expect, failedLoad, test } from './fixtures';
import { pageTranslator } from '../../src/lib/i18n/catalogues';
import { LANGUAGES, type Language } from '../../src/lib/i18n/languages';
import { outcomes as english } from '../../src/lib/i18n/en/outcomes';
import { outcomes as luganda } from '../../src/lib/i18n/lg/outcomes';
import { outcomes as swahili } from '../../src/lib/i18n/sw/outcomes';
import { newNumber, textedCode } from './shoppers';

const SHOTS = '/tmp/shots-sign-in';
const OUTCOMES = { en: english, lg: luganda, sw: swahili };
const prefixOf = (language: Language) => (language === 'en' ? '' : `/${language}`);

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  for (const language of LANGUAGES) {
    test(`a shopper signs in by a texted code with JavaScript off (${language})`, { tag: '@any-size' }, async ({ page, context, pageProblems }, testInfo) => {
      const { t, fill } = pageTranslator(language);
      const prefix = prefixOf(language);
      // The wrong code, refused by the login page with 400.
      pageProblems.allow(failedLoad(400, `${prefix}/auth/login`));
      const shot = (name: string) => page.screenshot({ path: `${SHOTS}/${name}-${language}-${testInfo.project.name}.png`, fullPage: true });
      const { local, e164 } = newNumber();
      const back = `${prefix}/cart`;

      await page.goto(`${prefix}/auth/login?redirect=${encodeURIComponent(back)}`);
      const phoneForm = page.getByRole('form', { name: t.auth.phoneFirst });
      // Nothing waits for a script: the button works as soon as the page is there.
      await expect(phoneForm.getByRole('button', { name: t.auth.textMeACode })).toBeEnabled();
      await shot('login');
      await phoneForm.getByLabel(t.auth.phoneNumber, { exact: true }).fill(e164.replace('+256', '0'));
      await phoneForm.getByRole('button', { name: t.auth.textMeACode }).click();

      // The code step: the number as Ugandans write it, the code, and a name for a new number.
      await expect(phoneForm.getByText(fill(t.auth.phoneCodeSent, { phone: local }))).toBeVisible();
      await phoneForm.getByLabel(t.auth.code, { exact: true }).fill('000000');
      await phoneForm.getByLabel(t.auth.yourName, { exact: true }).fill('Namuli Ruth');
      await phoneForm.getByRole('button', { name: t.auth.continueWithCode }).click();
      await expect(phoneForm.getByRole('alert')).toHaveText(OUTCOMES[language].account.codeFailed);
      // What was typed stays: the name, not the code.
      await expect(phoneForm.getByLabel(t.auth.yourName, { exact: true })).toHaveValue('Namuli Ruth');
      await expect(phoneForm.getByLabel(t.auth.code, { exact: true })).toHaveValue('');
      await shot('login-code-refused');

      await phoneForm.getByLabel(t.auth.code, { exact: true }).fill(await textedCode(e164));
      await phoneForm.getByRole('button', { name: t.auth.continueWithCode }).click();
      await expect(page).toHaveURL(new RegExp(`${back}$`));

      // Logged in: the session the store's pages read, and the login handed on for the scripts of a later page.
      const cookies = await context.cookies();
      expect(cookies.find((cookie) => cookie.name === 'duuka_session')?.httpOnly).toBe(true);
      const handed = JSON.parse(decodeURIComponent(cookies.find((cookie) => cookie.name === 'duuka_login')!.value));
      expect(handed.profile).toMatchObject({ name: 'Namuli Ruth', phone_number: e164 });
      const addresses = await page.request.get('/api/addresses', { headers: { Authorization: `Bearer ${handed.token}` } });
      expect(addresses.status()).toBe(200);
    });
  }
});

for (const language of LANGUAGES) {
  test(`the number and name given at the code step start the delivery address, which goes straight to checkout (${language})`, async ({ page }, testInfo) => {
    const { t } = pageTranslator(language);
    const prefix = prefixOf(language);
    const { local, e164 } = newNumber();

    // The address page needs a login: it sends the guest to log in and back.
    await page.goto(`${prefix}/delivery-address`);
    await expect(page).toHaveURL(new RegExp(`${prefix}/auth/login\\?redirect=`));
    const phoneForm = page.getByRole('form', { name: t.auth.phoneFirst });
    await phoneForm.getByLabel(t.auth.phoneNumber, { exact: true }).fill(local);
    await phoneForm.getByRole('button', { name: t.auth.textMeACode }).click();
    await phoneForm.getByLabel(t.auth.code, { exact: true }).fill(await textedCode(e164));
    await phoneForm.getByLabel(t.auth.yourName, { exact: true }).fill('Okello Peter');
    await phoneForm.getByRole('button', { name: t.auth.continueWithCode }).click();

    await expect(page).toHaveURL(new RegExp(`${prefix}/delivery-address$`));
    await expect(page.getByLabel(t.checkout.fullName, { exact: true })).toHaveValue('Okello Peter');
    await expect(page.getByLabel(t.checkout.phone, { exact: true })).toHaveValue(local);
    await page.getByLabel(t.checkout.deliveryArea, { exact: true }).selectOption({ index: 2 });
    await page.getByLabel(t.checkout.addressLine, { exact: true }).fill('Plot 4, Gayaza Road, by the market');
    await page.screenshot({ path: `${SHOTS}/address-${language}-${testInfo.project.name}.png`, fullPage: true });
    await page.getByRole('button', { name: t.checkout.saveAddress }).click();
    await expect(page).toHaveURL(new RegExp(`${prefix}/checkout\\?address=\\d+$`));
  });
}
