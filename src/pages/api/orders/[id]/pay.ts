import { endpoint } from '~/server/http/errors';
import { ok } from '~/server/http/envelope';
import { requireCaller } from '~/server/http/auth';
import { privateNoStore } from '~/server/http/cache-control';
import { routeId } from '~/server/http/params';
import { publicOrigin } from '~/server/http/origin';
import { retryPayment } from '~/server/orders/place-order';
import { ORDER_MESSAGES } from '~/lib/messages/order-messages';

/** POST orders/{id}/pay: a new online payment attempt; the reply's payment.redirect_url is where to pay. */
export const POST = endpoint(async ({ request, params }) => {
  const caller = await requireCaller(request);
  const order = await retryPayment(caller, routeId(params.id, ORDER_MESSAGES.notFound), publicOrigin());
  return ok(order, 'Payment started', { headers: privateNoStore });
});
