import { endpoint } from '~/server/http/errors';
import { ok } from '~/server/http/envelope';
import { requireAdmin } from '~/server/http/auth';
import { privateNoStore } from '~/server/http/cache-control';
import { routeId } from '~/server/http/params';
import { paymentHistory } from '~/server/payments/refunds';
import { message } from '~/lib/messages/message';

/** GET orders/{id}/payment-history: for administrators, every attempt, every piece of gateway news (applied or ignored, and why) and refunds. */
export const GET = endpoint(async ({ request, params }) => {
  await requireAdmin(request);
  return ok(await paymentHistory(routeId(params.id, message('order', 'notFound'))), message('payment', 'history'), { headers: privateNoStore });
});
