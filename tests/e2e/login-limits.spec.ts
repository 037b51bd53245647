import { expect, test } from '@playwright/test';
import { PASSWORD, logIn, registerShopper } from './shoppers';

const someAddress = () => `10.78.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;

test('the login form says when to try again where a guesser locked the login, and the owner gets in from elsewhere', { tag: '@any-size' }, async ({ page }) => {
  const shopper = await registerShopper(page, 'locked');
  const guesser = someAddress();
  for (let i = 0; i < 10; i++) {
    const reply = await page.request.post('/api/users/login', {
      headers: { 'X-Forwarded-For': guesser },
      data: { username: shopper.email, password: 'not-my-password' },
    });
    expect(reply.status()).toBe(400);
  }

  // The test store trusts X-Forwarded-For: the browser first acts from the guesser's address, then from the owner's.
  await page.setExtraHTTPHeaders({ 'X-Forwarded-For': guesser });
  await page.goto('/auth/login');
  await logIn(page, shopper.email);
  await expect(page.getByRole('alert')).toHaveText('Too many login attempts. Please wait 15 minutes and try again.');
  await expect(page).toHaveURL(/\/auth\/login$/);

  await page.setExtraHTTPHeaders({ 'X-Forwarded-For': someAddress() });
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/account$/);
});
