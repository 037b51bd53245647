/**
 * The sitemap: an index (/sitemap.xml) over parts small enough for crawlers — static pages, categories,
 * vendors, and products in pages of 10,000.
 */
import { cached, TTL } from '../cache/ttl-cache';
import { publishedPages } from '../content/content-store';
import { listCategories } from '../catalog/categories';
import { listActiveVendors } from '../catalog/vendors';
import { countActiveProducts, productSitemapPage, SITEMAP_PAGE_SIZE } from '../catalog/products';

type Entry = { path: string; lastmod?: Date };

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export function urlset(site: URL, entries: Entry[]): string {
  const urls = entries.map(
    ({ path, lastmod }) =>
      `<url><loc>${escapeXml(new URL(path, site).href)}</loc>${lastmod ? `<lastmod>${lastmod.toISOString().slice(0, 10)}</lastmod>` : ''}</url>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

export async function sitemapParts(): Promise<string[]> {
  const productPages = Math.max(1, Math.ceil((await cached('sitemap:count', TTL.products, countActiveProducts)) / SITEMAP_PAGE_SIZE));
  return ['pages', 'categories', 'vendors', ...Array.from({ length: productPages }, (_, i) => `products-${i + 1}`)];
}

export function sitemapIndex(site: URL, parts: string[]): string {
  const items = parts.map((part) => `<sitemap><loc>${escapeXml(new URL(`/sitemap-${part}.xml`, site).href)}</loc></sitemap>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${items.join('\n')}\n</sitemapindex>\n`;
}

/** The entries of one part, or null for a part that does not exist. */
export async function sitemapPart(part: string): Promise<Entry[] | null> {
  if (part === 'pages') {
    // Only what is published: a draft is never listed. lastmod is when the page was last published.
    const pages = await publishedPages();
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
