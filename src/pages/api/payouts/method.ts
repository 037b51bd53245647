import { endpoint } from '~/server/http/errors';
import { ok } from '~/server/http/envelope';
import { readBody } from '~/server/http/body';
import { requireCaller } from '~/server/http/auth';
import { privateNoStore } from '~/server/http/cache-control';
import { readPayoutMethod, savePayoutMethod } from '~/server/payouts/payout-accounts';
import { PAYOUT_METHOD_MESSAGES } from '~/lib/messages/payout-method-messages';

/** GET payouts/method[?vendor_id]: where a vendor's payouts go (its own; an administrator names the vendor), or null. */
export const GET = endpoint(async ({ request, url }) => {
  const caller = await requireCaller(request);
  return ok(await readPayoutMethod(caller, url.searchParams.get('vendor_id')), PAYOUT_METHOD_MESSAGES.read, { headers: privateNoStore });
});

/** POST payouts/method {method, phone | account_name + account_number + bank}: the vendor chooses where its payouts go. */
export const POST = endpoint(async ({ request }) => {
  const caller = await requireCaller(request);
  return ok(await savePayoutMethod(caller, await readBody(request)), PAYOUT_METHOD_MESSAGES.saved, { headers: privateNoStore });
});
