/**
 * The review calls' replies, shared by /api/reviews and /api/products/{id}/reviews: reads answer the
 * spec's empty result when they fail, writes answer with the call's failure text.
 */
import { readBody } from '../http/body';
import { requireCaller } from '../http/auth';
import { privateNoStore, revalidateEveryTime } from '../http/cache-control';
import { reviewFailure, reviewOk } from '../http/envelope';
import { productIdFrom } from '../input-fields';
import { EMPTY_REVIEW_PAGE, REVIEW_MESSAGES } from '../../lib/reviews';
import { listReviews, parseReviewInput, parseReviewQuery, submitReview } from './reviews';

export const listFailure = reviewFailure(null, EMPTY_REVIEW_PAGE);
export const submitFailure = reviewFailure(REVIEW_MESSAGES.submitFailed);

export async function reviewListReply(productId: number, params: URLSearchParams): Promise<Response> {
  return reviewOk(await listReviews(parseReviewQuery(productId, params)), 'Reviews', { headers: revalidateEveryTime });
}

/** Submits the caller's review of a product named by the path, or by the body's product_id. */
export async function submitReviewReply(request: Request, productIdInPath?: number): Promise<Response> {
  const caller = await requireCaller(request);
  const body = await readBody(request);
  const productId = productIdInPath ?? productIdFrom(body.product_id);
  const { review, created } = await submitReview(caller, productId, parseReviewInput(body));
  return reviewOk(review, created ? REVIEW_MESSAGES.submitted : REVIEW_MESSAGES.updated, { status: created ? 201 : 200, headers: privateNoStore });
}
