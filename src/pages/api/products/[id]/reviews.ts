import { endpoint } from '~/server/http/errors';
import { routeId } from '~/server/http/params';
import { listFailure, reviewListReply, submitFailure, submitReviewReply } from '~/server/reviews/replies';
import { messages } from '~/lib/messages';

/** GET products/{id}/reviews?page&per_page&sort_by: as GET reviews?product_id={id}. */
export const GET = endpoint(async ({ params, url }) => reviewListReply(routeId(params.id, messages.productNotFound), url.searchParams), listFailure);

/** POST products/{id}/reviews {rating, comment}: as POST reviews for this product. */
export const POST = endpoint(async ({ params, request }) => submitReviewReply(request, routeId(params.id, messages.productNotFound)), submitFailure);
