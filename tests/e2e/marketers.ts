/** What the end-to-end tests do as the demo marketer: log in through the login page, wait for the editor, check accessibility. */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { DEMO_ACCOUNTS } from '../../src/server/demo-data/demo-accounts';

export const MARKETER = DEMO_ACCOUNTS.marketer;

/** Opens a page of the editor (`/admin/pages?...`) as the demo marketer, logging in on the way like a person would. */
export async function openAsMarketer(page: Page, path: string) {
  await page.goto(path);
  await expect(page).toHaveURL(/\/auth\/login\?redirect=/);
  await page.getByLabel('Email or phone number').fill(MARKETER.email);
  await page.getByLabel('Password').fill(MARKETER.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(new RegExp(`${path.replace(/[?]/g, '\\?')}$`));
}

/** The editor island, once React has woken it: its page text box. */
export async function editorReady(page: Page) {
  await expect(page.locator('astro-island:not([ssr])')).not.toHaveCount(0);
  const text = page.getByRole('textbox', { name: 'Page text' });
  await expect(text).toBeVisible();
  return text;
}

/** The WCAG 2.1 A and AA violations axe finds on the page, one line each. */
export async function accessibilityProblems(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).slice(0, 3)})`);
}

/** A word that appears nowhere in the store (letters only, so search takes it whole): finding it proves a publish arrived. */
export const newWord = (prefix: string, label: string) =>
  `${prefix}${label}${Date.now()
    .toString(36)
    .replace(/[0-9]/g, (d) => 'abcdefghij'[Number(d)]!)}`;
