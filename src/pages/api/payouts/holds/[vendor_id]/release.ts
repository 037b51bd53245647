import { endpoint } from '~/server/http/errors';
import { ok } from '~/server/http/envelope';
import { requireAdmin } from '~/server/http/auth';
import { privateNoStore } from '~/server/http/cache-control';
import { routeId } from '~/server/http/params';
import { releasePayouts } from '~/server/payouts/payout-holds';
import { message } from '~/lib/messages/message';

/** POST payouts/holds/{vendor_id}/release (administrators): the next run pays the vendor again; 409 when not held. */
export const POST = endpoint(async ({ request, params }) => {
  await requireAdmin(request);
  return ok(await releasePayouts(routeId(params.vendor_id, message('payoutRun', 'vendorNotFound'), 'vendor_id')), message('payoutRun', 'released'), {
    headers: privateNoStore,
  });
});
