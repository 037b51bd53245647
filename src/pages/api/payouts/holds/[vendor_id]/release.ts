import { endpoint } from '~/server/http/errors';
import { ok } from '~/server/http/envelope';
import { requireAdmin } from '~/server/http/auth';
import { privateNoStore } from '~/server/http/cache-control';
import { routeId } from '~/server/http/params';
import { releasePayouts } from '~/server/payouts/payout-holds';
import { PAYOUT_RUN_MESSAGES } from '~/lib/messages/payout-run-messages';

/** POST payouts/holds/{vendor_id}/release (administrators): the next run pays the vendor again; 409 when not held. */
export const POST = endpoint(async ({ request, params }) => {
  await requireAdmin(request);
  return ok(await releasePayouts(routeId(params.vendor_id, PAYOUT_RUN_MESSAGES.vendorNotFound)), PAYOUT_RUN_MESSAGES.released, { headers: privateNoStore });
});
