import { endpoint } from '~/server/http/errors';
import { ok } from '~/server/http/envelope';
import { readBody } from '~/server/http/body';
import { requireAdmin } from '~/server/http/auth';
import { privateNoStore, sharedAtEdge } from '~/server/http/cache-control';
import { listCommissionRates, setCommissionRate } from '~/server/payouts/commission';

/** GET commission-rates: the current rate of each category that has its own, then everything else's (anyone). */
export const GET = endpoint(async () => ok(await listCommissionRates(), 'Commission rates', { headers: sharedAtEdge('commissionRates') }));

/** POST commission-rates {category_id, rate_percent}: administrators set a rate, for orders placed from now on. */
export const POST = endpoint(async ({ request }) => {
  const admin = await requireAdmin(request);
  return ok(await setCommissionRate(admin, await readBody(request)), 'Commission rate set', { status: 201, headers: privateNoStore });
});
