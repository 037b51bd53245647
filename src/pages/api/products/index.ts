import { endpoint } from '~/server/http/errors';
import { ok } from '~/server/http/envelope';
import { publicCache } from '~/server/http/cache-control';
import { TTL } from '~/server/cache/ttl-cache';
import { parseProductQuery } from '~/server/catalog/product-query';
import { listProducts } from '~/server/catalog/products';
import { paginate } from '~/lib/pagination';

export const GET = endpoint(async ({ url }) => {
  const query = parseProductQuery(url.searchParams);
  const { items, total } = await listProducts(query);
  return ok(paginate(items, { page: query.page, perPage: query.limit, total, url }), 'Products retrieved', {
    headers: publicCache(TTL.products),
  });
});
