import { endpoint } from '~/server/http/errors';
import { Invalid } from '~/server/errors';
import { ok } from '~/server/http/envelope';
import { readBody } from '~/server/http/body';
import { requireCaller } from '~/server/http/auth';
import { privateNoStore } from '~/server/http/cache-control';
import { publicOrigin } from '~/server/http/origin';
import { routeId } from '~/server/http/params';
import { clientReturnAddress } from '~/server/http/return-address';
import { initializePesapal } from '~/server/orders/pesapal-checkout';
import { message } from '~/lib/messages/message';

/**
 * POST pesapal/initialize {order_id, callback_url?}: where the buyer pays for their order (redirect_url) and its
 * order_tracking_id; the buyer comes back to `callback_url` when it is on the store's origin or one it lists.
 */
export const POST = endpoint(async ({ request }) => {
  const caller = await requireCaller(request);
  const body = await readBody(request);
  const named = body.order_id ?? body.orderId;
  if (named === undefined || named === '') throw new Invalid(message('order', 'nameTheOrder'));
  const orderId = routeId(String(named), message('order', 'notFound'));
  const returnUrl = clientReturnAddress(body.callback_url, orderId);
  return ok(await initializePesapal(caller, orderId, publicOrigin(), returnUrl), message('payment', 'ready'), { headers: privateNoStore });
});
