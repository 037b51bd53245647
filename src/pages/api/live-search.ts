import { endpoint } from '~/server/http/errors';
import { ok } from '~/server/http/envelope';
import { publicCache } from '~/server/http/cache-control';
import { TTL } from '~/server/cache/ttl-cache';
import { liveSearch } from '~/server/search/live-search';

export const GET = endpoint(async ({ url }) => {
  const result = await liveSearch(url.searchParams.get('q') ?? '', url.searchParams.get('limit'));
  return ok(result, 'Search results', { headers: publicCache(TTL.searchResults) });
});
