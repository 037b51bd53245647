import { endpoint } from '~/server/http/errors';
import { ok } from '~/server/http/envelope';
import { requireAdmin } from '~/server/http/auth';
import { privateNoStore } from '~/server/http/cache-control';
import { openDisputes } from '~/server/orders/order-parts';
import { message } from '~/lib/messages/message';

/** GET disputes: administrators list the parts whose buyers say they never came and that wait for a ruling, oldest first. */
export const GET = endpoint(async ({ request }) => {
  await requireAdmin(request);
  return ok(await openDisputes(), message('order', 'orders'), { headers: privateNoStore });
});
