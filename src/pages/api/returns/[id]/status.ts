import { endpoint } from '~/server/http/errors';
import { ok } from '~/server/http/envelope';
import { readBody } from '~/server/http/body';
import { requireCaller } from '~/server/http/auth';
import { privateNoStore } from '~/server/http/cache-control';
import { publicOrigin } from '~/server/http/origin';
import { routeId } from '~/server/http/params';
import { changeReturn, returnChangeScope } from '~/server/returns/return-moves';
import { parseReturnChange } from '~/server/returns/return-input';
import { message } from '~/lib/messages/message';

/**
 * POST returns/{id}/status: the part's vendor or an administrator accepts (awaiting_item) or refuses (with a
 * note) a return, marks its items received, or records the refund paid by hand (refund_method cash or
 * mobile_money). Who may act is checked before the body is read.
 */
export const POST = endpoint(async ({ request, params }) => {
  const caller = await requireCaller(request);
  const scope = await returnChangeScope(caller, routeId(params.id, message('return', 'notFound')));
  const change = parseReturnChange(await readBody(request));
  return ok(await changeReturn(scope, change, publicOrigin()), message('return', 'updated'), { headers: privateNoStore });
});
