import { endpoint } from '~/server/http/errors';
import { ok } from '~/server/http/envelope';
import { readBody } from '~/server/http/body';
import { requireSeller } from '~/server/http/auth';
import { privateNoStore, sharedAtEdge } from '~/server/http/cache-control';
import { withMethodOverride } from '~/server/http/method-override';
import { routeId } from '~/server/http/params';
import { findManagedProduct, getProduct } from '~/server/catalog/products';
import { deleteProduct, updateProduct } from '~/server/catalog/product-writes';
import { message } from '~/lib/messages/message';

export const GET = endpoint(async ({ params }) => {
  const product = await getProduct(routeId(params.id, message('product', 'notFound')));
  return ok(product, message('product', 'retrieved'), { headers: sharedAtEdge('product') });
});

/** PUT products/{id}: the product's vendor or an administrator changes the fields sent (and pictures, when uploaded). */
export const PUT = endpoint(async ({ params, request }) => {
  const caller = await requireSeller(request);
  const updated = await updateProduct(caller, routeId(params.id, message('product', 'notFound')), await readBody(request));
  return ok(await findManagedProduct(updated.id), message('product', 'updated'), { headers: privateNoStore });
});

/** DELETE products/{id}: withdrawn for good; past orders keep it. */
export const DELETE = endpoint(async ({ params, request }) => {
  const caller = await requireSeller(request);
  return ok(await deleteProduct(caller, routeId(params.id, message('product', 'notFound'))), message('product', 'deleted'), { headers: privateNoStore });
});

export const POST = withMethodOverride({ PUT, DELETE });
