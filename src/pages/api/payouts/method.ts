import { endpoint } from '~/server/http/errors';
import { idParam } from '~/server/http/params';
import { ok } from '~/server/http/envelope';
import { readBody } from '~/server/http/body';
import { requireCaller } from '~/server/http/auth';
import { privateNoStore } from '~/server/http/cache-control';
import { publicOrigin } from '~/server/http/origin';
import { readPayoutMethod, savePayoutMethod } from '~/server/payouts/payout-accounts';
import { message } from '~/lib/messages/message';

/** GET payouts/method[?vendor_id]: where a vendor's payouts go (its own; an administrator names the vendor), or null. */
export const GET = endpoint(async ({ request, url }) => {
  const caller = await requireCaller(request);
  return ok(await readPayoutMethod(caller, idParam(url, 'vendor_id', message('field', 'vendorId'))), message('payoutMethod', 'read'), {
    headers: privateNoStore,
  });
});

/**
 * POST payouts/method {method, phone | account_name + account_number + bank; password | code}: the vendor chooses where
 * its payouts go, proving it is the vendor when the destination is new.
 */
export const POST = endpoint(async ({ request }) => {
  const caller = await requireCaller(request);
  return ok(await savePayoutMethod(caller, await readBody(request), publicOrigin()), message('payoutMethod', 'saved'), { headers: privateNoStore });
});
