import { endpoint } from '~/server/http/errors';
import { ok } from '~/server/http/envelope';
import { requireCaller } from '~/server/http/auth';
import { privateNoStore } from '~/server/http/cache-control';
import { clearedSessionCookie } from '~/server/http/session-cookie';
import { revokeAllSessions } from '~/server/accounts/sessions';
import { message } from '~/lib/messages/message';

/** Ends every session of the account, on every device. */
export const POST = endpoint(async ({ request }) => {
  const caller = await requireCaller(request);
  await revokeAllSessions(caller.id);
  return ok(null, message('account', 'loggedOutEverywhere'), { headers: { ...privateNoStore, 'Set-Cookie': clearedSessionCookie() } });
});
