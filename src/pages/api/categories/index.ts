import { endpoint } from '~/server/http/errors';
import { ok } from '~/server/http/envelope';
import { readBody } from '~/server/http/body';
import { requireAdmin } from '~/server/http/auth';
import { privateNoStore, sharedAtEdge } from '~/server/http/cache-control';
import { createCategory, getCategory, listCategories } from '~/server/catalog/categories';
import { message } from '~/lib/messages/message';

export const GET = endpoint(async () => {
  return ok(await listCategories(), message('category', 'listRetrieved'), { headers: sharedAtEdge('categories') });
});

/** POST categories: administrators add a parent category, or a child with parent_id. */
export const POST = endpoint(async ({ request }) => {
  await requireAdmin(request);
  const created = await createCategory(await readBody(request));
  return ok(await getCategory(created.id), message('category', 'created'), { status: 201, headers: privateNoStore });
});
