import { endpoint } from '~/server/http/errors';
import { ok } from '~/server/http/envelope';
import { requireCaller } from '~/server/http/auth';
import { privateNoStore } from '~/server/http/cache-control';
import { routeId } from '~/server/http/params';
import { removeAddress } from '~/server/accounts/addresses';
import { message } from '~/lib/messages/message';

/** DELETE addresses/{id}: removes one of the caller's addresses. */
export const DELETE = endpoint(async ({ request, params }) => {
  const caller = await requireCaller(request);
  const id = routeId(params.id, message('account', 'addressNotFound'));
  await removeAddress(caller.id, id);
  return ok({ id }, message('account', 'addressRemoved'), { headers: privateNoStore });
});
