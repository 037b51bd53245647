import { endpoint } from '~/server/http/errors';
import { Invalid } from '~/server/errors';
import { ok } from '~/server/http/envelope';
import { requireCaller } from '~/server/http/auth';
import { privateNoStore } from '~/server/http/cache-control';
import { removeFromWishlist } from '~/server/wishlist/wishlist';

/** DELETE wishlist/{id}: removes one of the caller's wishlist items by its id. */
export const DELETE = endpoint(async ({ request, params }) => {
  const caller = await requireCaller(request);
  if (!/^[1-9]\d{0,9}$/.test(params.id ?? '')) throw new Invalid('id: must be a wishlist item id');
  const removed = await removeFromWishlist(caller.id, { itemId: Number(params.id) });
  return ok({ id: Number(params.id), removed }, removed ? 'Removed from wishlist' : 'It was not in your wishlist', { headers: privateNoStore });
});
