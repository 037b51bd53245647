/**
 * The sitemap: an index (/sitemap.xml) over parts small enough for crawlers — static pages, categories,
 * vendors, and products in pages of 10,000 — in each language: English parts by their names (`pages`,
 * `products-1`), the others with the language before them (`lg-pages`, `sw-products-1`). Every URL names the
 * same page in each language (`xhtml:link rel="alternate" hreflang`, English as x-default), as Google asks of
 * localized pages: https://developers.google.com/search/docs/specialty/international/localized-versions#sitemap
 */
import { cached, TTL } from '../cache/ttl-cache';
import { publishedPages } from '../content/published-content';
import { listCategories } from '../catalog/categories';
import { listActiveVendors } from '../catalog/vendors';
import { countActiveProducts, productSitemapPage, SITEMAP_PAGE_SIZE } from '../catalog/products';
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGE_TAGS, LANGUAGES, pathInLanguage, type Language } from '../../lib/i18n/languages';

/** A page of the store by its English path, and when it last changed. */
export type SitemapEntry = { path: string; lastmod?: Date };

/** One part of the sitemap: its pages, listed in `language`. */
export type SitemapPart = { language: Language; entries: SitemapEntry[] };

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function alternatesOf(site: URL, path: string): string {
  const link = (hreflang: string, language: Language) =>
    `<xhtml:link rel="alternate" hreflang="${hreflang}" href="${escapeXml(new URL(pathInLanguage(language, path), site).href)}"/>`;
  return [...LANGUAGES.map((language) => link(LANGUAGE_TAGS[language], language)), link('x-default', DEFAULT_LANGUAGE)].join('');
}

/** The XML of a part: each entry at its address in `language`, with its address in every language. */
export function urlset(site: URL, entries: SitemapEntry[], language: Language = DEFAULT_LANGUAGE): string {
  const urls = entries.map(
    ({ path, lastmod }) =>
      `<url><loc>${escapeXml(new URL(pathInLanguage(language, path), site).href)}</loc>` +
      `${lastmod ? `<lastmod>${lastmod.toISOString().slice(0, 10)}</lastmod>` : ''}${alternatesOf(site, path)}</url>`,
  );
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n` +
    `${urls.join('\n')}\n</urlset>\n`
  );
}

/** The name of a part in a language: `pages` in English, `lg-pages` in Luganda. */
export const partName = (language: Language, part: string) => (language === DEFAULT_LANGUAGE ? part : `${language}-${part}`);

/** The language a part's name is in, and the part's name in English. */
export function languageOfPart(name: string): { language: Language; part: string } {
  const [first, ...rest] = name.split('-');
  return isLanguage(first) && first !== DEFAULT_LANGUAGE && rest.length > 0
    ? { language: first, part: rest.join('-') }
    : { language: DEFAULT_LANGUAGE, part: name };
}

export async function sitemapParts(): Promise<string[]> {
  const productPages = Math.max(1, Math.ceil((await cached('sitemap:count', TTL.products, countActiveProducts)) / SITEMAP_PAGE_SIZE));
  const parts = ['pages', 'categories', 'vendors', ...Array.from({ length: productPages }, (_, i) => `products-${i + 1}`)];
  return LANGUAGES.flatMap((language) => parts.map((part) => partName(language, part)));
}

export function sitemapIndex(site: URL, parts: string[]): string {
  const items = parts.map((part) => `<sitemap><loc>${escapeXml(new URL(`/sitemap-${part}.xml`, site).href)}</loc></sitemap>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${items.join('\n')}\n</sitemapindex>\n`;
}

async function entriesOf(part: string, language: Language): Promise<SitemapEntry[] | null> {
  if (part === 'pages') {
    // Only what is published: a draft is never listed. lastmod is when the version shown in that language
    // (its translation, or the English while there is none) was published.
    const pages = await publishedPages(language);
    return [{ path: '/' }, { path: '/products' }, ...pages.map((page) => ({ path: `/${page.key}`, lastmod: page.published_at }))];
  }
  if (part === 'categories') {
    return (await listCategories()).filter((c) => c.product_count > 0).map((c) => ({ path: `/category/${c.id}`, lastmod: c.updated_at }));
  }
  if (part === 'vendors') {
    return (await listActiveVendors()).map((v) => ({ path: `/vendor/${v.id}`, lastmod: v.updated_at }));
  }
  const match = /^products-([1-9]\d{0,4})$/.exec(part);
  if (!match) return null;
  const rows = await productSitemapPage(Number(match[1]));
  return rows.length ? rows.map((row) => ({ path: `/product/${row.id}`, lastmod: row.updated_at })) : null;
}

/** The entries of one part (`pages`, `lg-products-2` ...), or null for a part that does not exist. */
export async function sitemapPart(name: string): Promise<SitemapPart | null> {
  const { language, part } = languageOfPart(name);
  const entries = await entriesOf(part, language);
  return entries && { language, entries };
}
