import { endpoint } from '~/server/http/errors';
import { ok } from '~/server/http/envelope';
import { readBody } from '~/server/http/body';
import { requireCaller } from '~/server/http/auth';
import { privateNoStore } from '~/server/http/cache-control';
import { removeFromWishlist } from '~/server/wishlist/wishlist';
import { productIdFrom } from '~/server/input-fields';
import { message } from '~/lib/messages/message';

export const POST = endpoint(async ({ request }) => {
  const caller = await requireCaller(request);
  const productId = productIdFrom((await readBody(request)).product_id);
  const removed = await removeFromWishlist(caller.id, { productId });
  return ok({ product_id: productId, removed }, removed ? message('wishlistReply', 'removed') : message('wishlistReply', 'notInWishlist'), {
    headers: privateNoStore,
  });
});
