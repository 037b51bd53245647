import { describe, expect, inject, it } from 'vitest';
import { api } from './client';

const get = (path: string, init?: RequestInit) => fetch(new URL(path, inject('baseUrl')), init);

describe('pages for crawlers', () => {
  it('serves catalogue pages that browsers and CDNs revalidate by ETag (the store drops them on writes), with a unique title, description and canonical link', async () => {
    const [product] = (await api('/api/products?limit=1')).body.data.data;
    const titles = new Set<string>();
    for (const path of ['/', '/products', `/category/${product.category}`, `/product/${product.id}`, '/sell']) {
      const response = await get(path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('cache-control'), path).toBe('public, no-cache');
      expect(response.headers.get('etag'), path).toMatch(/^W\/"/);
      const html = await response.text();
      const title = html.match(/<title>([^<]+)<\/title>/)?.[1];
      expect(title, path).toBeTruthy();
      titles.add(title!);
      expect(html, path).toMatch(/<meta name="description" content="[^"]{20,}"/);
      expect(html, path).toMatch(/<link rel="canonical" href="http[^"]+"/);
      expect(html, path).toMatch(/<meta property="og:title"/);
      expect(html, path).toMatch(/<meta name="twitter:card"/);
    }
    expect(titles.size).toBe(5);
  });

  it('lists every active product, category and static page in the sitemap', async () => {
    const index = await (await get('/sitemap.xml')).text();
    const parts = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
    expect(parts).toEqual(expect.arrayContaining(['/sitemap-pages.xml', '/sitemap-categories.xml', '/sitemap-vendors.xml', '/sitemap-products-1.xml']));

    // Other files add and withdraw products meanwhile: the sitemap is compared with a total that held still around its reading.
    const totalNow = async (): Promise<number> => (await api('/api/products')).body.data.total;
    const missingFromSitemap = async () => {
      const before = await totalNow();
      const products = await (await get('/sitemap-products-1.xml')).text();
      const after = await totalNow();
      return before === after ? after - [...products.matchAll(/<loc>[^<]+\/product\/\d+<\/loc>/g)].length : 'products changed meanwhile';
    };
    await expect.poll(missingFromSitemap, { timeout: 15_000 }).toBe(0);

    const pages = await (await get('/sitemap-pages.xml')).text();
    for (const slug of ['sell', 'buyer-protection', 'help', 'faq', 'terms', 'privacy']) expect(pages).toContain(`/${slug}</loc>`);
    const categories = await (await get('/sitemap-categories.xml')).text();
    expect(categories).toMatch(/\/category\/\d+<\/loc>/);
    expect((await get('/sitemap-products-999.xml')).status).toBe(404);
  });

  it('tells crawlers where the sitemap is and keeps them out of private pages', async () => {
    const robots = await (await get('/robots.txt')).text();
    expect(robots).toMatch(/^Sitemap: http.+\/sitemap\.xml$/m);
    expect(robots).toContain('Disallow: /api/');
    expect(robots).toContain('Disallow: /account');
  });

  it('answers unknown pages with 404 and the not-found page', async () => {
    const response = await get('/no-such-page');
    expect(response.status).toBe(404);
    expect(await response.text()).toContain('Sorry, we could not find that page');
  });

  it('refuses bad listing filters with 400 and a readable message, never a 500', async () => {
    const response = await get('/products?min_price=abc');
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('min_price: must be a number');
  });
});
