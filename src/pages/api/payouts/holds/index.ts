import { endpoint } from '~/server/http/errors';
import { optionalRowId } from '~/server/input-fields';
import { ok } from '~/server/http/envelope';
import { readBody } from '~/server/http/body';
import { requireAdmin } from '~/server/http/auth';
import { privateNoStore } from '~/server/http/cache-control';
import { holdInput, holdPayouts, listHolds } from '~/server/payouts/payout-holds';
import { message } from '~/lib/messages/message';

/** GET payouts/holds (administrators): the vendors whose payouts are held, with why and since when. */
export const GET = endpoint(async ({ request }) => {
  await requireAdmin(request);
  return ok(await listHolds(), message('payoutRun', 'holds'), { headers: privateNoStore });
});

/** POST payouts/holds {vendor_id, reason} (administrators): runs skip this vendor until released. */
export const POST = endpoint(async ({ request }) => {
  const admin = await requireAdmin(request);
  const body = await readBody(request);
  optionalRowId('vendor_id', body.vendor_id, message('field', 'vendorId'));
  return ok(await holdPayouts(admin.id, holdInput.parse(body)), message('payoutRun', 'held'), { headers: privateNoStore });
});
