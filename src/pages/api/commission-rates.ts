import { endpoint } from '~/server/http/errors';
import { optionalRowId } from '~/server/input-fields';
import { ok } from '~/server/http/envelope';
import { readBody } from '~/server/http/body';
import { requireAdmin } from '~/server/http/auth';
import { privateNoStore, sharedAtEdge } from '~/server/http/cache-control';
import { listCommissionRates, setCommissionRate } from '~/server/payouts/commission';
import { message } from '~/lib/messages/message';

/** GET commission-rates: the current rate of each category that has its own, then everything else's (anyone). */
export const GET = endpoint(async () => ok(await listCommissionRates(), message('vendor', 'commissionRates'), { headers: sharedAtEdge('commissionRates') }));

/** POST commission-rates {category_id, rate_percent}: administrators set a rate, for orders placed from now on. */
export const POST = endpoint(async ({ request }) => {
  const admin = await requireAdmin(request);
  const body = await readBody(request);
  optionalRowId('category_id', body.category_id, message('field', 'categoryIdOrNull'));
  return ok(await setCommissionRate(admin, body), message('vendor', 'commissionRateSet'), { status: 201, headers: privateNoStore });
});
