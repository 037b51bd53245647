import { endpoint } from '~/server/http/errors';
import { ok } from '~/server/http/envelope';
import { requireCaller } from '~/server/http/auth';
import { privateNoStore } from '~/server/http/cache-control';
import { listWishlist } from '~/server/wishlist/wishlist';
import { message } from '~/lib/messages/message';

export const GET = endpoint(async ({ request }) => {
  const caller = await requireCaller(request);
  return ok(await listWishlist(caller.id), message('wishlistReply', 'retrieved'), { headers: privateNoStore });
});
