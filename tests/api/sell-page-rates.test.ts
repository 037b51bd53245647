/**
 * The Sell page's fee table is the commission rates as charged: every rate `GET /api/commission-rates` gives is a
 * row of /sell in each language, and an administrator's new rate is on all three at once, cached copies
 * included (the pages carry the `commission-rates` tag the rate change drops).
 */
import { beforeAll, expect, it } from 'vitest';
import { url } from './client';
import { call, login, type Caller } from './callers';
import { ADMIN } from './server.setup';
import demoWords from '../../src/server/demo-data/catalogue/words.json' with { type: 'json' };

const TAG = Date.now().toString(36);
const PAGES = [
  ['/sell', 'Everything else', 'en'],
  ['/lg/sell', 'Ebirala byonna', 'lg'],
  ['/sw/sell', 'Vinginevyo vyote', 'sw'],
] as const;

/** A category as a page in `language` names it: the demo catalogue's Luganda and Swahili names, else as stored. */
const categoryIn = (language: 'en' | 'lg' | 'sw', category: string): string =>
  language === 'en' ? category : ((demoWords.category as Record<string, { lg: string; sw: string }>)[category]?.[language] ?? category);

let admin: Caller;
let category: { id: number; category: string };

const page = async (path: string) => {
  const reply = await fetch(url(path));
  expect(reply.status).toBe(200);
  return reply.text();
};
const row = (name: string, rate: number) => `<tr><td>${name.replace(/&/g, '&amp;')}</td><td>${rate}%</td></tr>`;

beforeAll(async () => {
  admin = await login(ADMIN.email, ADMIN.password, '10.61.0.1');
  const made = await call('/api/categories', admin, 'POST', { category: `Sell Table Wares ${TAG}` });
  expect(made.status, made.body.message).toBe(201);
  category = made.body.data;
});

it('lists every rate the store charges, everything else last, with the example under the table', async () => {
  const rates: { category_id: number | null; category: string; rate_percent: number }[] = (await call('/api/commission-rates', null)).body.data;
  expect(rates.some((rate) => rate.category_id === null)).toBe(true);
  for (const [path, everythingElse, language] of PAGES) {
    const html = await page(path);
    expect(html).not.toContain('{{commission-rates}}');
    const table = html.slice(html.indexOf('<table class="commission-rates">'), html.indexOf('</table>'));
    for (const rate of rates) expect(table).toContain(row(rate.category_id === null ? everythingElse : categoryIn(language, rate.category), rate.rate_percent));
    expect(table.trimEnd()).toMatch(new RegExp(`${everythingElse}</td><td>[\\d.]+%</td></tr></tbody>$`));
  }
  expect(await page('/sell')).toMatch(/Example: you sell a pair of shoes for UGX 80,000\. The commission is [\d.]+%, so UGX [\d,]+\. You receive UGX [\d,]+/);
});

it("shows an administrator's new rate at once in every language, though the pages were cached", async () => {
  const first = await call('/api/commission-rates', admin, 'POST', { category_id: category.id, rate_percent: 7.25 });
  expect([200, 201], first.body.message).toContain(first.status);
  for (const [path] of PAGES) {
    expect(await page(path)).toContain(row(category.category, 7.25));
    // Asked again: now from the page cache.
    expect(await page(path)).toContain(row(category.category, 7.25));
  }
  const changed = await call('/api/commission-rates', admin, 'POST', { category_id: category.id, rate_percent: 6.5 });
  expect([200, 201], changed.body.message).toContain(changed.status);
  for (const [path] of PAGES) {
    const html = await page(path);
    expect(html).toContain(row(category.category, 6.5));
    expect(html).not.toContain(row(category.category, 7.25));
  }
});
