import { endpoint } from '~/server/http/errors';
import { ok } from '~/server/http/envelope';
import { requireCaller } from '~/server/http/auth';
import { privateNoStore } from '~/server/http/cache-control';
import { routeId } from '~/server/http/params';
import { pesapalStatus } from '~/server/orders/pesapal-checkout';
import { message } from '~/lib/messages/message';

/** GET pesapal/status/{order_id}: the order's payment after asking Pesapal (status COMPLETED once paid). */
export const GET = endpoint(async ({ request, params }) => {
  const caller = await requireCaller(request);
  return ok(await pesapalStatus(caller, routeId(params.order_id, message('order', 'notFound'))), message('payment', 'status'), { headers: privateNoStore });
});
