import { endpoint } from '~/server/http/errors';
import { ok } from '~/server/http/envelope';
import { readBody } from '~/server/http/body';
import { resolveCaller } from '~/server/http/auth';
import { privateNoStore } from '~/server/http/cache-control';
import { isInWishlist } from '~/server/wishlist/wishlist';
import { productIdFrom } from '~/server/input-fields';
import { message } from '~/lib/messages/message';

/**
 * POST wishlist_check {product_id}: whether the product is in the caller's wishlist. A guest has none, so for a
 * guest it is not: the spec's client asks on every product page and would say "not logged in" to a 401.
 */
export const POST = endpoint(async ({ request }) => {
  const caller = await resolveCaller(request);
  const productId = productIdFrom((await readBody(request)).product_id);
  const inWishlist = caller ? await isInWishlist(caller.id, productId) : false;
  return ok({ product_id: productId, in_wishlist: inWishlist }, message('wishlistReply', 'checked'), { headers: privateNoStore });
});
