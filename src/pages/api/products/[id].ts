import { endpoint } from '~/server/http/errors';
import { ok } from '~/server/http/envelope';
import { routeId } from '~/server/http/params';
import { publicCache } from '~/server/http/cache-control';
import { TTL } from '~/server/cache/ttl-cache';
import { getProduct } from '~/server/catalog/products';
import { messages } from '~/lib/messages';

export const GET = endpoint(async ({ params }) => {
  const product = await getProduct(routeId(params.id, messages.productNotFound));
  return ok(product, 'Product retrieved', { headers: publicCache(TTL.productDetails) });
});
