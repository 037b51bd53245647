import { endpoint } from '~/server/http/errors';
import { ok } from '~/server/http/envelope';
import { publicCache } from '~/server/http/cache-control';
import { TTL } from '~/server/cache/ttl-cache';
import { listCategories } from '~/server/catalog/categories';

export const GET = endpoint(async () => {
  return ok(await listCategories(), 'Categories retrieved', { headers: publicCache(TTL.categories) });
});
