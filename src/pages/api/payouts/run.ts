import { endpoint } from '~/server/http/errors';
import { ok } from '~/server/http/envelope';
import { requireAdmin } from '~/server/http/auth';
import { privateNoStore } from '~/server/http/cache-control';
import { runPayouts } from '~/server/payouts/payout-runs';
import { PAYOUT_RUN_MESSAGES } from '~/lib/messages/payout-run-messages';

/** POST payouts/run (administrators): pays every vendor due now; answers once the payouts are made and sent. */
export const POST = endpoint(async ({ request }) => {
  const admin = await requireAdmin(request);
  return ok(await runPayouts({ startedBy: admin.id }), PAYOUT_RUN_MESSAGES.runStarted, { headers: privateNoStore });
});
