import { endpoint } from '~/server/http/errors';
import { ok } from '~/server/http/envelope';
import { revalidateEveryTime } from '~/server/http/cache-control';
import { liveSearch } from '~/server/search/live-search';

export const GET = endpoint(async ({ url }) => {
  const result = await liveSearch(url.searchParams.get('q') ?? '', url.searchParams.get('limit'));
  return ok(result, 'Search results', { headers: revalidateEveryTime });
});
