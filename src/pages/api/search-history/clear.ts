import { endpoint } from '~/server/http/errors';
import { ok } from '~/server/http/envelope';
import { readBody } from '~/server/http/body';
import { resolveCaller } from '~/server/http/auth';
import { privateNoStore } from '~/server/http/cache-control';
import { clearSearches, searchOwner } from '~/server/search/history';

/** POST {session_id}: forgets the caller's searches. */
export const POST = endpoint(async ({ request }) => {
  const body = await readBody(request);
  const user = await resolveCaller(request);
  const removed = await clearSearches(searchOwner(user?.id ?? null, body.session_id));
  return ok({ cleared: removed }, 'Search history cleared', { headers: privateNoStore });
});
