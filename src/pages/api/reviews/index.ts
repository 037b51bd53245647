import { endpoint } from '~/server/http/errors';
import { readBody } from '~/server/http/body';
import { requireCaller } from '~/server/http/auth';
import { listFailure, reviewListReply, submitFailure, submittedReviewReply } from '~/server/http/review-replies';
import { productIdParam } from '~/server/reviews/reviews';
import { reviewPageFor, submitReviewFrom } from '~/server/reviews/replies';

/** GET reviews?product_id&page&per_page&sort_by: one page of a product's reviews. */
export const GET = endpoint(async ({ url }) => reviewListReply(await reviewPageFor(productIdParam(url.searchParams), url.searchParams)), listFailure);

/** POST reviews {product_id, rating, comment}: the caller's review; a second one updates the first. */
export const POST = endpoint(async ({ request }) => {
  const caller = await requireCaller(request);
  return submittedReviewReply(await submitReviewFrom(caller, await readBody(request)));
}, submitFailure);
