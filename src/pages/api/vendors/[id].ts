import { endpoint } from '~/server/http/errors';
import { ok } from '~/server/http/envelope';
import { readBody } from '~/server/http/body';
import { requireAdmin, requireCaller } from '~/server/http/auth';
import { privateNoStore, sharedAtEdge } from '~/server/http/cache-control';
import { withMethodOverride } from '~/server/http/method-override';
import { routeId } from '~/server/http/params';
import { getVendor, removeVendor, updateVendor } from '~/server/catalog/vendors';
import { VENDOR_MESSAGES } from '~/lib/messages/vendor-messages';

export const GET = endpoint(async ({ params }) => {
  const vendor = await getVendor(routeId(params.id, VENDOR_MESSAGES.notFound));
  return ok(vendor, 'Vendor retrieved', { headers: sharedAtEdge('vendors') });
});

/** PUT vendors/{id}: the vendor's own shop profile; administrators also approve (approved) and suspend (status). */
export const PUT = endpoint(async ({ params, request }) => {
  const caller = await requireCaller(request);
  const vendor = await updateVendor(caller, routeId(params.id, VENDOR_MESSAGES.notFound), await readBody(request));
  return ok(vendor, VENDOR_MESSAGES.updated, { headers: privateNoStore });
});

export const DELETE = endpoint(async ({ params, request }) => {
  await requireAdmin(request);
  return ok(await removeVendor(routeId(params.id, VENDOR_MESSAGES.notFound)), VENDOR_MESSAGES.removed, { headers: privateNoStore });
});

export const POST = withMethodOverride({ PUT, DELETE });
