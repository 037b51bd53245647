import { z } from 'zod';
import { endpoint } from '~/server/http/errors';
import { idParam } from '~/server/http/params';
import { ok } from '~/server/http/envelope';
import { readBody } from '~/server/http/body';
import { requireAdmin, requireCaller } from '~/server/http/auth';
import { privateNoStore } from '~/server/http/cache-control';
import { isAdmin } from '~/server/accounts/roles';
import { ledgerOwner } from '~/server/payouts/vendor-ledger';
import { listSettlements, recordHandSettlement } from '~/server/payouts/settlements';
import { message } from '~/lib/messages/message';

const handSchema = z.object({
  vendor_id: z.coerce
    .number({ error: 'must be a vendor id' })
    .int('must be a vendor id')
    .positive('must be a vendor id')
    .max(2_147_483_647, 'must be a vendor id'),
  amount: z.coerce.number({ error: 'must be a whole number of UGX' }).int('must be a whole number of UGX').positive('must be more than 0').max(2_000_000_000),
  reference: z
    .string({ error: 'is required' })
    .trim()
    .min(3, 'give the receipt or bank reference, 3 characters or more')
    .max(100, 'must be at most 100 characters'),
});

/**
 * GET payouts/settlements[?vendor_id]: a vendor's own settlements, newest first; an administrator every vendor's,
 * or the one named.
 */
export const GET = endpoint(async ({ request, url }) => {
  const caller = await requireCaller(request);
  const named = idParam(url, 'vendor_id', message('field', 'vendorId'));
  const vendorId = isAdmin(caller) && !named ? null : await ledgerOwner(caller, named);
  return ok(await listSettlements(vendorId), message('payoutRun', 'settlements'), { headers: privateNoStore });
});

/** POST payouts/settlements {vendor_id, amount, reference} (administrators): money a vendor paid by hand, recorded with its receipt. */
export const POST = endpoint(async ({ request }) => {
  const admin = await requireAdmin(request);
  const { vendor_id, amount, reference } = handSchema.parse(await readBody(request));
  return ok(await recordHandSettlement(admin, vendor_id, amount, reference), message('payoutRun', 'settlementRecorded'), {
    status: 201,
    headers: privateNoStore,
  });
});
