import { z } from 'zod';
import { endpoint } from '~/server/http/errors';
import { ok } from '~/server/http/envelope';
import { readBody } from '~/server/http/body';
import { requireCaller } from '~/server/http/auth';
import { privateNoStore } from '~/server/http/cache-control';
import { routeId } from '~/server/http/params';
import { changeParts, partChangeScope, TRACKING_NOTE_MAX } from '~/server/orders/order-parts';
import { ORDER_STATUSES } from '~/lib/order-rules';
import { message } from '~/lib/messages/message';

const changeSchema = z.object({
  status: z.enum(ORDER_STATUSES, { error: `must be one of ${ORDER_STATUSES.join(', ')}` }),
  tracking_note: z
    .string({ error: 'must be text' })
    .trim()
    .max(TRACKING_NOTE_MAX, { error: `must be at most ${TRACKING_NOTE_MAX} characters` })
    .optional(),
  handover_code: z.string({ error: 'must be the 4 digits the buyer has' }).optional(),
});

/**
 * POST orders/{id}/parts/{partId}/status: the part's vendor or an administrator moves one vendor's part of
 * the order along, with a tracking note when it ships and, when it is delivered, the handover code the buyer gave
 * the rider (without it the buyer is asked whether it came). Who may act is checked before the body is read.
 */
export const POST = endpoint(async ({ request, params }) => {
  const caller = await requireCaller(request);
  const orderId = routeId(params.id, message('order', 'notFound'));
  const scope = await partChangeScope(caller, orderId, routeId(params.partId, message('order', 'partNotFound')));
  const change = changeSchema.parse(await readBody(request));
  return ok(await changeParts(scope, change), message('order', 'statusUpdated'), { headers: privateNoStore });
});
