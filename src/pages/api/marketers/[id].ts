import { endpoint } from '~/server/http/errors';
import { ok } from '~/server/http/envelope';
import { requireAdmin } from '~/server/http/auth';
import { privateNoStore } from '~/server/http/cache-control';
import { withMethodOverride } from '~/server/http/method-override';
import { routeId } from '~/server/http/params';
import { removeMarketer } from '~/server/accounts/marketers';
import { message } from '~/lib/messages/message';

/** DELETE marketers/{id}: the account stays, without the marketer role (administrators). */
export const DELETE = endpoint(async ({ params, request }) => {
  await requireAdmin(request);
  await removeMarketer(routeId(params.id, message('marketer', 'notFound')));
  return ok(null, message('marketer', 'removed'), { headers: privateNoStore });
});

export const POST = withMethodOverride({ DELETE });
