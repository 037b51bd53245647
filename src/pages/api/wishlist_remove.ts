import { endpoint } from '~/server/http/errors';
import { ok } from '~/server/http/envelope';
import { readBody } from '~/server/http/body';
import { requireCaller } from '~/server/http/auth';
import { privateNoStore } from '~/server/http/cache-control';
import { removeFromWishlist } from '~/server/wishlist/wishlist';
import { productIdFrom } from '~/server/input-fields';

export const POST = endpoint(async ({ request }) => {
  const caller = await requireCaller(request);
  const productId = productIdFrom((await readBody(request)).product_id);
  const removed = await removeFromWishlist(caller.id, { productId });
  return ok({ product_id: productId, removed }, removed ? 'Removed from wishlist' : 'It was not in your wishlist', { headers: privateNoStore });
});
