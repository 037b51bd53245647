import { z } from 'zod';
import { endpoint } from '~/server/http/errors';
import { ok } from '~/server/http/envelope';
import { readBody } from '~/server/http/body';
import { requireAdmin } from '~/server/http/auth';
import { privateNoStore } from '~/server/http/cache-control';
import { routeId } from '~/server/http/params';
import { markRefunded } from '~/server/payments/refunds';
import { message } from '~/lib/messages/message';

const paidBackSchema = z.object({ note: z.string().trim().max(500, 'must be at most 500 characters').default('') });

/** POST refunds/{id}: an administrator records that a refund was paid back by hand (mobile money, bank), with a note. */
export const POST = endpoint(async ({ request, params }) => {
  const admin = await requireAdmin(request);
  const refundId = routeId(params.id, message('payment', 'refundNotFound'));
  const { note } = paidBackSchema.parse(await readBody(request));
  return ok(await markRefunded(refundId, note, admin.id), message('payment', 'refundRecorded'), { headers: privateNoStore });
});
