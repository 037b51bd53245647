import { endpoint } from '~/server/http/errors';
import { ok } from '~/server/http/envelope';
import { publicCache } from '~/server/http/cache-control';
import { TTL } from '~/server/cache/ttl-cache';
import { listActiveVendors } from '~/server/catalog/vendors';

export const GET = endpoint(async () => {
  return ok(await listActiveVendors(), 'Vendors retrieved', { headers: publicCache(TTL.vendors) });
});
