import { endpoint } from '~/server/http/errors';
import { readBody } from '~/server/http/body';
import { requireCaller } from '~/server/http/auth';
import { routeId } from '~/server/http/params';
import { listFailure, reviewListReply, submitFailure, submittedReviewReply } from '~/server/http/review-replies';
import { reviewPageFor, submitReviewFrom } from '~/server/reviews/replies';
import { message } from '~/lib/messages/message';

/** GET products/{id}/reviews?page&per_page&sort_by: as GET reviews?product_id={id}. */
export const GET = endpoint(
  async ({ params, url }) => reviewListReply(await reviewPageFor(routeId(params.id, message('product', 'notFound')), url.searchParams)),
  listFailure,
);

/** POST products/{id}/reviews {rating, comment}: as POST reviews for this product. */
export const POST = endpoint(async ({ params, request }) => {
  const productId = routeId(params.id, message('product', 'notFound'));
  const caller = await requireCaller(request);
  return submittedReviewReply(await submitReviewFrom(caller, await readBody(request), productId));
}, submitFailure);
