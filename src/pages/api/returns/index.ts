import { z } from 'zod';
import { endpoint } from '~/server/http/errors';
import { ok } from '~/server/http/envelope';
import { requireCaller } from '~/server/http/auth';
import { privateNoStore } from '~/server/http/cache-control';
import { listReturns } from '~/server/returns/returns';
import { RETURN_STATUSES } from '~/lib/return-rules';
import { message } from '~/lib/messages/message';

const querySchema = z.object({
  page: z.coerce.number().int().min(1, 'must be 1 or more').max(100_000).default(1),
  status: z.enum(RETURN_STATUSES, { error: `must be one of ${RETURN_STATUSES.join(', ')}` }).optional(),
});

/**
 * GET returns?page&status: the returns the caller may see, newest first: a buyer's own, a vendor's on its
 * parts (and its own), every return for an administrator.
 */
export const GET = endpoint(async ({ request, url }) => {
  const caller = await requireCaller(request);
  const query = querySchema.parse({ page: url.searchParams.get('page') ?? undefined, status: url.searchParams.get('status') || undefined });
  return ok(await listReturns(caller, { page: query.page, status: query.status, url }), message('return', 'list'), { headers: privateNoStore });
});
