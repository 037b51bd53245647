import { z } from 'zod';
import { endpoint } from '~/server/http/errors';
import { ok } from '~/server/http/envelope';
import { readBody } from '~/server/http/body';
import { requireAdmin } from '~/server/http/auth';
import { privateNoStore } from '~/server/http/cache-control';
import { routeId } from '~/server/http/params';
import { resolveDispute } from '~/server/orders/order-parts';
import { message } from '~/lib/messages/message';

const rulingSchema = z.object({
  resolution: z.enum(['delivered', 'not_delivered'], { error: 'must be delivered or not_delivered' }),
});

/**
 * POST orders/{id}/parts/{partId}/dispute: an administrator rules on a part its buyer says never came: delivered
 * (its earnings are released) or not_delivered (the part is cancelled, its earnings and cash undone, what was
 * paid for it refunded).
 */
export const POST = endpoint(async ({ request, params }) => {
  const admin = await requireAdmin(request);
  const orderId = routeId(params.id, message('order', 'notFound'));
  const partId = routeId(params.partId, message('order', 'partNotFound'));
  const { resolution } = rulingSchema.parse(await readBody(request));
  await resolveDispute(admin, orderId, partId, resolution);
  return ok({ order_id: orderId, part_id: partId, resolution }, message('order', 'disputeResolved'), { headers: privateNoStore });
});
