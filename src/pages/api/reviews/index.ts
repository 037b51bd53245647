import { endpoint } from '~/server/http/errors';
import { productIdParam } from '~/server/reviews/reviews';
import { listFailure, reviewListReply, submitFailure, submitReviewReply } from '~/server/reviews/replies';

/** GET reviews?product_id&page&per_page&sort_by: one page of a product's reviews. */
export const GET = endpoint(async ({ url }) => reviewListReply(productIdParam(url.searchParams), url.searchParams), listFailure);

/** POST reviews {product_id, rating, comment}: the caller's review; a second one updates the first. */
export const POST = endpoint(async ({ request }) => submitReviewReply(request), submitFailure);
