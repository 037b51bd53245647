import { endpoint } from '~/server/http/errors';
import { ok } from '~/server/http/envelope';
import { readBody } from '~/server/http/body';
import { requireSeller } from '~/server/http/auth';
import { privateNoStore, sharedAtEdge } from '~/server/http/cache-control';
import { parseProductQuery } from '~/server/catalog/product-query';
import { findManagedProduct, listProducts } from '~/server/catalog/products';
import { createProduct } from '~/server/catalog/product-writes';
import { paginate } from '~/lib/pagination';
import { keepSearch } from '~/server/http/searcher';
import { message } from '~/lib/messages/message';

/** GET products: a page of the catalogue; a search is kept in the searcher's history (token, or X-Session-ID / session_id). */
export const GET = endpoint(async ({ request, url }) => {
  const query = parseProductQuery(url.searchParams);
  const [{ items, total }] = await Promise.all([listProducts(query), keepSearch(request, url, query.search)]);
  return ok(paginate(items, { page: query.page, perPage: query.limit, total, url }), message('product', 'listRetrieved'), {
    headers: sharedAtEdge('products', 'search'),
  });
});

/** POST products (multipart, with feature_photo and optional images): an approved vendor or an administrator adds a product. */
export const POST = endpoint(async ({ request }) => {
  const caller = await requireSeller(request);
  const created = await createProduct(caller, await readBody(request));
  return ok(await findManagedProduct(created.id), message('product', 'created'), { status: 201, headers: privateNoStore });
});
