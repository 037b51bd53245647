import type { APIRoute } from 'astro';

/** Crawlers may read the catalogue; private and transactional pages and the JSON API are not for them. */
const DISALLOWED = [
  '/api/',
  '/account',
  '/cart',
  '/checkout',
  '/delivery-address',
  '/order-success',
  '/payment/',
  '/wishlist',
  '/auth/',
  '/toast-demo',
  '/api-test',
  '/test',
  '/integration-status',
];

export const GET: APIRoute = ({ site, url }) => {
  const sitemap = new URL('/sitemap.xml', site ?? url.origin).href;
  const body = ['User-agent: *', 'Allow: /', ...DISALLOWED.map((path) => `Disallow: ${path}`), `Sitemap: ${sitemap}`, ''].join('\n');
  return new Response(body, { headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=86400' } });
};
