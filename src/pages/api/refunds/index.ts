import { endpoint } from '~/server/http/errors';
import { ok } from '~/server/http/envelope';
import { requireAdmin } from '~/server/http/auth';
import { privateNoStore } from '~/server/http/cache-control';
import { listRefunds, listReversals } from '~/server/payments/refunds';
import { message } from '~/lib/messages/message';

/** GET refunds: for administrators, money owed back (open first, then the latest paid back) and reversed payments. */
export const GET = endpoint(async ({ request }) => {
  await requireAdmin(request);
  const [refunds, reversals] = await Promise.all([listRefunds(), listReversals()]);
  return ok({ ...refunds, reversals }, message('payment', 'refunds'), { headers: privateNoStore });
});
