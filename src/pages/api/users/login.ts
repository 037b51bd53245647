import { z } from 'zod';
import { endpoint } from '~/server/http/errors';
import { ok } from '~/server/http/envelope';
import { readBody } from '~/server/http/body';
import { privateNoStore } from '~/server/http/cache-control';
import { sessionCookie } from '~/server/http/session-cookie';
import { clientIp } from '~/server/http/client-ip';
import { login, requestPasswordReset, resetPassword } from '~/server/accounts/accounts';
import { ACCOUNT_MESSAGES } from '~/lib/messages/account-messages';

const identifier = z.string({ error: 'is required' }).trim().toLowerCase().min(1, 'is required').max(200);
const loginSchema = z.object({ username: identifier, password: z.string({ error: 'is required' }).min(1, 'is required').max(200) });
const resetRequestSchema = z.object({ username: identifier });
const resetSchema = z.object({ email: identifier, code: z.string({ error: 'is required' }).trim(), password: z.string({ error: 'is required' }) });

/** One path, three tasks (spec section 7): log in, ask for a reset code, reset with the code. */
export const POST = endpoint(async ({ request, clientAddress }) => {
  const body = await readBody(request);
  const ip = clientIp(request, clientAddress);
  const withUsername = { ...body, username: body.username ?? body.email };

  if (body.task === 'request_password_reset') {
    const { username } = resetRequestSchema.parse(withUsername);
    await requestPasswordReset(username, ip);
    return ok(null, ACCOUNT_MESSAGES.resetSent, { headers: privateNoStore });
  }

  if (body.task === 'reset_password') {
    const { email, code, password } = resetSchema.parse(body);
    await resetPassword(email, code, password, ip);
    return ok(null, ACCOUNT_MESSAGES.resetDone, { headers: privateNoStore });
  }

  const { username, password } = loginSchema.parse(withUsername);
  const loggedIn = await login(username, password, ip);
  return ok(loggedIn, ACCOUNT_MESSAGES.loggedIn, { headers: { ...privateNoStore, 'Set-Cookie': sessionCookie(loggedIn.token) } });
});
