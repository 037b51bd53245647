import type { APIRoute } from 'astro';
import { LANGUAGES, pathInLanguage } from '~/lib/i18n/languages';

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
  '/ussd',
];

export const GET: APIRoute = ({ site, url }) => {
  const sitemap = new URL('/sitemap.xml', site ?? url.origin).href;
  // The same private pages exist at /lg/... and /sw/... (the JSON API has one address in every language).
  const disallowed = [
    ...new Set(LANGUAGES.flatMap((language) => DISALLOWED.map((path) => (path.startsWith('/api/') ? path : pathInLanguage(language, path))))),
  ];
  const body = ['User-agent: *', 'Allow: /', ...disallowed.map((path) => `Disallow: ${path}`), `Sitemap: ${sitemap}`, ''].join('\n');
  return new Response(body, { headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=86400' } });
};
