import { endpoint } from '~/server/http/errors';
import { ok } from '~/server/http/envelope';
import { requireCaller } from '~/server/http/auth';
import { privateNoStore } from '~/server/http/cache-control';
import { routeId } from '~/server/http/params';
import { orderInReplyLanguage } from '~/server/http/order-labels';
import { cancelOrder } from '~/server/orders/place-order';
import { message } from '~/lib/messages/message';

/**
 * POST orders/{id}/cancel: the buyer cancels their own order while none of it has left. Its stock comes back
 * once, an open payment is closed and what was paid becomes a refund. Cancelling again answers the order as it is.
 */
export const POST = endpoint(async ({ request, params }) => {
  const caller = await requireCaller(request);
  const order = await cancelOrder(caller, routeId(params.id, message('order', 'notFound')));
  return ok(orderInReplyLanguage(order), message('order', 'cancelled'), { headers: privateNoStore });
});
