/**
 * A vendor settles what it owes for the cash on delivery its riders kept, on a phone: the demo vendor's payouts page
 * says how much it owes, it types its MTN MoMo number and taps "Settle … by mobile money", approves on the phone (the
 * store's fake network approves), and the page says it is settled and owes nothing.
 */
import { expect, test } from './fixtures';
import { DEMO_ACCOUNTS } from '../../src/server/demo-data/demo-accounts';
import { storeLogin } from './shoppers';
import { apiLogin } from './vendor-steps';

test('the demo vendor sees what it owes and settles it by mobile money @any-size', async ({ page }) => {
  const storeUrl = process.env.E2E_BASE_URL!;
  const vendor = await apiLogin(page, DEMO_ACCOUNTS.vendor);
  await storeLogin(page, vendor);
  await page.context().addCookies([{ name: 'duuka_session', value: vendor.token, url: storeUrl }]);
  await page.goto('/vendor-dashboard/payouts');

  const owed = page.getByRole('region', { name: 'Owed to the store' });
  await expect(owed.locator('[data-balance="owed"]')).toHaveText(/^UGX [\d,]+$/);
  const amount = await owed.locator('[data-balance="owed"]').innerText();
  await expect(owed).toContainText(`You owe the store ${amount}`);
  // The page opens with why nothing is paid.
  await expect(page.locator('.payout-outlook')).toHaveText(`Nothing is paid to you while you owe the store ${amount}: settle it below.`);

  await owed.getByLabel('MTN MoMo or Airtel Money number').fill('0772 410 520');
  await owed.getByRole('button', { name: `Settle ${amount} by mobile money` }).click();
  await expect(owed.getByText(`Approve ${amount} on +256772410520 with your PIN`).first()).toBeVisible();
  await expect(owed.getByText(`Settled: thank you. ${amount} received.`)).toBeVisible({ timeout: 20_000 });
  await expect(owed).toContainText('You owe the store nothing.');
  await expect(page.locator('.payout-outlook')).not.toContainText('while you owe');
  await expect(owed.getByRole('list', { name: 'Settlements' }).getByRole('listitem').first()).toContainText(`${amount} MTN MoMo`);
  await expect(page.getByRole('region', { name: 'Earnings' })).toContainText('Settlement paid to the store');
});
