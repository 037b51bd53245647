import { endpoint } from '~/server/http/errors';
import { ok } from '~/server/http/envelope';
import { routeId } from '~/server/http/params';
import { publicCache } from '~/server/http/cache-control';
import { TTL } from '~/server/cache/ttl-cache';
import { getCategory } from '~/server/catalog/categories';
import { messages } from '~/lib/messages';

export const GET = endpoint(async ({ params }) => {
  const category = await getCategory(routeId(params.id, messages.categoryNotFound));
  return ok(category, 'Category retrieved', { headers: publicCache(TTL.categories) });
});
