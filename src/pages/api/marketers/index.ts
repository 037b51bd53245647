import { endpoint } from '~/server/http/errors';
import { ok } from '~/server/http/envelope';
import { readBody } from '~/server/http/body';
import { requireAdmin } from '~/server/http/auth';
import { privateNoStore } from '~/server/http/cache-control';
import { grantMarketer, listMarketers } from '~/server/accounts/marketers';
import { message } from '~/lib/messages/message';

/** GET marketers: the accounts that may edit the pages (administrators). */
export const GET = endpoint(async ({ request }) => {
  await requireAdmin(request);
  return ok(await listMarketers(), message('marketer', 'listRetrieved'), { headers: privateNoStore });
});

/** POST marketers {email}: makes that account a marketer (administrators). */
export const POST = endpoint(async ({ request }) => {
  await requireAdmin(request);
  const { email } = await readBody(request);
  return ok(await grantMarketer(email), message('marketer', 'granted'), { status: 201, headers: privateNoStore });
});
