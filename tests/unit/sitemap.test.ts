/** The sitemaps' XML and part names: every page in every language, each with its address in every language. */
import { describe, expect, it } from 'vitest';
import { languageOfPart, partName, urlset } from '../../src/server/seo/sitemap';

const SITE = new URL('https://duuka.ug');

describe('a sitemap part', () => {
  it('lists each page at its address in the part’s language, with lastmod and an alternate per language and x-default', () => {
    const xml = urlset(SITE, [{ path: '/sell', lastmod: new Date('2026-11-21T08:00:00Z') }, { path: '/' }], 'lg');
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">');
    expect(xml).toContain(
      '<url><loc>https://duuka.ug/lg/sell</loc><lastmod>2026-11-21</lastmod>' +
        '<xhtml:link rel="alternate" hreflang="en-UG" href="https://duuka.ug/sell"/>' +
        '<xhtml:link rel="alternate" hreflang="lg-UG" href="https://duuka.ug/lg/sell"/>' +
        '<xhtml:link rel="alternate" hreflang="sw-UG" href="https://duuka.ug/sw/sell"/>' +
        '<xhtml:link rel="alternate" hreflang="x-default" href="https://duuka.ug/sell"/></url>',
    );
    expect(xml).toContain('<url><loc>https://duuka.ug/lg</loc><xhtml:link rel="alternate" hreflang="en-UG" href="https://duuka.ug/"/>');
  });

  it('lists English pages at their own addresses, and escapes what XML would misread', () => {
    const xml = urlset(SITE, [{ path: '/products?a=1&b=2' }]);
    expect(xml).toContain('<loc>https://duuka.ug/products?a=1&amp;b=2</loc>');
    expect(xml).toContain('hreflang="sw-UG" href="https://duuka.ug/sw/products?a=1&amp;b=2"');
    expect(xml).not.toMatch(/&(?!amp;)/);
  });
});

describe('part names', () => {
  it('are the English names, with the language before them in Luganda and Swahili', () => {
    expect(partName('en', 'products-2')).toBe('products-2');
    expect(partName('sw', 'products-2')).toBe('sw-products-2');
    expect(languageOfPart('lg-pages')).toEqual({ language: 'lg', part: 'pages' });
    expect(languageOfPart('sw-products-12')).toEqual({ language: 'sw', part: 'products-12' });
    expect(languageOfPart('products-1')).toEqual({ language: 'en', part: 'products-1' });
    expect(languageOfPart('en-pages')).toEqual({ language: 'en', part: 'en-pages' });
    expect(languageOfPart('lg')).toEqual({ language: 'en', part: 'lg' });
  });
});
