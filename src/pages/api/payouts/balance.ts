import { endpoint } from '~/server/http/errors';
import { idParam } from '~/server/http/params';
import { ok } from '~/server/http/envelope';
import { requireCaller } from '~/server/http/auth';
import { privateNoStore } from '~/server/http/cache-control';
import { ledgerBalance, ledgerOwner } from '~/server/payouts/vendor-ledger';
import { message } from '~/lib/messages/message';

/** GET payouts/balance[?vendor_id]: a vendor's own balance (an administrator names the vendor). */
export const GET = endpoint(async ({ request, url }) => {
  const vendorId = await ledgerOwner(await requireCaller(request), idParam(url, 'vendor_id', message('field', 'vendorId')));
  return ok(await ledgerBalance(vendorId), message('payoutRun', 'balance'), { headers: privateNoStore });
});
