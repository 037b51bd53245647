import { endpoint } from '~/server/http/errors';
import { reviewFailure, reviewOk } from '~/server/http/envelope';
import { readBody } from '~/server/http/body';
import { requireCaller } from '~/server/http/auth';
import { privateNoStore } from '~/server/http/cache-control';
import { routeId } from '~/server/http/params';
import { withMethodOverride } from '~/server/http/method-override';
import { deleteReview, updateReview } from '~/server/reviews/reviews';
import { message } from '~/lib/messages/message';

/** PUT reviews/{id} {rating, comment}: its author changes it. */
export const PUT = endpoint(
  async ({ params, request }) => {
    const caller = await requireCaller(request);
    const reviewId = routeId(params.id, message('review', 'notFound'));
    const review = await updateReview(caller, reviewId, await readBody(request));
    return reviewOk(review, message('review', 'updated'), { headers: privateNoStore });
  },
  reviewFailure(message('review', 'updateFailed')),
);

/** DELETE reviews/{id}: its author removes it. */
export const DELETE = endpoint(
  async ({ params, request }) => {
    const caller = await requireCaller(request);
    const removed = await deleteReview(caller, routeId(params.id, message('review', 'notFound')));
    return reviewOk(removed, message('review', 'deleted'), { headers: privateNoStore });
  },
  reviewFailure(message('review', 'deleteFailed')),
);

export const POST = withMethodOverride({ PUT, DELETE });
