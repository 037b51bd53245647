import { endpoint } from '~/server/http/errors';
import { Invalid } from '~/server/errors';
import { ok } from '~/server/http/envelope';
import { readBody } from '~/server/http/body';
import { requireCaller } from '~/server/http/auth';
import { privateNoStore } from '~/server/http/cache-control';
import { publicOrigin } from '~/server/http/origin';
import { routeId } from '~/server/http/params';
import { initializePesapal } from '~/server/orders/pesapal-checkout';
import { message } from '../../../lib/messages/message';

/** POST pesapal/initialize {order_id}: where the buyer pays for their order (redirect_url) and its order_tracking_id. */
export const POST = endpoint(async ({ request }) => {
  const caller = await requireCaller(request);
  const body = await readBody(request);
  const named = body.order_id ?? body.orderId;
  if (named === undefined || named === '') throw new Invalid(message('order', 'nameTheOrder'));
  const orderId = routeId(String(named), message('order', 'notFound'));
  return ok(await initializePesapal(caller, orderId, publicOrigin()), message('payment', 'ready'), { headers: privateNoStore });
});
