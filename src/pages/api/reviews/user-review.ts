import { endpoint } from '~/server/http/errors';
import { reviewFailure, reviewOk } from '~/server/http/envelope';
import { resolveCaller } from '~/server/http/auth';
import { privateNoStore } from '~/server/http/cache-control';
import { findUserReview, productIdParam } from '~/server/reviews/reviews';
import { message } from '~/lib/messages/message';

/** GET reviews/user-review?product_id: the caller's review of the product, or null (always null for a guest). */
export const GET = endpoint(
  async ({ request, url }) => {
    const productId = productIdParam(url.searchParams);
    const caller = await resolveCaller(request);
    const review = await findUserReview(caller?.id ?? null, productId);
    return reviewOk(review, review ? message('reviewReply', 'yours') : message('reviewReply', 'noneYet'), { headers: privateNoStore });
  },
  reviewFailure(null, null),
);
