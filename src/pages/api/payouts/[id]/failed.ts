import { endpoint } from '~/server/http/errors';
import { ok } from '~/server/http/envelope';
import { readBody } from '~/server/http/body';
import { requireAdmin } from '~/server/http/auth';
import { privateNoStore } from '~/server/http/cache-control';
import { routeId } from '~/server/http/params';
import { failedInput } from '~/server/payouts/payout-news';
import { failPayoutByAdministrator } from '~/server/payouts/payout-reconcile';
import { message } from '~/lib/messages/message';

/** POST payouts/{id}/failed {reason} (administrators): a PENDING payout failed; its money goes back to available; 409 once settled, or while the network has (or may still send) a mobile money transfer. */
export const POST = endpoint(async ({ request, params }) => {
  const admin = await requireAdmin(request);
  const id = routeId(params.id, message('payoutRun', 'notFound'));
  return ok(await failPayoutByAdministrator(admin.id, id, failedInput.parse(await readBody(request))), message('payoutRun', 'markedFailed'), {
    headers: privateNoStore,
  });
});
