import { endpoint } from '~/server/http/errors';
import { ok } from '~/server/http/envelope';
import { requireAdmin } from '~/server/http/auth';
import { privateNoStore } from '~/server/http/cache-control';
import { owingVendors } from '~/server/payouts/settlements';
import { message } from '~/lib/messages/message';

/** GET payouts/owing (administrators): the vendors that owe the store, most first, and whether cash on delivery is off for their items. */
export const GET = endpoint(async ({ request }) => {
  await requireAdmin(request);
  return ok(await owingVendors(), message('payoutRun', 'owing'), { headers: privateNoStore });
});
