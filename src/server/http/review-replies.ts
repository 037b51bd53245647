/**
 * The review calls' replies, shared by /api/reviews and /api/products/{id}/reviews: reads answer the
 * spec's empty result when they fail, writes answer with the call's failure text.
 */
import { privateNoStore, sharedAtEdge } from './cache-control';
import { reviewFailure, reviewOk } from './envelope';
import { EMPTY_REVIEW_PAGE, type ReviewPage, type WrittenReview } from '../../lib/review-rules';
import { message } from '../../lib/messages/message';

export const listFailure = reviewFailure(null, EMPTY_REVIEW_PAGE);
export const submitFailure = reviewFailure(message('review', 'submitFailed'));

export function reviewListReply(page: ReviewPage): Response {
  return reviewOk(page, message('reviewReply', 'list'), { headers: sharedAtEdge('product') });
}

/** 201 for a first review, 200 when it updated the caller's earlier one. */
export function submittedReviewReply({ review, created }: { review: WrittenReview; created: boolean }): Response {
  return reviewOk(review, created ? message('review', 'submitted') : message('review', 'updated'), { status: created ? 201 : 200, headers: privateNoStore });
}
