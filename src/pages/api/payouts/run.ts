import { endpoint } from '~/server/http/errors';
import { ok } from '~/server/http/envelope';
import { requireAdmin } from '~/server/http/auth';
import { privateNoStore } from '~/server/http/cache-control';
import { runPayouts } from '~/server/payouts/payout-runs';
import { message } from '~/lib/messages/message';

/** POST payouts/run (administrators): pays every vendor due now; answers once the payouts are made and sent. */
export const POST = endpoint(async ({ request }) => {
  const admin = await requireAdmin(request);
  return ok(await runPayouts({ startedBy: admin.id }), message('payoutRun', 'runStarted'), { headers: privateNoStore });
});
