/**
 * The marketers' content in Luganda and Swahili, by its pure rules: which pages start translated, what a
 * translation of the contact details may hold, which starting translations an existing store gets, and links
 * in a page's text that keep the page's language.
 */
import { describe, expect, it } from 'vitest';
import { startingDocuments, parsePageFile } from '../../src/server/content/starting-content';
import { startingDocumentsToAdd } from '../../src/server/content/content-store';
import { checkContent, checkContentIn } from '../../src/server/content/content-schemas';
import { renderMarkdown } from '../../src/server/content/markdown';
import type { PageContent, Promotions } from '../../src/lib/site-content';

const TRANSLATED = ['about', 'buyer-protection', 'contact', 'faq', 'help', 'sell'];

describe('the starting translations', () => {
  it('translate the shopping pages into Luganda and Swahili, leave Terms and Privacy English, and keep the English order', async () => {
    const documents = await startingDocuments();
    const english = new Map(documents.filter((d) => d.language === 'en' && d.kind === 'page').map((d) => [d.key, d.content as PageContent]));
    for (const language of ['lg', 'sw'] as const) {
      const pages = documents.filter((document) => document.language === language && document.kind === 'page');
      expect(pages.map((page) => page.key).sort()).toEqual(expect.arrayContaining(TRANSLATED));
      expect(pages.map((page) => page.key)).not.toContain('terms');
      expect(pages.map((page) => page.key)).not.toContain('privacy');
      for (const page of pages) {
        const content = page.content as PageContent;
        expect(content.order, page.key).toBe(english.get(page.key)!.order);
        expect(content.title, page.key).not.toBe(english.get(page.key)!.title);
        expect(() => checkContent('page', content, 'publish'), `${language}/${page.key}`).not.toThrow();
        // The same questions, links and tiles as the English, in other words.
        expect(content.faqs?.length, page.key).toBe(english.get(page.key)!.faqs?.length);
        expect(content.highlights?.length, page.key).toBe(english.get(page.key)!.highlights?.length);
        const links = (body: string) => [...body.matchAll(/\]\((\/[^)]*)\)/g)].map((match) => match[1]).sort();
        expect(links(content.body), page.key).toEqual(links(english.get(page.key)!.body));
      }
    }
  });

  it('give the promotions in each language with the English links, and only the words of the contact details', async () => {
    const documents = await startingDocuments();
    const find = (key: string, language: string) => documents.find((d) => d.key === key && d.language === language)!;
    const hrefs = (language: string) => (find('home-promotions', language).content as Promotions).tiles.map((tile) => tile.href);
    expect(hrefs('lg')).toEqual(hrefs('en'));
    expect(hrefs('sw')).toEqual(hrefs('en'));
    expect((find('home-promotions', 'sw').content as Promotions).tiles[0]!.title).toBe('Ofa za Muda Mfupi');
    expect(Object.keys(find('contact-details', 'lg').content).sort()).toEqual(['address', 'city']);
    expect(Object.keys(find('contact-details', 'en').content).sort()).toEqual(['address', 'city', 'email', 'phone', 'whatsapp']);
  });

  it('take a translation file’s missing order from the English page', () => {
    const source =
      '---\ntitle: Tunda ku Duuka\ndescription: Ggulawo edduuka lyo ku Duuka era otunde eri abaguzi mu Uganda yonna.\nupdated: 2026-11-21\n---\nEbigambo.';
    expect(parsePageFile('lg/sell.md', source, { order: 10 }).content.order).toBe(10);
    expect(() => parsePageFile('lg/sell.md', source)).toThrow('lg/sell.md: order: is required');
  });
});

describe('a translation of the contact details', () => {
  it('holds the address and the city only; English holds everything', () => {
    const words = { address: 'Poloti 24, Kampala Road', city: 'Kampala' };
    expect(checkContentIn('lg', 'contact', words, 'publish')).toEqual(words);
    expect(() => checkContentIn('sw', 'contact', { ...words, phone: '+256 700 123 456' }, 'publish')).toThrow('Unrecognized key: "phone"');
    expect(() => checkContentIn('lg', 'contact', { ...words, address: ' ' }, 'publish')).toThrow('address: must not be empty');
    expect(() => checkContentIn('en', 'contact', words, 'publish')).toThrow('phone: is required');
  });
});

describe('starting translations for a store that already has content', () => {
  const starting = [
    { key: 'about', language: 'en', kind: 'page', content: {}, publishedAt: new Date() },
    { key: 'about', language: 'lg', kind: 'page', content: {}, publishedAt: new Date() },
    { key: 'sell', language: 'en', kind: 'page', content: {}, publishedAt: new Date() },
    { key: 'sell', language: 'lg', kind: 'page', content: {}, publishedAt: new Date() },
    { key: 'faq', language: 'sw', kind: 'page', content: {}, publishedAt: new Date() },
    { key: 'faq', language: 'en', kind: 'page', content: {}, publishedAt: new Date() },
  ] as Parameters<typeof startingDocumentsToAdd>[0];
  const refs = (documents: { key: string; language: string }[]) => documents.map((d) => `${d.language}/${d.key}`);

  it('adds every document to a new store', () => {
    expect(refs(startingDocumentsToAdd(starting, []))).toEqual(['en/about', 'lg/about', 'en/sell', 'lg/sell', 'sw/faq', 'en/faq']);
  });

  it('adds a translation only where the English is still the starting version, and never twice', () => {
    const present = [
      { key: 'about', language: 'en', published_number: 1 },
      { key: 'sell', language: 'en', published_number: 4 },
      { key: 'faq', language: 'en', published_number: 1 },
      { key: 'faq', language: 'sw', published_number: 2 },
    ];
    expect(refs(startingDocumentsToAdd(starting, present))).toEqual(['lg/about']);
  });
});

describe('links in a page’s text', () => {
  it('lead to the store’s pages in the page’s language; other sites, anchors and uploaded files keep their address', async () => {
    const markdown = '[Help](/help), [home](/), [a phone](/product/12?x=1), [elsewhere](https://duuka.ug/help), [top](#fees), [file](/storage/images/a.jpg)';
    const luganda = await renderMarkdown(markdown, { language: 'lg' });
    expect(luganda).toContain('<a href="/lg/help">');
    expect(luganda).toContain('<a href="/lg">');
    expect(luganda).toContain('<a href="/lg/product/12?x=1">');
    expect(luganda).toContain('<a href="https://duuka.ug/help">');
    expect(luganda).toContain('<a href="#fees">');
    expect(luganda).toContain('<a href="/storage/images/a.jpg">');
    expect(await renderMarkdown(markdown)).toContain('<a href="/help">');
  });
});
