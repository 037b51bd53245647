import { endpoint } from '~/server/http/errors';
import { reviewFailure, reviewOk } from '~/server/http/envelope';
import { readBody } from '~/server/http/body';
import { requireCaller } from '~/server/http/auth';
import { privateNoStore } from '~/server/http/cache-control';
import { routeId } from '~/server/http/params';
import { withMethodOverride } from '~/server/http/method-override';
import { deleteReview, updateReview } from '~/server/reviews/reviews';
import { REVIEW_MESSAGES } from '~/lib/messages/review-messages';
import { message } from '~/lib/messages/message';

/** PUT reviews/{id} {rating, comment}: its author changes it. */
export const PUT = endpoint(
  async ({ params, request }) => {
    const caller = await requireCaller(request);
    const reviewId = routeId(params.id, REVIEW_MESSAGES.notFound);
    const review = await updateReview(caller, reviewId, await readBody(request));
    return reviewOk(review, REVIEW_MESSAGES.updated, { headers: privateNoStore });
  },
  reviewFailure(message('review', 'updateFailed')),
);

/** DELETE reviews/{id}: its author removes it. */
export const DELETE = endpoint(
  async ({ params, request }) => {
    const caller = await requireCaller(request);
    const removed = await deleteReview(caller, routeId(params.id, REVIEW_MESSAGES.notFound));
    return reviewOk(removed, REVIEW_MESSAGES.deleted, { headers: privateNoStore });
  },
  reviewFailure(message('review', 'deleteFailed')),
);

export const POST = withMethodOverride({ PUT, DELETE });
