import { endpoint } from '~/server/http/errors';
import { reviewFailure, reviewOk } from '~/server/http/envelope';
import { sharedAtEdge } from '~/server/http/cache-control';
import { productIdParam, reviewStats } from '~/server/reviews/reviews';
import { EMPTY_REVIEW_STATS } from '~/lib/review-rules';
import { message } from '~/lib/messages/message';

/** GET reviews/stats?product_id: how many reviews, their average and how many of each rating. */
export const GET = endpoint(
  async ({ url }) => reviewOk(await reviewStats(productIdParam(url.searchParams)), message('reviewReply', 'stats'), { headers: sharedAtEdge('product') }),
  reviewFailure(null, EMPTY_REVIEW_STATS),
);
