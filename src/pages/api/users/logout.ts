import { endpoint } from '~/server/http/errors';
import { ok } from '~/server/http/envelope';
import { bearerToken, requireCaller } from '~/server/http/auth';
import { privateNoStore } from '~/server/http/cache-control';
import { clearedSessionCookie } from '~/server/http/session-cookie';
import { revokeSession } from '~/server/accounts/sessions';
import { message } from '~/lib/messages/message';

/** Ends this session: its token stops working at once. */
export const POST = endpoint(async ({ request }) => {
  await requireCaller(request);
  await revokeSession(bearerToken(request)!);
  return ok(null, message('account', 'loggedOut'), { headers: { ...privateNoStore, 'Set-Cookie': clearedSessionCookie() } });
});
