import type { APIRoute } from 'astro';
import { sitemapIndex, sitemapParts } from '~/server/seo/sitemap';

import { revalidateEveryTime } from '~/server/http/cache-control';

export const GET: APIRoute = async ({ site, url }) => {
  const body = sitemapIndex(site ?? new URL(url.origin), await sitemapParts());
  return new Response(body, { headers: { 'Content-Type': 'application/xml; charset=utf-8', ...revalidateEveryTime } });
};
