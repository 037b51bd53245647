import { endpoint } from '~/server/http/errors';
import { ok } from '~/server/http/envelope';
import { requireCaller } from '~/server/http/auth';
import { privateNoStore } from '~/server/http/cache-control';
import { routeId } from '~/server/http/params';
import { getOrder } from '~/server/orders/orders';
import { orderInReplyLanguage } from '~/server/http/order-labels';
import { message } from '~/lib/messages/message';

/** GET orders/{id}: one of the caller's orders (anyone else's is 'Order not found'). */
export const GET = endpoint(async ({ request, params }) => {
  const caller = await requireCaller(request);
  return ok(orderInReplyLanguage(await getOrder(caller.id, routeId(params.id, message('order', 'notFound')))), message('order', 'order'), {
    headers: privateNoStore,
  });
});
