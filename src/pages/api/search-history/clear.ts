import { endpoint } from '~/server/http/errors';
import { ok } from '~/server/http/envelope';
import { readBody } from '~/server/http/body';
import { resolveCaller } from '~/server/http/auth';
import { privateNoStore } from '~/server/http/cache-control';
import { searcherOf } from '~/server/http/searcher';
import { clearSearches } from '~/server/search/history';
import { message } from '~/lib/messages/message';

/** POST: forgets the caller's searches (a guest's by its signed id; a guest without one has none). */
export const POST = endpoint(async ({ request, url }) => {
  const body = await readBody(request);
  const owner = searcherOf(request, url, await resolveCaller(request), body.session_id);
  const removed = owner ? await clearSearches(owner) : 0;
  return ok({ cleared: removed }, message('search', 'historyCleared'), { headers: privateNoStore });
});
