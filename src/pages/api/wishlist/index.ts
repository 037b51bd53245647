import { endpoint } from '~/server/http/errors';
import { ok } from '~/server/http/envelope';
import { readBody } from '~/server/http/body';
import { requireCaller } from '~/server/http/auth';
import { privateNoStore } from '~/server/http/cache-control';
import { addToWishlist, listWishlist } from '~/server/wishlist/wishlist';
import { productIdFrom } from '~/server/input-fields';
import { message } from '~/lib/messages/message';

/** The alternate wishlist style: GET lists, POST adds (items wrap their product). */
export const GET = endpoint(async ({ request }) => {
  const caller = await requireCaller(request);
  return ok(await listWishlist(caller.id), message('wishlistReply', 'retrieved'), { headers: privateNoStore });
});

export const POST = endpoint(async ({ request }) => {
  const caller = await requireCaller(request);
  const item = await addToWishlist(caller.id, productIdFrom((await readBody(request)).product_id));
  return ok(item, message('wishlistReply', 'added'), { status: 201, headers: privateNoStore });
});
