import { endpoint } from '~/server/http/errors';
import { Invalid } from '~/server/errors';
import { ok } from '~/server/http/envelope';
import { requireCaller } from '~/server/http/auth';
import { privateNoStore } from '~/server/http/cache-control';
import { removeFromWishlist } from '~/server/wishlist/wishlist';
import { message } from '~/lib/messages/message';

/** DELETE wishlist/{id}: removes one of the caller's wishlist items by its id. */
export const DELETE = endpoint(async ({ request, params }) => {
  const caller = await requireCaller(request);
  if (!/^[1-9]\d{0,9}$/.test(params.id ?? '')) throw new Invalid(message('wishlistReply', 'badItemId'));
  const removed = await removeFromWishlist(caller.id, { itemId: Number(params.id) });
  return ok({ id: Number(params.id), removed }, removed ? message('wishlistReply', 'removed') : message('wishlistReply', 'notInWishlist'), {
    headers: privateNoStore,
  });
});
