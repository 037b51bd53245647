import { endpoint } from '~/server/http/errors';
import { ok } from '~/server/http/envelope';
import { requireCaller } from '~/server/http/auth';
import { privateNoStore } from '~/server/http/cache-control';
import { routeId } from '~/server/http/params';
import { orderInReplyLanguage } from '~/server/http/order-labels';
import { confirmPartReceived } from '~/server/orders/order-parts';
import { getOrder } from '~/server/orders/orders';
import { message } from '~/lib/messages/message';

/**
 * POST orders/{id}/parts/{partId}/received: the buyer says a part marked delivered without its handover code
 * arrived. Its seller's earnings for it are then due when the return window ends. Answers the order.
 */
export const POST = endpoint(async ({ request, params }) => {
  const caller = await requireCaller(request);
  const orderId = routeId(params.id, message('order', 'notFound'));
  await confirmPartReceived(caller, orderId, routeId(params.partId, message('order', 'partNotFound')));
  return ok(orderInReplyLanguage(await getOrder(caller.id, orderId)), message('order', 'receivedThanks'), { headers: privateNoStore });
});
