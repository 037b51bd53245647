import { endpoint } from '~/server/http/errors';
import { ok } from '~/server/http/envelope';
import { routeId } from '~/server/http/params';
import { sharedAtEdge } from '~/server/http/cache-control';
import { getCategory } from '~/server/catalog/categories';
import { filterScope, getFilterOptions } from '~/server/catalog/filters';
import { parseProductQuery } from '~/server/catalog/product-query';
import { message } from '~/lib/messages/message';

/** GET filters: the options of the list GET products gives for the same parameters, each with how many products it gives. */
export const GET = endpoint(async ({ url }) => {
  const param = url.searchParams.get('category')?.trim();
  const categoryId = param ? (await getCategory(routeId(param, message('category', 'notFound')))).id : undefined;
  const params = new URLSearchParams(url.searchParams);
  params.delete('category');
  const scope = filterScope(parseProductQuery(params));
  return ok(await getFilterOptions({ ...scope, category: categoryId }), message('product', 'filtersRetrieved'), {
    headers: sharedAtEdge('filters', 'categories'),
  });
});
