import { endpoint } from '~/server/http/errors';
import { ok } from '~/server/http/envelope';
import { routeId } from '~/server/http/params';
import { publicCache } from '~/server/http/cache-control';
import { TTL } from '~/server/cache/ttl-cache';
import { getVendor } from '~/server/catalog/vendors';
import { messages } from '~/lib/messages';

export const GET = endpoint(async ({ params }) => {
  const vendor = await getVendor(routeId(params.id, messages.vendorNotFound));
  return ok(vendor, 'Vendor retrieved', { headers: publicCache(TTL.vendors) });
});
