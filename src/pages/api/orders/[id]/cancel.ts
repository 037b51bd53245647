import { endpoint } from '~/server/http/errors';
import { ok } from '~/server/http/envelope';
import { requireCaller } from '~/server/http/auth';
import { privateNoStore } from '~/server/http/cache-control';
import { routeId } from '~/server/http/params';
import { labelledOrder } from '~/server/http/order-labels';
import { cancelOrder } from '~/server/orders/place-order';
import { ORDER_MESSAGES } from '~/lib/messages/order-messages';

/**
 * POST orders/{id}/cancel: the buyer cancels their own order while none of it has left. Its stock comes back
 * once, an open payment is closed and what was paid becomes a refund. Cancelling again answers the order as it is.
 */
export const POST = endpoint(async ({ request, params }) => {
  const caller = await requireCaller(request);
  const order = await cancelOrder(caller, routeId(params.id, ORDER_MESSAGES.notFound));
  return ok(labelledOrder(order), ORDER_MESSAGES.cancelled, { headers: privateNoStore });
});
