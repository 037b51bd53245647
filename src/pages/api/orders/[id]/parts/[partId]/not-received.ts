import { endpoint } from '~/server/http/errors';
import { ok } from '~/server/http/envelope';
import { requireCaller } from '~/server/http/auth';
import { privateNoStore } from '~/server/http/cache-control';
import { routeId } from '~/server/http/params';
import { publicOrigin } from '~/server/http/origin';
import { orderInReplyLanguage } from '~/server/http/order-labels';
import { reportPartNotReceived } from '~/server/orders/order-parts';
import { getOrder } from '~/server/orders/orders';
import { message } from '~/lib/messages/message';

/**
 * POST orders/{id}/parts/{partId}/not-received: the buyer says a part marked delivered without its handover code
 * never came (within DELIVERY_CONFIRM_DAYS). Its earnings are frozen for an administrator and its seller is
 * texted. Answers the order.
 */
export const POST = endpoint(async ({ request, params }) => {
  const caller = await requireCaller(request);
  const orderId = routeId(params.id, message('order', 'notFound'));
  await reportPartNotReceived(caller, orderId, routeId(params.partId, message('order', 'partNotFound')), publicOrigin());
  return ok(orderInReplyLanguage(await getOrder(caller.id, orderId)), message('order', 'notReceivedNoted'), { headers: privateNoStore });
});
