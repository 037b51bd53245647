import { endpoint } from '~/server/http/errors';
import { ok } from '~/server/http/envelope';
import { requireCaller } from '~/server/http/auth';
import { privateNoStore } from '~/server/http/cache-control';
import { routeId } from '~/server/http/params';
import { removeAddress } from '~/server/accounts/addresses';

/** DELETE addresses/{id}: removes one of the caller's addresses. */
export const DELETE = endpoint(async ({ request, params }) => {
  const caller = await requireCaller(request);
  const id = routeId(params.id, 'Address not found');
  await removeAddress(caller.id, id);
  return ok({ id }, 'Address removed', { headers: privateNoStore });
});
