/**
 * What the review calls answer, shared by /api/reviews and /api/products/{id}/reviews: a page of a
 * product's reviews, and the caller's review written from what they sent. The endpoints build the replies.
 */
import { productIdFrom } from '../input-fields';
import type { SessionUser } from '../accounts/sessions';
import type { ReviewPage, WrittenReview } from '../../lib/review-rules';
import { listReviews, parseReviewInput, parseReviewQuery, submitReview } from './reviews';

/** One page of the product's reviews, as the query parameters (page, per_page, sort_by) ask. */
export async function reviewPageFor(productId: number, params: URLSearchParams): Promise<ReviewPage> {
  return listReviews(parseReviewQuery(productId, params));
}

/** Submits the caller's review of a product named by the path, or by the body's product_id. */
export async function submitReviewFrom(
  caller: SessionUser,
  body: Record<string, unknown>,
  productIdInPath?: number,
): Promise<{ review: WrittenReview; created: boolean }> {
  const productId = productIdInPath ?? productIdFrom(body.product_id);
  return submitReview(caller, productId, parseReviewInput(body));
}
