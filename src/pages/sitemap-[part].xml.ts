import type { APIRoute } from 'astro';
import { sitemapPart, urlset } from '~/server/seo/sitemap';
import { revalidateEveryTime } from '~/server/http/cache-control';

export const GET: APIRoute = async ({ params, site, url }) => {
  const entries = await sitemapPart(params.part ?? '');
  if (!entries) return new Response('Not found', { status: 404 });
  return new Response(urlset(site ?? new URL(url.origin), entries), {
    headers: { 'Content-Type': 'application/xml; charset=utf-8', ...revalidateEveryTime },
  });
};
