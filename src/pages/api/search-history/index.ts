import { endpoint } from '~/server/http/errors';
import { Invalid } from '~/server/errors';
import { ok } from '~/server/http/envelope';
import { readBody } from '~/server/http/body';
import { resolveCaller } from '~/server/http/auth';
import { historySearcher } from '~/server/http/searcher';
import { DEFAULT_HISTORY_LIMIT, MAX_HISTORY_LIMIT, historyTerm, recentSearches, recordSearch } from '~/server/search/history';
import { message } from '~/lib/messages/message';

/** GET ?limit: the caller's recent searches, newest first; a guest's by the signed id the store issued it. */
export const GET = endpoint(async ({ request, url }) => {
  const rawLimit = url.searchParams.get('limit');
  const limit = rawLimit === null ? DEFAULT_HISTORY_LIMIT : Number(rawLimit);
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_HISTORY_LIMIT) throw new Invalid(message('search', 'historyLimit', MAX_HISTORY_LIMIT));
  const { owner, guest, headers } = historySearcher(request, url, await resolveCaller(request));
  return ok({ recent_searches: await recentSearches(owner, limit), ...guest }, message('search', 'recent'), { headers });
});

/** POST {query}: keeps a search the shopper made. */
export const POST = endpoint(async ({ request, url }) => {
  const body = await readBody(request);
  const term = historyTerm(body.query);
  if (!term) throw new Invalid(message('search', 'queryTooShort'));
  const { owner, guest, headers } = historySearcher(request, url, await resolveCaller(request), body.session_id);
  await recordSearch(owner, term);
  return ok({ query: term, ...guest }, message('search', 'saved'), { headers });
});
