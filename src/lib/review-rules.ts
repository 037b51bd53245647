/**
 * Product reviews as both the server and the pages see them: the shapes, the sorts, the limits and
 * the rules on ratings and comments. Pure and free of zod, so islands can import it.
 */
import { message, type Message } from './messages/message';

export const REVIEW_SORTS = ['newest', 'oldest', 'highest', 'lowest', 'helpful'] as const;
export type ReviewSort = (typeof REVIEW_SORTS)[number];

/** The sorts' other names, as the spec's other clients ask for them. */
export const REVIEW_SORT_ALIASES: Record<string, ReviewSort> = { highest_rating: 'highest', lowest_rating: 'lowest' };

export const REVIEWS_PER_PAGE = 10;
export const MAX_REVIEWS_PER_PAGE = 50;
export const REVIEW_COMMENT_MIN = 2;
export const REVIEW_COMMENT_MAX = 2000;
export const RATINGS = [5, 4, 3, 2, 1] as const;

/** A review's author as the spec's other clients read it (`review.user.name`): the same name as user_name, and the picture. */
export type ReviewAuthor = { id: number; name: string; avatar: string };

export type Review = {
  id: number;
  product_id: number;
  user_id: number;
  /** First name and the initial of the last name: enough to be a person, not enough to be found. */
  user_name: string;
  user: ReviewAuthor;
  rating: number;
  comment: string;
  verified_purchase: boolean;
  helpful_count: number;
  created_at: string;
  updated_at: string;
};

export type ReviewInput = { rating: number; comment: string };

export type ReviewPagination = { current_page: number; last_page: number; per_page: number; total: number };
export type ReviewPage = { reviews: Review[]; pagination: ReviewPagination };

/** How many reviews gave each rating, keyed by the rating ('5') and, for the spec's other clients, by its words ('5_stars' … '1_star'). */
export type RatingBreakdown = Record<'5' | '4' | '3' | '2' | '1', number> & Partial<Record<RatingWords, number>>;
type RatingWords = '5_stars' | '4_stars' | '3_stars' | '2_stars' | '1_star';

/** A breakdown by rating with the same counts under the spec clients' keys too. */
export function ratingBreakdown(counts: Record<(typeof RATINGS)[number], number>): RatingBreakdown {
  const { 5: five, 4: four, 3: three, 2: two, 1: one } = counts;
  return { '5': five, '4': four, '3': three, '2': two, '1': one, '5_stars': five, '4_stars': four, '3_stars': three, '2_stars': two, '1_star': one };
}
export type ReviewStats = { total_reviews: number; average_rating: number; rating_breakdown: RatingBreakdown };

/** A product's review figures after a write, as stored on the product. */
export type ProductRating = { id: number; review_count: number; average_rating: number };
export type WrittenReview = Review & { product: ProductRating };

/** What a failed read gives (spec section 8): nothing, never an error in the page. */
export const EMPTY_REVIEW_PAGE: ReviewPage = { reviews: [], pagination: { current_page: 1, last_page: 1, per_page: REVIEWS_PER_PAGE, total: 0 } };
export const EMPTY_REVIEW_STATS: ReviewStats = { total_reviews: 0, average_rating: 0, rating_breakdown: ratingBreakdown({ 5: 0, 4: 0, 3: 0, 2: 0, 1: 0 }) };

export function isReviewSort(value: unknown): value is ReviewSort {
  return typeof value === 'string' && (REVIEW_SORTS as readonly string[]).includes(value);
}

/** The name shown with a review: "Joan N.", or "Shopper" for an account without a name. */
export function reviewerName(firstName: string, lastName: string): string {
  const first = firstName.trim();
  const initial = lastName.trim().charAt(0).toUpperCase();
  if (!first) return initial ? `${initial}.` : 'Shopper';
  return initial ? `${first} ${initial}.` : first;
}

/** The share of reviews with a rating, as a whole percentage for the breakdown bars. */
export function ratingShare(stats: ReviewStats, rating: (typeof RATINGS)[number]): number {
  return stats.total_reviews === 0 ? 0 : Math.round((stats.rating_breakdown[rating] / stats.total_reviews) * 100);
}

/** What is wrong with a rating or comment a shopper is about to send. */
export type ReviewInputProblem = 'badRating' | 'commentTooShort' | 'commentTooLong';

/** Which rule a rating or comment breaks, or null when both are fine (the review form words it in the page's language). */
export function reviewInputProblemOf(rating: unknown, comment: unknown): ReviewInputProblem | null {
  if (typeof rating !== 'number' || !Number.isInteger(rating) || rating < 1 || rating > 5) return 'badRating';
  const text = typeof comment === 'string' ? comment.trim() : '';
  if (text.length < REVIEW_COMMENT_MIN) return 'commentTooShort';
  if (text.length > REVIEW_COMMENT_MAX) return 'commentTooLong';
  return null;
}

/** A problem with a rating or comment, as the API says it, or null when both are fine. */
export function reviewInputProblem(rating: unknown, comment: unknown): Message | null {
  const problem = reviewInputProblemOf(rating, comment);
  if (problem === 'badRating') return message('review', 'badRating');
  if (problem === 'commentTooShort') return message('review', 'commentTooShort', REVIEW_COMMENT_MIN);
  if (problem === 'commentTooLong') return message('review', 'commentTooLong', REVIEW_COMMENT_MAX);
  return null;
}

/** A rating as five text stars, so it costs no pictures. */
export function starsOf(rating: number): string {
  const filled = Math.min(5, Math.max(0, Math.round(rating)));
  return '★'.repeat(filled) + '☆'.repeat(5 - filled);
}
