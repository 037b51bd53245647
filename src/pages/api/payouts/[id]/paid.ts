import { endpoint } from '~/server/http/errors';
import { ok } from '~/server/http/envelope';
import { readBody } from '~/server/http/body';
import { requireAdmin } from '~/server/http/auth';
import { privateNoStore } from '~/server/http/cache-control';
import { routeId } from '~/server/http/params';
import { markPayoutPaid, paidInput } from '~/server/payouts/payout-news';
import { message } from '~/lib/messages/message';

/** POST payouts/{id}/paid {reference} (administrators): a PENDING payout was paid (a bank transfer's reference); 409 once settled. */
export const POST = endpoint(async ({ request, params }) => {
  const admin = await requireAdmin(request);
  const id = routeId(params.id, message('payoutRun', 'notFound'));
  return ok(await markPayoutPaid(admin.id, id, paidInput.parse(await readBody(request))), message('payoutRun', 'markedPaid'), { headers: privateNoStore });
});
