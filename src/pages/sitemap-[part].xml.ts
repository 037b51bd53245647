import type { APIRoute } from 'astro';
import { sitemapPart, urlset } from '~/server/seo/sitemap';
import { revalidateEveryTime } from '~/server/http/cache-control';

/** One part of the sitemap (`pages`, `lg-products-2` ...): its pages in the part's language, with their other languages. */
export const GET: APIRoute = async ({ params, site, url }) => {
  const part = await sitemapPart(params.part ?? '');
  if (!part) return new Response('Not found', { status: 404 });
  return new Response(urlset(site ?? new URL(url.origin), part.entries, part.language), {
    headers: { 'Content-Type': 'application/xml; charset=utf-8', ...revalidateEveryTime },
  });
};
