import { endpoint } from '~/server/http/errors';
import { ok } from '~/server/http/envelope';
import { readBody } from '~/server/http/body';
import { requireAdmin } from '~/server/http/auth';
import { privateNoStore } from '~/server/http/cache-control';
import { routeId } from '~/server/http/params';
import { markPayoutPaid, paidInput } from '~/server/payouts/payout-news';
import { PAYOUT_RUN_MESSAGES } from '~/lib/messages/payout-run-messages';

/** POST payouts/{id}/paid {reference} (administrators): a PENDING payout was paid (a bank transfer's reference); 409 once settled. */
export const POST = endpoint(async ({ request, params }) => {
  const admin = await requireAdmin(request);
  const id = routeId(params.id, PAYOUT_RUN_MESSAGES.notFound);
  return ok(await markPayoutPaid(admin.id, id, paidInput.parse(await readBody(request))), PAYOUT_RUN_MESSAGES.markedPaid, { headers: privateNoStore });
});
