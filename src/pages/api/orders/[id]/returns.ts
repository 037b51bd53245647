import { endpoint } from '~/server/http/errors';
import { ok } from '~/server/http/envelope';
import { readBody } from '~/server/http/body';
import { requireCaller } from '~/server/http/auth';
import { privateNoStore } from '~/server/http/cache-control';
import { publicOrigin } from '~/server/http/origin';
import { routeId } from '~/server/http/params';
import { askReturn, returnAskScope } from '~/server/returns/returns';
import { parseReturnRequest } from '~/server/returns/return-input';
import { message } from '~/lib/messages/message';

/**
 * POST orders/{id}/returns: the order's buyer asks to return lines of one delivered part within its window
 * (JSON, or multipart with `lines` as JSON text and up to 3 `photos`). Who may ask is checked before the
 * body, and its pictures, are read.
 */
export const POST = endpoint(async ({ request, params }) => {
  const caller = await requireCaller(request);
  const scope = await returnAskScope(caller, routeId(params.id, message('order', 'notFound')));
  const asked = parseReturnRequest(await readBody(request));
  return ok(await askReturn(scope, asked, publicOrigin()), message('return', 'requested'), { status: 201, headers: privateNoStore });
});
