import { endpoint } from '~/server/http/errors';
import { ok } from '~/server/http/envelope';
import { readBody } from '~/server/http/body';
import { requireAdmin } from '~/server/http/auth';
import { privateNoStore, sharedAtEdge } from '~/server/http/cache-control';
import { withMethodOverride } from '~/server/http/method-override';
import { routeId } from '~/server/http/params';
import { deleteCategory, getCategory, updateCategory } from '~/server/catalog/categories';
import { message } from '~/lib/messages/message';

export const GET = endpoint(async ({ params }) => {
  const category = await getCategory(routeId(params.id, message('category', 'notFound')));
  return ok(category, message('category', 'retrieved'), { headers: sharedAtEdge('categories') });
});

export const PUT = endpoint(async ({ params, request }) => {
  await requireAdmin(request);
  const updated = await updateCategory(routeId(params.id, message('category', 'notFound')), await readBody(request));
  return ok(await getCategory(updated.id), message('category', 'updated'), { headers: privateNoStore });
});

/** DELETE categories/{id}: only an empty category, or one whose products go to move_products_to (query or body). */
export const DELETE = endpoint(async ({ params, request, url }) => {
  await requireAdmin(request);
  const body = { move_products_to: url.searchParams.get('move_products_to') ?? undefined, ...(await readBody(request)) };
  return ok(await deleteCategory(routeId(params.id, message('category', 'notFound')), body), message('category', 'deleted'), { headers: privateNoStore });
});

export const POST = withMethodOverride({ PUT, DELETE });
