import { endpoint } from '~/server/http/errors';
import { ok } from '~/server/http/envelope';
import { routeId } from '~/server/http/params';
import { revalidateEveryTime } from '~/server/http/cache-control';
import { getCategory } from '~/server/catalog/categories';
import { getFilterOptions } from '~/server/catalog/filters';
import { CATEGORY_MESSAGES } from '~/lib/messages/category-messages';

export const GET = endpoint(async ({ url }) => {
  const param = url.searchParams.get('category')?.trim();
  const categoryId = param ? (await getCategory(routeId(param, CATEGORY_MESSAGES.notFound))).id : undefined;
  return ok(await getFilterOptions({ category: categoryId }), 'Filters retrieved', { headers: revalidateEveryTime });
});
