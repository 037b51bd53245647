/**
 * The marketers' content in Luganda and Swahili: the starting translations, the English shown (and marked) where
 * a language has none, a translation's own draft, publish, history and version check, and that a publish in one
 * language is on that language's pages, its sitemap and its search at once while the other languages keep
 * theirs; an English publish reaches the other languages' pages that show the English.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { api, url } from './client';
import { call, login, type Caller } from './callers';
import { ADMIN } from './server.setup';
import { DEMO_ACCOUNTS } from '../../src/server/demo-data/demo-accounts';

type Row = Record<string, any>;
/** A page no other API test translates (tests/api/instances.test.ts publishes its English on PostgreSQL). */
const PAGE = 'about-legacy';
const LANGUAGE_PROBLEM = 'language: must be en (English), lg (Luganda) or sw (Kiswahili)';
const NOT_TRANSLATED = {
  lg: 'Olupapula luno terunnavvuunulwa mu Luganda: lulagiddwa mu Lungereza.',
  sw: 'Ukurasa huu bado haujatafsiriwa kwa Kiswahili: unaonyeshwa kwa Kiingereza.',
};

let marketer: Caller;
let admin: Caller;

beforeAll(async () => {
  [marketer, admin] = await Promise.all([
    login(DEMO_ACCOUNTS.marketer.email, DEMO_ACCOUNTS.marketer.password, '10.241.0.1'),
    login(ADMIN.email, ADMIN.password, '10.241.0.2'),
  ]);
});

const html = async (path: string) => (await fetch(url(path))).text();
/** Reads `path` until the page cache answers it, so that only a purge can make it change. */
async function cachedHtml(path: string): Promise<string> {
  await html(path);
  const again = await fetch(url(path));
  expect(again.headers.get('x-astro-cache'), path).toBe('HIT');
  return again.text();
}
const documentIn = async (language: string, key = PAGE): Promise<Row> => (await call(`/api/content/${key}?language=${language}`, marketer)).body.data;
const publishIn = (language: string, version: number, content: unknown, key = PAGE, who = marketer) =>
  call(`/api/content/${key}/publish?language=${language}`, who, 'POST', { version, content });
const helpResults = async (path: string) => (await html(path)).split('class="help-results"')[1]!.split('</section>')[0]!;
const lugandaIndexHash = async () => {
  const { languages } = await (await fetch(url('/pagefind/pagefind-entry.json'))).json();
  return languages.lg.hash as string;
};
/** A word found nowhere else in the store. */
const uniqueWord = (label: string) =>
  `${label}${Math.random()
    .toString(36)
    .replace(/[^a-z]/g, '')
    .slice(0, 8)}`;
const heading = (page: string) => /<h1( lang="[^"]+")?>([^<]*)<\/h1>/.exec(page);

describe('the starting content in every language', () => {
  it('has the shopping pages in Luganda and Swahili, and shows Terms and Privacy in English, marked, on their addresses', async () => {
    const about = { lg: 'Ebikwata ku Duuka', sw: 'Kuhusu Duuka' };
    for (const language of ['lg', 'sw'] as const) {
      const translated = await html(`/${language}/about`);
      expect(heading(translated)?.slice(1)).toEqual([undefined, about[language]]);
      expect(translated).not.toContain('class="notice untranslated"');
      expect(translated).toMatch(/<div class="page-text">/);
      for (const key of ['terms', 'privacy']) {
        const english = await html(`/${language}/${key}`);
        expect(english, key).toContain(`<html lang="${language}-UG"`);
        expect(heading(english)?.[1], key).toBe(' lang="en-UG"');
        expect(english, key).toContain(`<p class="notice untranslated" role="note">${NOT_TRANSLATED[language]}</p>`);
        expect(english, key).toContain('<div class="page-text" lang="en-UG">');
      }
    }
    expect(await html('/terms')).not.toContain('class="notice untranslated"');
  });

  it('lists each document in a language for editors: published there, or not yet with the English beside it', async () => {
    const reply = await call('/api/content?language=sw', marketer);
    expect(reply.status).toBe(200);
    const byKey = new Map((reply.body.data as Row[]).map((document) => [document.key, document]));
    expect(byKey.get('sell')).toMatchObject({ language: 'sw', published: { title: expect.stringContaining('Uza kwenye Duuka') }, published_number: 1 });
    expect(byKey.get('terms')).toMatchObject({
      language: 'sw',
      published: null,
      published_at: null,
      published_number: 0,
      version: 0,
      changed_at: null,
      english: { title: expect.stringContaining('Terms of Use') },
    });
    expect(byKey.get('contact-details')!.published).toEqual({ address: 'Kiwanja Na. 24, Kampala Road, Kampala, Uganda', city: 'Kampala' });
    expect((await call('/api/content/sell', marketer)).body.data).toMatchObject({ language: 'en', english: null });
  });

  it('refuses a language the store does not speak, after checking who is asking', async () => {
    expect((await call('/api/content?language=fr', null)).status).toBe(401);
    for (const [method, path, body] of [
      ['GET', '/api/content?language=fr'],
      ['GET', `/api/content/${PAGE}?language=en-UG`],
      ['PUT', `/api/content/${PAGE}?language=xx`, { version: 1, content: {} }],
      ['POST', `/api/content/${PAGE}/publish?language=LG`, { version: 1 }],
      ['GET', `/api/content/${PAGE}/history?language=fr`],
    ] as [string, string, unknown?][]) {
      const reply = await call(path, marketer, method, body);
      expect(reply.status, `${method} ${path}`).toBe(400);
      expect(reply.body).toMatchObject({ code: 0, message: LANGUAGE_PROBLEM });
    }
    expect((await call(`/api/content/${PAGE}?language=en`, marketer, 'PUT', { version: 0, content: {} })).body.message).toBe(
      'version: is required (the version of the page you started from)',
    );
  });
});

describe('a translation of its own', () => {
  it('keeps its first draft to editors, then shows it in its language alone the moment it is published', async () => {
    const word = uniqueWord('ebyafaayo');
    const before = await documentIn('lg');
    expect(before).toMatchObject({ version: 0, published: null, draft: null });
    const englishVersion = (await documentIn('en')).version;
    expect(await cachedHtml(`/lg/${PAGE}`)).toContain(NOT_TRANSLATED.lg);
    await Promise.all([cachedHtml(`/${PAGE}`), cachedHtml(`/sw/${PAGE}`)]);
    const sitemap = await html('/sitemap-lg-pages.xml');
    const indexBefore = await lugandaIndexHash();

    const translation = { ...before.english, title: 'Ebyafaayo bya Duuka', heading: 'Ebyafaayo bya Duuka', body: `Duuka yatandika e Kampala. ${word}.` };
    const saved = await call(`/api/content/${PAGE}?language=lg`, marketer, 'PUT', { version: 0, content: translation });
    expect(saved.status, saved.body.message).toBe(200);
    expect(saved.body.data).toMatchObject({ language: 'lg', version: 1, published: null, published_number: 0, draft: { title: 'Ebyafaayo bya Duuka' } });
    expect(await html(`/lg/${PAGE}`)).not.toContain(word);
    expect(await html('/sitemap-lg-pages.xml')).toBe(sitemap);

    const published = await call(`/api/content/${PAGE}/publish?language=lg`, marketer, 'POST', { version: 1 });
    expect(published.status, published.body.message).toBe(200);
    expect(published.body.data).toMatchObject({ language: 'lg', version: 2, published_number: 1, draft: null, published: { title: 'Ebyafaayo bya Duuka' } });

    const luganda = await html(`/lg/${PAGE}`);
    expect(luganda).toContain(word);
    expect(heading(luganda)?.slice(1)).toEqual([undefined, 'Ebyafaayo bya Duuka']);
    expect(luganda).not.toContain('class="notice untranslated"');
    expect(await html(`/${PAGE}`)).not.toContain(word);
    const swahili = await html(`/sw/${PAGE}`);
    expect(swahili).not.toContain(word);
    expect(swahili).toContain(NOT_TRANSLATED.sw);
    expect((await documentIn('en')).version).toBe(englishVersion);

    const today = new Date().toISOString().slice(0, 10);
    expect(await html('/sitemap-lg-pages.xml')).toContain(`/lg/${PAGE}</loc><lastmod>${today}</lastmod>`);
    // Only the Luganda index is compared: other test files publish English pages on the same store meanwhile.
    expect(await lugandaIndexHash()).not.toBe(indexBefore);
    expect(await helpResults(`/lg/help?q=${word}`)).toContain(`href="/lg/${PAGE}"`);
    expect(await helpResults(`/help?q=${word}`)).toContain('No help pages mention');

    const history = (await call(`/api/content/${PAGE}/history?language=lg`, marketer)).body.data as Row[];
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ number: 1, published_by: 'Sarah Namuli', restored_from: null });
    expect(((await call(`/api/content/${PAGE}/history?language=en`, marketer)).body.data as Row[]).at(-1)).toMatchObject({ number: 1 });
  });

  it('shows an English publish at once on the other languages’ pages that show the English, not on a translated one', async () => {
    const word = uniqueWord('legacy');
    const [swahili, luganda] = await Promise.all([cachedHtml(`/sw/${PAGE}`), cachedHtml(`/lg/${PAGE}`)]);
    expect(swahili).toContain(NOT_TRANSLATED.sw);
    expect(luganda).not.toContain('class="notice untranslated"');
    const english = await documentIn('en');
    const published = await publishIn('en', english.version, { ...english.published, body: `${english.published.body}\n\nSince ${word}.` });
    expect(published.status, published.body.message).toBe(200);
    expect(await html(`/sw/${PAGE}`)).toContain(word);
    expect(await html(`/${PAGE}`)).toContain(word);
    expect(await html(`/lg/${PAGE}`)).not.toContain(word);
    expect(await helpResults(`/sw/help?q=${word}`)).toContain(`href="/sw/${PAGE}"`);
    const restored = await call(`/api/content/${PAGE}/restore?language=en`, marketer, 'POST', {
      version: published.body.data.version,
      number: english.published_number,
    });
    expect(restored.status).toBe(200);
    expect(await html(`/sw/${PAGE}`)).not.toContain(word);
  });

  it('restores an earlier version of the same language only', async () => {
    const before = await documentIn('lg');
    const changed = await publishIn('lg', before.version, { ...before.published, heading: 'Ebyafaayo byaffe' });
    expect(changed.status).toBe(200);
    expect(heading(await html(`/lg/${PAGE}`))?.[2]).toBe('Ebyafaayo byaffe');
    expect((await call(`/api/content/${PAGE}/restore?language=lg`, marketer, 'POST', { version: changed.body.data.version, number: 99 })).status).toBe(404);
    const restored = await call(`/api/content/${PAGE}/restore?language=lg`, marketer, 'POST', { version: changed.body.data.version, number: 1 });
    expect(restored.status).toBe(200);
    expect(restored.body.data).toMatchObject({ language: 'lg', published_number: 3 });
    expect(heading(await html(`/lg/${PAGE}`))?.[2]).toBe('Ebyafaayo bya Duuka');
  });

  it('lets exactly one of two first saves of a translation through; the other is told who got there first', async () => {
    const before = await documentIn('sw');
    expect(before.version).toBe(0);
    const draft = (who: string) => ({ ...before.english, body: `Rasimu ya ${who}.` });
    const replies = await Promise.all([
      call(`/api/content/${PAGE}?language=sw`, marketer, 'PUT', { version: 0, content: draft('mwuzaji') }),
      call(`/api/content/${PAGE}?language=sw`, admin, 'PUT', { version: 0, content: draft('msimamizi') }),
    ]);
    expect(replies.map((reply) => reply.status).sort()).toEqual([200, 409]);
    expect(replies.find((reply) => reply.status === 409)!.body.message).toMatch(/^Not saved: (Sarah Namuli|Store Admin) changed this page at/);
    const after = await documentIn('sw');
    expect(after.version).toBe(1);
    expect(after.draft.body).toBe(replies.find((reply) => reply.status === 200)!.body.data.draft.body);
    expect(after.published).toBeNull();
    // Of two publishes of that draft, one goes live: a single version 1 in the history.
    const publishes = await Promise.all([publishIn('sw', 1, undefined), publishIn('sw', 1, undefined, PAGE, admin)]);
    expect(publishes.map((reply) => reply.status).sort()).toEqual([200, 409]);
    const history = (await call(`/api/content/${PAGE}/history?language=sw`, marketer)).body.data as Row[];
    expect(history.map((entry) => entry.number)).toEqual([1]);
    expect(await html(`/sw/${PAGE}`)).toContain('Rasimu ya');
  });
});

describe('the promotions and contact details in a language', () => {
  it('changes the header’s tiles on every page in that language at once, and nowhere else', async () => {
    const before = await documentIn('lg', 'home-promotions');
    const pages = ['/lg', '/lg/products', '/lg/about', '/', '/sw', '/about'];
    await Promise.all(pages.map(cachedHtml));
    const tile = { title: 'Wiiki ya Bbeeyi Ntono', text: 'ku ssimu ne ttivi', href: '/products' };
    const published = await publishIn('lg', before.version, { ...before.published, tiles: [tile] }, 'home-promotions');
    expect(published.status, published.body.message).toBe(200);
    for (const path of pages) {
      const page = await html(path);
      if (path.startsWith('/lg')) {
        expect(page, path).toContain('Wiiki ya Bbeeyi Ntono');
        expect(page, path).toContain('href="/lg/products"><strong>Wiiki ya Bbeeyi Ntono</strong>');
      } else expect(page, path).not.toContain('Wiiki ya Bbeeyi Ntono');
    }
    const restored = await call('/api/content/home-promotions/restore?language=lg', marketer, 'POST', { version: published.body.data.version, number: 1 });
    expect(restored.status).toBe(200);
    expect(await html('/lg')).toContain('Seeru z&#39;akaseera');
  });

  it('keeps a translation of the contact details to their words; the numbers come from English in every language', async () => {
    const words = await documentIn('lg', 'contact-details');
    const refused = await publishIn('lg', words.version, { ...words.published, phone: '+256 700 000 111' }, 'contact-details');
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain('Unrecognized key: "phone"');
    expect((await publishIn('lg', words.version, { address: '', city: 'Kampala' }, 'contact-details')).body.message).toBe('address: must not be empty');

    await Promise.all(['/lg/faq', '/faq', '/sw/faq'].map(cachedHtml));
    const moved = await publishIn('lg', words.version, { address: 'Poloti 7, Luwum Street, Kampala', city: 'Kampala' }, 'contact-details');
    expect(moved.status, moved.body.message).toBe(200);
    expect(await html('/lg/faq')).toContain('<address>Poloti 7, Luwum Street, Kampala');
    expect(await html('/faq')).toContain('<address>Plot 24, Kampala Road');
    expect(await html('/sw/faq')).toContain('<address>Kiwanja Na. 24, Kampala Road');

    const english = await documentIn('en', 'contact-details');
    const phone = await publishIn('en', english.version, { ...english.published, phone: '+256 700 555 444' }, 'contact-details');
    expect(phone.status).toBe(200);
    for (const path of ['/lg/faq', '/sw/faq', '/faq']) expect(await html(path), path).toContain('+256 700 555 444');
    for (const [language, document] of [
      ['lg', moved.body.data],
      ['en', phone.body.data],
    ] as const) {
      const restored = await call(`/api/content/contact-details/restore?language=${language}`, marketer, 'POST', { version: document.version, number: 1 });
      expect(restored.status).toBe(200);
    }
    expect(await html('/lg/faq')).toContain('<address>Poloti 24, Kampala Road');
  });
});

describe('the sitemaps', () => {
  it('list every page in every language, each with its address in every language', async () => {
    const index = await html('/sitemap.xml');
    const parts = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname);
    for (const prefix of ['', 'lg-', 'sw-']) {
      expect(parts).toEqual(expect.arrayContaining(['pages', 'categories', 'vendors', 'products-1'].map((part) => `/sitemap-${prefix}${part}.xml`)));
    }
    const total = (await api('/api/products')).body.data.total;
    const swahiliProducts = await html('/sitemap-sw-products-1.xml');
    const urls = [...swahiliProducts.matchAll(/<url><loc>[^<]+\/sw\/product\/(\d+)<\/loc>.*?<\/url>/g)];
    expect(urls).toHaveLength(total);
    const [first] = urls;
    const id = first![1];
    // The store's address is SITE_URL, not the test's: compare paths.
    const alternates = [...first![0].matchAll(/<xhtml:link rel="alternate" hreflang="([^"]+)" href="([^"]+)"\/>/g)].map(([, hreflang, href]) => [
      hreflang,
      new URL(href!).pathname,
    ]);
    expect(alternates).toEqual([
      ['en-UG', `/product/${id}`],
      ['lg-UG', `/lg/product/${id}`],
      ['sw-UG', `/sw/product/${id}`],
      ['x-default', `/product/${id}`],
    ]);
    const pages = await html('/sitemap-lg-pages.xml');
    const locations = [...pages.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname);
    expect(locations).toEqual(expect.arrayContaining(['/lg', '/lg/products', '/lg/sell', '/lg/help', '/lg/terms', '/lg/privacy']));
    expect((await fetch(url('/sitemap-fr-pages.xml'))).status).toBe(404);
    expect((await fetch(url('/sitemap-lg-products-999.xml'))).status).toBe(404);
  });
});

describe('the live preview', () => {
  it('renders a translation’s links to the store’s pages in its language, and leaves other sites and pictures alone', async () => {
    const { english } = await documentIn('sw', 'terms');
    const rendered = await call('/api/content/terms/render?language=sw', marketer, 'POST', {
      content: { ...english, body: 'Soma [Msaada](/help), [duka](https://example.com/shop) na [picha](/storage/images/default.jpg).' },
    });
    expect(rendered.status).toBe(200);
    expect(rendered.body.data.html).toContain('<a href="/sw/help">Msaada</a>');
    expect(rendered.body.data.html).toContain('<a href="https://example.com/shop">');
    expect(rendered.body.data.html).toContain('<a href="/storage/images/default.jpg">');
  });
});
