/**
 * The catalogue's words in Luganda and Swahili, as administrators keep them on the dashboard's Words screen and
 * shoppers read them: the demo's names on /lg and /sw pages (categories, filters, a product's colours, sizes and
 * specification names, delivery regions), English on English pages and the API; a saved name shows on the next
 * page at once, an emptied one falls back to English, and a bad edit is refused without writing anything.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { url } from './client';
import { call, login, pageCookie, register, type Caller } from './callers';
import { ADMIN } from './server.setup';

type Row = Record<string, any>;

let admin: Caller;
let shopper: Caller;
let product: Row;

const page = async (path: string) => {
  const reply = await fetch(url(path));
  expect(reply.status, path).toBe(200);
  return reply.text();
};

/** Posts the Words screen's form for one kind: rows of [english, lg, sw]. */
const save = (who: Caller, kind: string, rows: [string, string, string][]) =>
  fetch(url(`/vendor-dashboard/words?kind=${kind}`), {
    method: 'POST',
    redirect: 'manual',
    headers: { ...pageCookie(who), Origin: new URL(url('/')).origin, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(
      rows.flatMap(([english, lg, sw], i) => [
        [`english.${i}`, english],
        [`lg.${i}`, lg],
        [`sw.${i}`, sw],
      ]),
    ),
  });

beforeAll(async () => {
  [admin, shopper] = await Promise.all([login(ADMIN.email, ADMIN.password, '10.63.0.1'), register('10.63.0.2', 'Words')]);
  const listed: Row[] = (await call('/api/products?limit=100', null)).body.data.data;
  product = listed.find((p) => p.has_colors === 'Yes' && p.has_sizes === 'Yes' && p.colors.split(',').includes('Black'))!;
  expect(product).toBeTruthy();
});

describe('shoppers read the catalogue in their language', () => {
  it('names categories, colours, sizes and specifications in Luganda and Swahili, and in English on English pages', async () => {
    const [lg, sw, en] = await Promise.all([`/lg/product/${product.id}`, `/sw/product/${product.id}`, `/product/${product.id}`].map(page));
    expect(lg).toContain('Emisono');
    expect(lg).toContain('Kiddugavu');
    expect(lg).toContain('>Kampuni</th>');
    expect(sw).toContain('Mitindo');
    expect(sw).toContain('Nyeusi');
    expect(sw).toContain('>Chapa</th>');
    expect(en).toContain('>Brand</th>');
    expect(en).not.toContain('Kiddugavu');
    // The choice still sends the colour as the product stores it.
    expect(lg).toMatch(/name="color" value="Black"/);
  });

  it('names the filters’ colours in the language while the address keeps the English value', async () => {
    const html = await page(`/lg/category/${product.sub_category}?color=Black`);
    expect(html).toMatch(/<input type="checkbox" name="color" value="Black" checked[^>]*>\s*<span class="facet-name">Kiddugavu<\/span>/);
  });

  it('says the delivery regions in the language: "Mukono (Kati)"', async () => {
    const html = await page('/sw/delivery-address');
    expect(html).toMatch(/Mukono&quot;\],&quot;region&quot;:\[0,&quot;Kati&quot;\]/);
  });

  it('keeps the API in English, as the spec writes it', async () => {
    const categories: Row[] = (await call('/api/categories', null)).body.data;
    expect(categories.map((category) => category.category)).toContain('Fashion');
    expect(categories.map((category) => category.category)).not.toContain('Emisono');
  });
});

describe('administrators keep the names', () => {
  it('shows each kind with its words and their names to administrators only', async () => {
    const guest = await fetch(url('/vendor-dashboard/words'), { redirect: 'manual' });
    expect(guest.status).toBe(302);
    const refused = await fetch(url('/vendor-dashboard/words'), { headers: pageCookie(shopper), redirect: 'manual' });
    expect(refused.status).not.toBe(200);
    const reply = await fetch(url('/vendor-dashboard/words?kind=colour'), { headers: pageCookie(admin) });
    expect(reply.status).toBe(200);
    expect(reply.headers.get('cache-control')).toMatch(/no-store/);
    const html = await reply.text();
    expect(html).toMatch(/<input name="lg\.\d+" value="Kiddugavu" maxlength="120" lang="lg" aria-label="Black in Luganda"/);
    expect(html).toMatch(/<input name="sw\.\d+" value="Nyeusi" maxlength="120" lang="sw" aria-label="Black in Kiswahili"/);
  });

  it('shows a saved name on the next page at once, and English again once it is emptied', async () => {
    const reply = await save(admin, 'colour', [['Black', 'Kiddugavu ddala', 'Nyeusi kabisa']]);
    expect(reply.status).toBe(303);
    expect(reply.headers.get('location')).toBe('/vendor-dashboard/words?kind=colour&page=1&notice=words');
    expect(await page(`/lg/category/${product.sub_category}?color=Black`)).toContain('<span class="facet-name">Kiddugavu ddala</span>');
    expect(await page(`/sw/product/${product.id}`)).toContain('Nyeusi kabisa');

    expect((await save(admin, 'colour', [['Black', '', 'Nyeusi']])).status).toBe(303);
    const lg = await page(`/lg/category/${product.sub_category}?color=Black`);
    expect(lg).toContain('<span class="facet-name">Black</span>');
    expect(await page(`/sw/product/${product.id}`)).not.toContain('Nyeusi kabisa');
    expect((await save(admin, 'colour', [['Black', 'Kiddugavu', 'Nyeusi']])).status).toBe(303);
  });

  it('refuses markup, a name too long, an unknown kind and a shopper, writing nothing', async () => {
    for (const [kind, rows] of [
      ['colour', [['Black', '<b>Kiddugavu</b>', 'Nyeusi']]],
      ['colour', [['Black', 'x'.repeat(121), 'Nyeusi']]],
      ['brand', [['Tecno', 'Tekino', 'Tekino']]],
    ] as [string, [string, string, string][]][]) {
      expect((await save(admin, kind, rows)).status).toBe(kind === 'brand' ? 404 : 400);
    }
    const byShopper = await save(shopper, 'colour', [['Black', 'Ekyange', 'Changu']]);
    expect(byShopper.status).not.toBe(303);
    const lg = await page(`/lg/product/${product.id}`);
    expect(lg).toContain('Kiddugavu');
    expect(lg).not.toContain('Ekyange');
  });
});
