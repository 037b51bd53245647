import { z } from 'zod';
import { endpoint } from '~/server/http/errors';
import { Invalid } from '~/server/errors';
import { ok } from '~/server/http/envelope';
import { readBody } from '~/server/http/body';
import { requireCaller } from '~/server/http/auth';
import { privateNoStore } from '~/server/http/cache-control';
import { routeId } from '~/server/http/params';
import { changeParts, partChangeScope } from '~/server/orders/order-parts';
import { ORDER_STATUSES } from '~/lib/order-rules';
import { message } from '~/lib/messages/message';

const changeSchema = z.object({
  status: z.enum(ORDER_STATUSES, { error: `must be one of ${ORDER_STATUSES.join(', ')}` }).optional(),
  payment_status: z.literal('COMPLETED', { error: 'only COMPLETED can be set by hand' }).optional(),
  handover_code: z.string({ error: 'must be the 4 digits the buyer has' }).optional(),
});

/**
 * POST orders/{id}/status: an administrator moves every part of the order along, an approved vendor its own
 * parts; an administrator confirms a manual transfer. Who may act is checked before the body is read.
 */
export const POST = endpoint(async ({ request, params }) => {
  const caller = await requireCaller(request);
  const scope = await partChangeScope(caller, routeId(params.id, message('order', 'notFound')));
  const change = changeSchema.parse(await readBody(request));
  if (!change.status && !change.payment_status) throw new Invalid(message('order', 'sayWhatItBecomes'));
  return ok(await changeParts(scope, change), message('order', 'statusUpdated'), { headers: privateNoStore });
});
