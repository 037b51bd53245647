import { endpoint } from '~/server/http/errors';
import { ok } from '~/server/http/envelope';
import { requireAdmin } from '~/server/http/auth';
import { privateNoStore } from '~/server/http/cache-control';
import { routeId } from '~/server/http/params';
import { unlockHandoverCode } from '~/server/orders/order-parts';
import { message } from '~/lib/messages/message';

/** POST orders/{id}/parts/{partId}/handover-unlock: an administrator lets a part's handover code work again after wrong tries locked it. */
export const POST = endpoint(async ({ request, params }) => {
  const admin = await requireAdmin(request);
  const orderId = routeId(params.id, message('order', 'notFound'));
  const partId = routeId(params.partId, message('order', 'partNotFound'));
  await unlockHandoverCode(admin, orderId, partId);
  return ok({ order_id: orderId, part_id: partId }, message('order', 'handoverUnlocked'), { headers: privateNoStore });
});
