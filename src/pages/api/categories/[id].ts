import { endpoint } from '~/server/http/errors';
import { ok } from '~/server/http/envelope';
import { readBody } from '~/server/http/body';
import { requireAdmin } from '~/server/http/auth';
import { privateNoStore, sharedAtEdge } from '~/server/http/cache-control';
import { withMethodOverride } from '~/server/http/method-override';
import { routeId } from '~/server/http/params';
import { deleteCategory, getCategory, updateCategory } from '~/server/catalog/categories';
import { CATEGORY_MESSAGES } from '~/lib/messages/category-messages';

export const GET = endpoint(async ({ params }) => {
  const category = await getCategory(routeId(params.id, CATEGORY_MESSAGES.notFound));
  return ok(category, 'Category retrieved', { headers: sharedAtEdge('categories') });
});

export const PUT = endpoint(async ({ params, request }) => {
  await requireAdmin(request);
  const updated = await updateCategory(routeId(params.id, CATEGORY_MESSAGES.notFound), await readBody(request));
  return ok(await getCategory(updated.id), CATEGORY_MESSAGES.updated, { headers: privateNoStore });
});

/** DELETE categories/{id}: only an empty category, or one whose products go to move_products_to (query or body). */
export const DELETE = endpoint(async ({ params, request, url }) => {
  await requireAdmin(request);
  const body = { move_products_to: url.searchParams.get('move_products_to') ?? undefined, ...(await readBody(request)) };
  return ok(await deleteCategory(routeId(params.id, CATEGORY_MESSAGES.notFound), body), CATEGORY_MESSAGES.deleted, { headers: privateNoStore });
});

export const POST = withMethodOverride({ PUT, DELETE });
