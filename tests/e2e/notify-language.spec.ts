/**
 * A shopper who signs up on a Luganda page is written to in Luganda: the registration form posts to the Luganda
 * page, the account keeps its language, and the password reset mail comes in Luganda whatever
 * page asks for it later. Fields are found by their names, so the test holds while the form's labels are
 * translated.
 */
import { expect, test } from './fixtures';
import { mailsIn } from '../support/outbox';
import { PASSWORD } from './shoppers';

test('signing up on a Luganda page makes a Luganda account, mailed in Luganda', { tag: '@any-size' }, async ({ page }, testInfo) => {
  const email = `e2e.luganda.${testInfo.project.name}.${Date.now()}@example.com`;
  await page.goto('/lg/auth/register');
  await expect(page.locator('html')).toHaveAttribute('lang', 'lg-UG');
  const form = page.locator('form').filter({ has: page.locator('input[name="first_name"]') });
  await form.locator('input[name="first_name"]').fill('Nakato');
  await form.locator('input[name="last_name"]').fill('Namubiru');
  await form.locator('input[name="email"]').fill(email);
  await form.locator('input[name="password"]').fill(PASSWORD);
  await form.locator('button[type="submit"]').click();
  await expect(page).toHaveURL(/\/lg\/account$/);
  // Read through a login of its own: the page moves on before the registration's reply body can be read.
  const address = `10.78.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
  const loggedIn = await page.request.post('/api/users/login', { headers: { 'X-Forwarded-For': address }, data: { username: email, password: PASSWORD } });
  expect((await loggedIn.json()).data.language).toBe('lg');

  const asked = await page.request.post('/api/users/login', {
    headers: { 'Accept-Language': 'en-UG', 'X-Forwarded-For': address },
    data: { task: 'request_password_reset', username: email },
  });
  expect(asked.status()).toBe(200);
  const [mail] = await mailsIn(process.env.E2E_OUTBOX_DIR!, email);
  expect(mail!.subject).toMatch(/^Koodi yo ey'okukyusa ekigambo ky'ekyama ku Duuka: \d{6}$/);
  expect(mail!.text).toMatch(/^Gyebale ko Nakato,\n\nKoodi yo ey'okukyusa ekigambo ky'ekyama ye \d{6}\./);
});
