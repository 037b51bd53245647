import { endpoint } from '~/server/http/errors';
import { ok } from '~/server/http/envelope';
import { sharedAtEdge } from '~/server/http/cache-control';
import { MAX_SEARCH_LENGTH } from '~/server/catalog/product-query';
import { searchSuggestionsFor } from '~/server/search/product-search';
import { message } from '~/lib/messages/message';

export const GET = endpoint(async ({ url }) => {
  const term = (url.searchParams.get('q') ?? '').trim().slice(0, MAX_SEARCH_LENGTH);
  const suggestions = term.length >= 2 ? await searchSuggestionsFor(term) : [];
  return ok({ suggestions, search_term: term }, message('search', 'suggestions'), { headers: sharedAtEdge('search') });
});
