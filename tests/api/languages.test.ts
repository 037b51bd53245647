/**
 * The store in three languages through the real server: every page at `/`, `/lg/...` and `/sw/...` with its
 * `lang`, canonical and hreflang alternates; no page ships a catalogue key or an unfilled `{value}`; the page
 * cache keeps each language apart and a write drops all three; a shopper's chosen language sends English
 * addresses to theirs; the switch remembers the choice and opens the same page.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { api, url } from './client';
import { call, login, type Caller } from './callers';
import { ADMIN } from './server.setup';
import { CATALOGUES } from '~/lib/i18n/catalogues';
import { LANGUAGES, LANGUAGE_TAGS, pathInLanguage } from '~/lib/i18n/languages';

type Row = Record<string, any>;

const page = (path: string, init: RequestInit = {}) => fetch(url(path), { redirect: 'manual', ...init });
const htmlLang = (html: string) => /<html lang="([^"]+)"/.exec(html)?.[1];

/**
 * The page without its scripts and styles: what a shopper or a crawler reads, attributes included, but not the
 * data attributes its scripts read (texts whose `{name}` the script fills).
 */
const readable = (html: string) =>
  html
    .replace(/<script\b[\s\S]*?<\/script>/g, '')
    .replace(/<style\b[\s\S]*?<\/style>/g, '')
    .replace(/\sdata-[a-z-]+="[^"]*"/g, '');

// A catalogue key as a page would show it if a text were missing: an area name, a dot, a key (`layout.cart`).
const AREAS = Object.keys(CATALOGUES.en).join('|');
const RAW_KEY = new RegExp(`\\b(${AREAS})\\.[a-z][A-Za-z]+\\b`);
const UNFILLED = /\{[a-zA-Z]+\}/;

let admin: Caller;
let product: Row;

beforeAll(async () => {
  admin = await login(ADMIN.email, ADMIN.password, '10.243.0.2');
  const listed: Row[] = (await call('/api/products?limit=50&in_stock=1&sort_by=price_1&sort_order=desc', null)).body.data.data;
  product = listed.find((p) => p.has_colors !== 'Yes' && p.has_sizes !== 'Yes')!;
});

describe('every page in every language', () => {
  it('the three home pages: lang, canonical, and alternates naming all three with English as the default', async () => {
    for (const language of LANGUAGES) {
      const home = pathInLanguage(language, '/');
      const response = await page(home);
      expect(response.status, home).toBe(200);
      const html = await response.text();
      expect(htmlLang(html)).toBe(LANGUAGE_TAGS[language]);
      expect(html).toMatch(new RegExp(`<link rel="canonical" href="[^"]*${home === '/' ? '/' : home}"`));
      for (const other of LANGUAGES) {
        expect(html).toMatch(new RegExp(`<link rel="alternate" hreflang="${LANGUAGE_TAGS[other]}" href="[^"]*${pathInLanguage(other, '/')}"`));
      }
      expect(html).toMatch(/<link rel="alternate" hreflang="x-default" href="[^"]*\/"/);
    }
  });

  it('pages across the store answer in their language with no raw key or unfilled value', async () => {
    const paths = [
      '/',
      '/products',
      `/product/${product.id}`,
      `/category/${product.category}`,
      '/products?search=phone',
      '/cart',
      '/checkout',
      '/wishlist',
      '/help',
      '/about',
      '/auth/login',
      '/account',
    ];
    for (const language of LANGUAGES) {
      for (const path of paths) {
        const address = pathInLanguage(language, path);
        const response = await page(address);
        expect(response.status, address).toBe(200);
        const html = await response.text();
        expect(htmlLang(html), address).toBe(LANGUAGE_TAGS[language]);
        const text = readable(html);
        expect(RAW_KEY.exec(text)?.[0], `${address} shows a catalogue key`).toBeUndefined();
        expect(UNFILLED.exec(text)?.[0], `${address} shows an unfilled value`).toBeUndefined();
      }
    }
  });

  it('an address in no language, or a language prefix on the API, is not a page', async () => {
    expect((await page('/lg/no-such-page')).status).toBe(404);
    expect(htmlLang(await (await page('/lg/no-such-page')).text())).toBe('lg-UG');
    expect((await page('/fr/products')).status).toBe(404);
  });

  it('a redirect between pages stays in the language', async () => {
    const searched = await page('/sw/search?search=phone');
    expect(searched.status).toBe(302);
    expect(searched.headers.get('location')).toMatch(/^\/sw\//);
  });
});

describe('the page cache and the languages', () => {
  it('keeps each language apart, and a write drops the page in all three at once', async () => {
    const path = `/product/${product.id}`;
    for (const language of LANGUAGES) await (await page(pathInLanguage(language, path))).text();
    for (const language of LANGUAGES) {
      const again = await page(pathInLanguage(language, path));
      expect(again.headers.get('x-astro-cache'), language).toBe('HIT');
      expect(htmlLang(await again.text())).toBe(LANGUAGE_TAGS[language]);
    }
    const newPrice = Number(product.price_1) + 1_000;
    const form = new FormData();
    form.append('price_1', String(newPrice));
    const changed = await api(`/api/products/${product.id}?_method=PUT`, { method: 'POST', headers: admin.headers, body: form });
    expect(changed.status, changed.body.message).toBe(200);
    const digits = newPrice.toLocaleString('en-US');
    expect(await (await page(path)).text()).toContain(`UGX ${digits}`);
    expect(await (await page(`/sw${path}`)).text()).toContain(`UGX ${digits}`);
    expect(await (await page(`/lg${path}`)).text()).toContain(`${digits} UGX`);
  });
});

describe('the chosen language', () => {
  it('sends an English page to the chosen language, keeping the query; nothing else moves', async () => {
    const redirected = await page('/products?page=2', { headers: { Cookie: 'lang=sw' } });
    expect(redirected.status).toBe(302);
    expect(redirected.headers.get('location')).toBe('/sw/products?page=2');
    expect(redirected.headers.get('cache-control')).toContain('no-store');
    expect(redirected.headers.get('vary')).toContain('Cookie');
    expect((await page('/', { headers: { Cookie: 'lang=lg' } })).headers.get('location')).toBe('/lg');
    // An address that names its language wins, and English stays English for whoever chose it.
    expect((await page('/lg/cart', { headers: { Cookie: 'lang=sw' } })).status).toBe(200);
    expect((await page('/cart', { headers: { Cookie: 'lang=en' } })).status).toBe(200);
    expect((await page('/api/health', { headers: { Cookie: 'lang=lg' } })).status).toBe(200);
  });

  it('the switch remembers the language and opens the same page in it; other sites cannot switch', async () => {
    const switched = await page('/language', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'Sec-Fetch-Site': 'same-origin' },
      body: new URLSearchParams({ language: 'lg', back: `/sw/product/${product.id}?tab=reviews` }),
    });
    expect(switched.status).toBe(303);
    expect(switched.headers.get('location')).toBe(`/lg/product/${product.id}?tab=reviews`);
    expect(switched.headers.get('set-cookie')).toMatch(/^lang=lg; Path=\/; SameSite=Lax; Max-Age=31536000/);

    const toEnglish = await page('/language', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ language: 'en', back: '/lg' }),
    });
    expect(toEnglish.headers.get('location')).toBe('/');
    expect(toEnglish.headers.get('set-cookie')).toMatch(/^lang=en;/);

    const offSite = await page('/language', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'Sec-Fetch-Site': 'cross-site' },
      body: new URLSearchParams({ language: 'sw', back: '/' }),
    });
    expect(offSite.status).toBe(403);
    expect(offSite.headers.get('set-cookie')).toBeNull();

    const unknown = await page('/language', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ language: 'fr', back: '/' }),
    });
    expect(unknown.status).toBe(400);
    const elsewhere = await page('/language', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ language: 'sw', back: 'https://evil.example/' }),
    });
    expect(elsewhere.headers.get('location')).toBe('/sw');
  });
});
