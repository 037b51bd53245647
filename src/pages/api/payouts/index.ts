import { z } from 'zod';
import { endpoint } from '~/server/http/errors';
import { rowIdSchema } from '~/server/input-fields';
import { ok } from '~/server/http/envelope';
import { requireCaller } from '~/server/http/auth';
import { privateNoStore } from '~/server/http/cache-control';
import { listPayouts, PAYOUT_STATUSES, requirePayoutViewer } from '~/server/payouts/payout-list';
import { message } from '~/lib/messages/message';

const querySchema = z.object({
  status: z.enum(PAYOUT_STATUSES, { error: `must be one of ${PAYOUT_STATUSES.join(', ')}` }).optional(),
  vendor_id: rowIdSchema('must be a vendor id').optional(),
  page: z.coerce.number().int('must be a whole number').min(1, 'must be 1 or more').max(100_000).default(1),
  per_page: z.coerce.number().int('must be a whole number').min(1, 'must be 1 or more').max(100, 'must be at most 100').default(20),
});

/** GET payouts?status&vendor_id&page&per_page: a vendor's own payouts, or anyone's for an administrator; newest first. */
export const GET = endpoint(async ({ request, url }) => {
  const caller = requirePayoutViewer(await requireCaller(request));
  const param = (name: string) => url.searchParams.get(name) || undefined;
  const query = querySchema.parse({ status: param('status'), vendor_id: param('vendor_id'), page: param('page'), per_page: param('per_page') });
  const payouts = await listPayouts(caller, { status: query.status, vendorId: query.vendor_id, page: query.page, perPage: query.per_page, url });
  return ok(payouts, message('payoutRun', 'payouts'), { headers: privateNoStore });
});
