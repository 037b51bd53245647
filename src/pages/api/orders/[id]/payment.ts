import { endpoint } from '~/server/http/errors';
import { ok } from '~/server/http/envelope';
import { requireCaller } from '~/server/http/auth';
import { privateNoStore } from '~/server/http/cache-control';
import { routeId } from '~/server/http/params';
import { checkPayment } from '~/server/orders/place-order';
import { orderInReplyLanguage } from '~/server/http/order-labels';
import { message } from '~/lib/messages/message';

/** GET orders/{id}/payment: the order after asking the gateway how its payment went. */
export const GET = endpoint(async ({ request, params }) => {
  const caller = await requireCaller(request);
  return ok(orderInReplyLanguage(await checkPayment(caller, routeId(params.id, message('order', 'notFound')))), message('payment', 'status'), {
    headers: privateNoStore,
  });
});
