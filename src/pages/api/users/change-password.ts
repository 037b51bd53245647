import { z } from 'zod';
import { endpoint } from '~/server/http/errors';
import { ok } from '~/server/http/envelope';
import { readBody } from '~/server/http/body';
import { bearerToken, requireCaller } from '~/server/http/auth';
import { privateNoStore } from '~/server/http/cache-control';
import { changePassword } from '~/server/accounts/accounts';
import { message } from '~/lib/messages/message';

const schema = z.object({ current_password: z.string({ error: 'is required' }).min(1, 'is required'), password: z.string({ error: 'is required' }) });

/** Changes the password; every other session of the account ends. */
export const POST = endpoint(async ({ request }) => {
  const caller = await requireCaller(request);
  const { current_password, password } = schema.parse(await readBody(request));
  await changePassword(caller.id, bearerToken(request)!, current_password, password);
  return ok(null, message('account', 'passwordChanged'), { headers: privateNoStore });
});
