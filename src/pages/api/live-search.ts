import { endpoint } from '~/server/http/errors';
import { ok } from '~/server/http/envelope';
import { sharedAtEdge } from '~/server/http/cache-control';
import { liveSearch } from '~/server/search/live-search';
import { keepSearch } from '~/server/http/searcher';
import { message } from '~/lib/messages/message';

/** GET live-search?q&limit: the header's search-as-you-type; the term is kept in the searcher's history. */
export const GET = endpoint(async ({ request, url }) => {
  const term = url.searchParams.get('q') ?? '';
  const [result] = await Promise.all([liveSearch(term, url.searchParams.get('limit')), keepSearch(request, url, term)]);
  return ok(result, message('search', 'results'), { headers: sharedAtEdge('search', 'products') });
});
