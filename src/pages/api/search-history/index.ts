import { endpoint } from '~/server/http/errors';
import { Invalid } from '~/server/errors';
import { ok } from '~/server/http/envelope';
import { readBody } from '~/server/http/body';
import { resolveCaller } from '~/server/http/auth';
import { privateNoStore } from '~/server/http/cache-control';
import { DEFAULT_HISTORY_LIMIT, MAX_HISTORY_LIMIT, historyTerm, recentSearches, recordSearch, searchOwner } from '~/server/search/history';

/** GET ?limit&session_id: the caller's recent searches, newest first. */
export const GET = endpoint(async ({ request, url }) => {
  const user = await resolveCaller(request);
  const owner = searchOwner(user?.id ?? null, url.searchParams.get('session_id'));
  const rawLimit = url.searchParams.get('limit');
  const limit = rawLimit === null ? DEFAULT_HISTORY_LIMIT : Number(rawLimit);
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_HISTORY_LIMIT) throw new Invalid(`limit: must be a whole number from 1 to ${MAX_HISTORY_LIMIT}`);
  return ok({ recent_searches: await recentSearches(owner, limit) }, 'Recent searches', { headers: privateNoStore });
});

/** POST {query, session_id}: keeps a search the shopper made. */
export const POST = endpoint(async ({ request }) => {
  const body = await readBody(request);
  const user = await resolveCaller(request);
  const owner = searchOwner(user?.id ?? null, body.session_id);
  const term = historyTerm(body.query);
  if (!term) throw new Invalid('query: must be at least 2 characters');
  await recordSearch(owner, term);
  return ok({ query: term }, 'Search saved', { headers: privateNoStore });
});
