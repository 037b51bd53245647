/**
 * The reviews calls as the product page makes them. Keys are the request paths, so the islands' query cache
 * shares one answer between everything that shows it; after a write every key of the product is asked again.
 */
import { refetchQueries, type QueryOptions } from '../query-cache';
import { apiRequest } from '~/browser/api';
import { REVIEWS_PER_PAGE, type ReviewInput, type ReviewSort, type WrittenReview, type ProductRating } from '~/lib/review-rules';
import { islandTranslator } from '~/lib/i18n/current';

/** The spec's query settings: fresh for 5 minutes, one retry, no refetch on focus or reconnect. */
export const REVIEW_QUERY_OPTIONS: QueryOptions & { keepPrevious: true } = { freshMs: 300_000, retries: 1, keepPrevious: true };

export const reviewKeys = {
  page: (productId: number, page: number, sort: ReviewSort) => `/api/reviews?product_id=${productId}&page=${page}&per_page=${REVIEWS_PER_PAGE}&sort_by=${sort}`,
  stats: (productId: number) => `/api/reviews/stats?product_id=${productId}`,
  mine: (productId: number) => `/api/reviews/user-review?product_id=${productId}`,
};

export const readReviews = <T>(path: string) => apiRequest<T>(path, {}, { successFlag: true });

function send<T>(path: string, method: 'POST' | 'PUT' | 'DELETE', failure: string, input?: ReviewInput & { product_id?: number }): Promise<T> {
  return apiRequest<T>(
    path,
    { method, headers: input ? { 'Content-Type': 'application/json' } : {}, body: input ? JSON.stringify(input) : undefined },
    { successFlag: true, failure },
  );
}

/** What a failed write says when the server gives no reason, in the page's language. */
const failures = () => islandTranslator().t.reviews;

export const submitReview = (productId: number, input: ReviewInput) =>
  send<WrittenReview>('/api/reviews', 'POST', failures().submitFailed, { product_id: productId, ...input });
export const updateReview = (reviewId: number, input: ReviewInput) => send<WrittenReview>(`/api/reviews/${reviewId}`, 'PUT', failures().updateFailed, input);
export const deleteReview = (reviewId: number) => send<{ id: number; product: ProductRating }>(`/api/reviews/${reviewId}`, 'DELETE', failures().deleteFailed);

/** Asks again for every page and the stats of a product's reviews. */
export function refreshProductReviews(productId: number): Promise<unknown> {
  const prefixes = [`/api/reviews?product_id=${productId}&`, reviewKeys.stats(productId)];
  return refetchQueries((key) => prefixes.some((prefix) => key.startsWith(prefix)));
}
