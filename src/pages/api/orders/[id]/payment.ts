import { endpoint } from '~/server/http/errors';
import { ok } from '~/server/http/envelope';
import { requireCaller } from '~/server/http/auth';
import { privateNoStore } from '~/server/http/cache-control';
import { routeId } from '~/server/http/params';
import { checkPayment } from '~/server/orders/place-order';
import { labelledOrder } from '~/server/http/order-labels';
import { withTimelineInReplyLanguage } from '~/server/http/order-timeline';
import { message } from '~/lib/messages/message';

/** GET orders/{id}/payment: the order after asking the gateway how its payment went. */
export const GET = endpoint(async ({ request, params }) => {
  const caller = await requireCaller(request);
  return ok(
    labelledOrder(withTimelineInReplyLanguage(await checkPayment(caller, routeId(params.id, message('order', 'notFound'))))),
    message('payment', 'status'),
    {
      headers: privateNoStore,
    },
  );
});
