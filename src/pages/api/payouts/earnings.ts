import { z } from 'zod';
import { endpoint } from '~/server/http/errors';
import { idParam } from '~/server/http/params';
import { ok } from '~/server/http/envelope';
import { requireCaller } from '~/server/http/auth';
import { privateNoStore } from '~/server/http/cache-control';
import { ledgerLines, ledgerOwner } from '~/server/payouts/vendor-ledger';
import { message } from '~/lib/messages/message';

const querySchema = z.object({
  page: z.coerce.number().int('must be a whole number').min(1, 'must be 1 or more').max(100_000).default(1),
  per_page: z.coerce.number().int('must be a whole number').min(1, 'must be 1 or more').max(100, 'must be at most 100').default(20),
});

/** GET payouts/earnings?page&per_page[&vendor_id]: a vendor's ledger lines, newest first (an administrator names the vendor). */
export const GET = endpoint(async ({ request, url }) => {
  const vendorId = await ledgerOwner(await requireCaller(request), idParam(url, 'vendor_id', message('field', 'vendorId')));
  const query = querySchema.parse({ page: url.searchParams.get('page') || undefined, per_page: url.searchParams.get('per_page') || undefined });
  return ok(await ledgerLines(vendorId, { page: query.page, perPage: query.per_page, url }), message('payoutRun', 'earnings'), { headers: privateNoStore });
});
