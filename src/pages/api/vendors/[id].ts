import { endpoint } from '~/server/http/errors';
import { ok } from '~/server/http/envelope';
import { readBody } from '~/server/http/body';
import { requireAdmin, requireCaller } from '~/server/http/auth';
import { privateNoStore, sharedAtEdge } from '~/server/http/cache-control';
import { withMethodOverride } from '~/server/http/method-override';
import { routeId } from '~/server/http/params';
import { getVendor, removeVendor, updateVendor } from '~/server/catalog/vendors';
import { message } from '~/lib/messages/message';

export const GET = endpoint(async ({ params }) => {
  const vendor = await getVendor(routeId(params.id, message('vendor', 'notFound')));
  return ok(vendor, message('vendor', 'retrieved'), { headers: sharedAtEdge('vendors') });
});

/** PUT vendors/{id}: the vendor's own shop profile; administrators also approve (approved) and suspend (status). */
export const PUT = endpoint(async ({ params, request }) => {
  const caller = await requireCaller(request);
  const vendor = await updateVendor(caller, routeId(params.id, message('vendor', 'notFound')), await readBody(request));
  return ok(vendor, message('vendor', 'updated'), { headers: privateNoStore });
});

export const DELETE = endpoint(async ({ params, request }) => {
  await requireAdmin(request);
  return ok(await removeVendor(routeId(params.id, message('vendor', 'notFound'))), message('vendor', 'removed'), { headers: privateNoStore });
});

export const POST = withMethodOverride({ PUT, DELETE });
