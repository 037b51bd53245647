import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, failedLoad, test } from './fixtures';
import { toast } from './shoppers';

async function resetCodeFor(email: string): Promise<string> {
  const dir = process.env.E2E_OUTBOX_DIR!;
  for (let i = 0; i < 50; i++) {
    const mail = (await readdir(dir))
      .filter((file) => file.includes(email))
      .sort()
      .at(-1);
    if (mail) return (await readFile(path.join(dir, mail), 'utf8')).match(/reset code is (\d{6})/)![1]!;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no reset mail for ${email}`);
}

test('register → log out → guarded page → log in and back → edit profile → reset a forgotten password', async ({ page, pageProblems }, testInfo) => {
  // The wrong password, refused: the login page answers 400 with the reason.
  pageProblems.allow(failedLoad(400, '/auth/login'));
  const email = `e2e.${testInfo.project.name}.${Date.now()}@example.com`;

  await page.goto('/auth/register');
  await page.getByLabel('First name').fill('Grace');
  await page.getByLabel('Last name').fill('Akello');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel(/^Password/).fill('Kampala-2026!');
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole('heading', { name: 'Hello, Grace' })).toBeVisible();
  await expect(page.getByText('You have not placed an order yet.')).toBeVisible();

  // Guest-only: the registration page sends a logged-in shopper on.
  await page.goto('/auth/register');
  await expect(page).toHaveURL(/\/account$/);

  await page.goto('/account/settings');
  await page.getByRole('button', { name: 'Log out', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);

  await page.goto('/account/profile');
  await expect(page).toHaveURL(/\/auth\/login\?redirect=%2Faccount%2Fprofile$/);
  await page.getByLabel('Email or phone number').fill(email);
  await page.getByLabel('Password').fill('not-my-password');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('alert')).toHaveText('Login failed: the email or password is not correct');
  await page.getByLabel('Password').fill('Kampala-2026!');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/account\/profile$/);

  await page.getByLabel('Phone').fill('+256 772 555 010');
  await page.getByLabel('Delivery address').fill('Plot 5, Ntinda Road, Kampala');
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(toast(page, 'Profile updated')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Phone')).toHaveValue('+256 772 555 010');
  await expect(page.getByLabel('Delivery address')).toHaveValue('Plot 5, Ntinda Road, Kampala');
  await page.screenshot({ path: testInfo.outputPath(`profile-${testInfo.project.name}.png`), fullPage: true });

  await page.goto('/account/settings');
  await page.getByRole('button', { name: 'Log out', exact: true }).click();
  await page.goto('/auth/forgot-password');
  await page.getByLabel('Email or phone number').fill(email);
  await page.getByRole('button', { name: 'Send me a code' }).click();
  await expect(page.getByRole('status')).toHaveText('Password reset code sent to your email');
  await page.getByLabel('6-digit code').fill(await resetCodeFor(email));
  await page.getByLabel(/^New password/).fill('Jinja-nile-2026');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page).toHaveURL(/\/auth\/login\?notice=reset$/);
  await expect(page.getByRole('status')).toHaveText('Password reset successfully');

  await page.getByLabel('Email or phone number').fill(email);
  await page.getByLabel('Password').fill('Jinja-nile-2026');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/account$/);
});

test('the account pages send a guest to log in, and the header shows no Account link to guests', { tag: '@any-size' }, async ({ page }) => {
  for (const path of ['/account', '/account/orders', '/account/settings']) {
    await page.goto(path);
    await expect(page).toHaveURL(new RegExp(`/auth/login\\?redirect=${encodeURIComponent(path)}$`));
  }
});
