/**
 * What the review files share: the products they read and write (module bindings the tests read once
 * `useReviewedProducts` has run) and the helpers that call, register and check the figures.
 */
import { beforeAll, expect } from 'vitest';
import { api } from './client';

export type Row = Record<string, any>;
export type Shopper = { id: number; email: string; headers: Record<string, string> };
export type Answer = { status: number; headers: Headers; body: { code: number; success: boolean; message: string; data: any } };

export const SORTS = ['newest', 'oldest', 'highest', 'lowest', 'helpful'] as const;
export const EMPTY_PAGE = { reviews: [], pagination: { current_page: 1, last_page: 1, per_page: 10, total: 0 } };
// The spec's other clients read the counts as "5_stars" … "1_star": the same numbers under both keys.
export const STAR_WORDS = { '5': '5_stars', '4': '4_stars', '3': '3_stars', '2': '2_stars', '1': '1_star' } as const;
export const withStarWords = (counts: Record<string, number>) => ({
  ...counts,
  ...Object.fromEntries(Object.entries(STAR_WORDS).map(([star, words]) => [words, counts[star]])),
});
export const EMPTY_STATS = { total_reviews: 0, average_rating: 0, rating_breakdown: withStarWords({ '5': 0, '4': 0, '3': 0, '2': 0, '1': 0 }) };
export const UNKNOWN_ID = 99_999_999;
export const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;
export const XSS = '<script>alert(1)</script><img src=x onerror=alert(2)> & "quotes"';

export const BAD_RATING = 'rating: must be a whole number from 1 to 5';
export const TOO_SHORT = 'comment: write at least 2 characters';
export const TOO_LONG = 'comment: must be at most 2000 characters';

export let busy: Row;
export let pool: Row[];
export const taken = new Set<number>();

/**
 * Every review reply must carry `success` agreeing with `code`; checking it here covers every call below.
 */
export async function call(path: string, who: Shopper | null = null, method = 'GET', body?: Row | FormData | URLSearchParams): Promise<Answer> {
  const asJson = body !== undefined && !(body instanceof FormData) && !(body instanceof URLSearchParams);
  const reply = (await api(path, {
    method,
    headers: { ...(asJson ? { 'Content-Type': 'application/json' } : {}), ...(who?.headers ?? {}) },
    body: asJson ? JSON.stringify(body) : (body as FormData | URLSearchParams | undefined),
  })) as unknown as Answer;
  if (path.includes('/reviews')) {
    expect(typeof reply.body.success, `${method} ${path}: success`).toBe('boolean');
    expect(reply.body.success, `${method} ${path}: success agrees with code`).toBe(reply.body.code === 1);
  }
  return reply;
}

export async function register(label: string, address: string): Promise<Shopper> {
  const email = `${label.toLowerCase()}.${Date.now()}.${Math.random().toString(36).slice(2, 6)}@example.com`;
  const reply = await api('/api/users/register', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': address },
    body: JSON.stringify({ email, password: 'Kampala-2026!', first_name: label, last_name: 'Tester' }),
  });
  expect(reply.status, `registering ${label}`).toBe(201);
  const user = reply.body.data;
  return { id: user.id, email, headers: { Authorization: `Bearer ${user.token}`, 'User-Id': String(user.id) } };
}

/** A product for one test only, so no test sees another's reviews. */
export function take(fits: (product: Row) => boolean = () => true): Row {
  const index = pool.findIndex(fits);
  expect(index, 'a product left for this test').toBeGreaterThanOrEqual(0);
  const product = pool.splice(index, 1)[0]!;
  taken.add(product.id);
  return product;
}

export const time = (review: Row) => Date.parse(review.created_at);
export const sum = (ratings: number[]) => ratings.reduce((total, rating) => total + rating, 0);
// Whole-number arithmetic, so a mean of exactly x.x5 rounds up like SQL's round() instead of drifting.
export const averageOf = (ratings: number[]) => (ratings.length === 0 ? 0 : Math.round((sum(ratings) * 10) / ratings.length) / 10);
export const breakdownOf = (ratings: number[]) =>
  Object.fromEntries(['5', '4', '3', '2', '1'].map((star) => [star, ratings.filter((rating) => String(rating) === star).length]));

/** The order each sort promises; ties past these keys are broken by id, in a direction the contract leaves open. */
export const ORDER: Record<(typeof SORTS)[number], (a: Row, b: Row) => number> = {
  newest: (a, b) => time(b) - time(a),
  oldest: (a, b) => time(a) - time(b),
  highest: (a, b) => b.rating - a.rating || time(b) - time(a),
  lowest: (a, b) => a.rating - b.rating || time(b) - time(a),
  helpful: (a, b) => b.helpful_count - a.helpful_count || time(b) - time(a),
};

export function expectReview(review: Row) {
  expect(review).toEqual({
    id: expect.any(Number),
    product_id: expect.any(Number),
    user_id: expect.any(Number),
    user_name: expect.any(String),
    // The author as the spec's other clients read it: the same id and name.
    user: { id: review.user_id, name: review.user_name, avatar: expect.any(String) },
    rating: expect.any(Number),
    comment: expect.any(String),
    verified_purchase: expect.any(Boolean),
    helpful_count: expect.any(Number),
    created_at: expect.stringMatching(ISO_TIME),
    updated_at: expect.stringMatching(ISO_TIME),
  });
  expect([1, 2, 3, 4, 5]).toContain(review.rating);
  expect(Number.isInteger(review.helpful_count)).toBe(true);
}

/** A write reply: the review plus the product's new figures. */
export function written(reply: Answer): Row {
  const { product, ...review } = reply.body.data;
  expectReview(review);
  expect(product).toEqual({ id: review.product_id, review_count: expect.any(Number), average_rating: expect.any(Number) });
  return reply.body.data;
}

export async function allReviews(productId: number, sort = 'newest'): Promise<Row[]> {
  const query = `/api/reviews?product_id=${productId}&per_page=50&sort_by=${sort}`;
  const first = await call(query);
  expect(first.status, query).toBe(200);
  const { pagination } = first.body.data;
  const reviews: Row[] = [...first.body.data.reviews];
  for (let page = 2; page <= pagination.last_page; page++) reviews.push(...(await call(`${query}&page=${page}`)).body.data.reviews);
  expect(new Set(reviews.map((review) => review.id)).size, `${query}: no review twice`).toBe(reviews.length);
  expect(reviews).toHaveLength(pagination.total);
  return reviews;
}

export const findReview = async (productId: number, reviewId: number) => (await allReviews(productId)).find((review) => review.id === reviewId);

/** Checks that the reviews, their stats and the product's own figures agree, and returns them. */
export async function figuresOf(productId: number): Promise<{ ratings: number[]; count: number; average: number }> {
  const ratings: number[] = (await allReviews(productId)).map((review) => review.rating);
  const average = averageOf(ratings);
  const stats = await call(`/api/reviews/stats?product_id=${productId}`);
  expect(stats.status).toBe(200);
  expect(stats.body.data).toEqual({ total_reviews: ratings.length, average_rating: average, rating_breakdown: withStarWords(breakdownOf(ratings)) });
  const product = (await api(`/api/products/${productId}`)).body.data;
  expect({ review_count: product.review_count, average_rating: product.average_rating }, 'GET /api/products/{id}').toEqual({
    review_count: ratings.length,
    average_rating: average,
  });
  return { ratings, count: ratings.length, average };
}

/** Finds the products the review files read and write: a busy one with many reviews, and a pool of others to review. */
export function useReviewedProducts(): void {
  beforeAll(async () => {
    const listed: Row[] = (await api('/api/products?limit=100&sort_by=popularity')).body.data.data;
    // The seed gives a product at most 12 reviews, so "many" means more than one default page of 10;
    // an average that is not a whole number means the ratings differ, so the rating sorts have something to order.
    busy = listed.find((product) => product.review_count > 10 && !Number.isInteger(product.average_rating))!;
    expect(busy, 'a popular product with more than 10 reviews of different ratings').toBeDefined();
    pool = listed.filter((product) => product.id !== busy.id);
  });
}
