import { beforeAll, describe, expect, it } from 'vitest';
import { api, url } from './client';
import { ADMIN } from './server.setup';

type Row = Record<string, any>;
type Shopper = { id: number; email: string; headers: Record<string, string> };
type Answer = { status: number; headers: Headers; body: { code: number; success: boolean; message: string; data: any } };

const SORTS = ['newest', 'oldest', 'highest', 'lowest', 'helpful'] as const;
const EMPTY_PAGE = { reviews: [], pagination: { current_page: 1, last_page: 1, per_page: 10, total: 0 } };
// The spec's other clients read the counts as "5_stars" … "1_star": the same numbers under both keys.
const STAR_WORDS = { '5': '5_stars', '4': '4_stars', '3': '3_stars', '2': '2_stars', '1': '1_star' } as const;
const withStarWords = (counts: Record<string, number>) => ({
  ...counts,
  ...Object.fromEntries(Object.entries(STAR_WORDS).map(([star, words]) => [words, counts[star]])),
});
const EMPTY_STATS = { total_reviews: 0, average_rating: 0, rating_breakdown: withStarWords({ '5': 0, '4': 0, '3': 0, '2': 0, '1': 0 }) };
const UNKNOWN_ID = 99_999_999;
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;
const XSS = '<script>alert(1)</script><img src=x onerror=alert(2)> & "quotes"';

const BAD_RATING = 'rating: must be a whole number from 1 to 5';
const TOO_SHORT = 'comment: write at least 2 characters';
const TOO_LONG = 'comment: must be at most 2000 characters';

let busy: Row;
let pool: Row[];
const taken = new Set<number>();

/**
 * Every review reply must carry `success` agreeing with `code`; checking it here covers every call below.
 */
async function call(path: string, who: Shopper | null = null, method = 'GET', body?: Row | FormData | URLSearchParams): Promise<Answer> {
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

async function register(label: string, address: string): Promise<Shopper> {
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
function take(fits: (product: Row) => boolean = () => true): Row {
  const index = pool.findIndex(fits);
  expect(index, 'a product left for this test').toBeGreaterThanOrEqual(0);
  const product = pool.splice(index, 1)[0]!;
  taken.add(product.id);
  return product;
}

const time = (review: Row) => Date.parse(review.created_at);
const sum = (ratings: number[]) => ratings.reduce((total, rating) => total + rating, 0);
// Whole-number arithmetic, so a mean of exactly x.x5 rounds up like SQL's round() instead of drifting.
const averageOf = (ratings: number[]) => (ratings.length === 0 ? 0 : Math.round((sum(ratings) * 10) / ratings.length) / 10);
const breakdownOf = (ratings: number[]) =>
  Object.fromEntries(['5', '4', '3', '2', '1'].map((star) => [star, ratings.filter((rating) => String(rating) === star).length]));

/** The order each sort promises; ties past these keys are broken by id, in a direction the contract leaves open. */
const ORDER: Record<(typeof SORTS)[number], (a: Row, b: Row) => number> = {
  newest: (a, b) => time(b) - time(a),
  oldest: (a, b) => time(a) - time(b),
  highest: (a, b) => b.rating - a.rating || time(b) - time(a),
  lowest: (a, b) => a.rating - b.rating || time(b) - time(a),
  helpful: (a, b) => b.helpful_count - a.helpful_count || time(b) - time(a),
};

function expectReview(review: Row) {
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
function written(reply: Answer): Row {
  const { product, ...review } = reply.body.data;
  expectReview(review);
  expect(product).toEqual({ id: review.product_id, review_count: expect.any(Number), average_rating: expect.any(Number) });
  return reply.body.data;
}

async function allReviews(productId: number, sort = 'newest'): Promise<Row[]> {
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

const findReview = async (productId: number, reviewId: number) => (await allReviews(productId)).find((review) => review.id === reviewId);

/** Checks that the reviews, their stats and the product's own figures agree, and returns them. */
async function figuresOf(productId: number): Promise<{ ratings: number[]; count: number; average: number }> {
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

beforeAll(async () => {
  const listed: Row[] = (await api('/api/products?limit=100&sort_by=popularity')).body.data.data;
  // The seed gives a product at most 12 reviews, so "many" means more than one default page of 10;
  // an average that is not a whole number means the ratings differ, so the rating sorts have something to order.
  busy = listed.find((product) => product.review_count > 10 && !Number.isInteger(product.average_rating))!;
  expect(busy, 'a popular product with more than 10 reviews of different ratings').toBeDefined();
  pool = listed.filter((product) => product.id !== busy.id);
});

describe('reading reviews', () => {
  it("lists 10 reviews newest first by default, in the contract's shape, uncached and without emails", async () => {
    const reply = await call(`/api/reviews?product_id=${busy.id}`);
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ code: 1, success: true });
    expect(reply.headers.get('cache-control')).toContain('no-cache');
    const { reviews, pagination } = reply.body.data;
    expect(pagination.total).toBeGreaterThan(10);
    expect(pagination).toEqual({ current_page: 1, last_page: Math.ceil(pagination.total / 10), per_page: 10, total: pagination.total });
    expect(reviews).toHaveLength(10);
    for (const review of reviews) {
      expectReview(review);
      expect(review.product_id).toBe(busy.id);
    }
    const created = reviews.map(time);
    expect(created).toEqual([...created].sort((a, b) => b - a));
    expect(JSON.stringify(reviews)).not.toMatch(/[^\s"@]+@[^\s"@]+\.[a-z]{2,}/i);
    const newest = await call(`/api/reviews?product_id=${busy.id}&sort_by=newest`);
    expect(newest.body.data).toEqual(reply.body.data);
  });

  it('pages: every page distinct, all pages together make the total, a page past the end is empty with the real total', async () => {
    const first = (await call(`/api/reviews?product_id=${busy.id}&per_page=5`)).body.data;
    const { total, last_page } = first.pagination;
    expect(last_page).toBe(Math.ceil(total / 5));
    expect(last_page).toBeGreaterThanOrEqual(3);
    expect(first.pagination).toEqual({ current_page: 1, last_page, per_page: 5, total });
    expect(first.reviews).toHaveLength(5);
    const ids: number[] = first.reviews.map((review: Row) => review.id);
    for (let page = 2; page <= last_page; page++) {
      const next = (await call(`/api/reviews?product_id=${busy.id}&per_page=5&page=${page}`)).body.data;
      expect(next.pagination).toEqual({ current_page: page, last_page, per_page: 5, total });
      expect(next.reviews).toHaveLength(page < last_page ? 5 : total - 5 * (last_page - 1));
      for (const review of next.reviews) expect(ids, `review ${review.id} on page ${page} was on an earlier page`).not.toContain(review.id);
      ids.push(...next.reviews.map((review: Row) => review.id));
    }
    expect(ids).toHaveLength(total);

    const past = await call(`/api/reviews?product_id=${busy.id}&per_page=5&page=${last_page + 1}`);
    expect(past.status).toBe(200);
    expect(past.body.success).toBe(true);
    expect(past.body.data.reviews).toEqual([]);
    expect(past.body.data.pagination).toMatchObject({ last_page, per_page: 5, total });
  });

  it.each(SORTS)('sort_by=%s orders the reviews as promised, and stays stable across pages', async (sort) => {
    const everything = await allReviews(busy.id, sort);
    const newest = await allReviews(busy.id);
    expect(everything.map((review) => review.id).sort()).toEqual(newest.map((review) => review.id).sort());
    for (let i = 1; i < everything.length; i++) {
      expect(
        ORDER[sort](everything[i - 1]!, everything[i]!),
        `${sort}: review ${everything[i]!.id} should not follow ${everything[i - 1]!.id}`,
      ).toBeLessThanOrEqual(0);
    }
    const paged: number[] = [];
    for (let page = 1; page <= Math.ceil(everything.length / 4); page++) {
      paged.push(
        ...(await call(`/api/reviews?product_id=${busy.id}&per_page=4&page=${page}&sort_by=${sort}`)).body.data.reviews.map((review: Row) => review.id),
      );
    }
    expect(paged).toEqual(everything.map((review) => review.id));
  });

  it('GET /api/products/{id}/reviews answers exactly what GET /api/reviews?product_id={id} does', async () => {
    for (const query of ['', '?page=2&per_page=5&sort_by=highest', '?sort_by=helpful&per_page=3']) {
      const byPath = await call(`/api/products/${busy.id}/reviews${query}`);
      const byQuery = await call(`/api/reviews?product_id=${busy.id}${query.replace('?', '&')}`);
      expect(byPath.status).toBe(200);
      expect(byPath.body, query).toEqual(byQuery.body);
    }
  });

  it('stats agree with the reviews: the breakdown counts them, the average is their mean to 1 decimal, the product says the same', async () => {
    const { ratings, count, average } = await figuresOf(busy.id);
    expect(count).toBeGreaterThan(10);
    expect(sum(Object.values(breakdownOf(ratings)))).toBe(count);
    expect(average).toBeGreaterThan(0);
  });

  it('the product page shows the same figures on every page of its reviews, a page past the last included', async () => {
    const { count, average } = await figuresOf(busy.id);
    const summary = `${average.toFixed(1)} out of 5 from ${count} reviews`;
    for (const reviewsPage of [1, 2, Math.ceil(count / 10) + 3]) {
      const page = await fetch(url(`/product/${busy.id}?reviews_page=${reviewsPage}`));
      expect(page.status).toBe(200);
      expect(await page.text(), `reviews_page=${reviewsPage}`).toContain(summary);
    }
  });

  it('refuses a bad or unknown product, a bad sort, page or per_page, with the empty page and success false', async () => {
    const refusals: [string, number, string][] = [
      ['/api/reviews', 400, 'product_id: must be a product id'],
      ['/api/reviews?product_id=abc', 400, 'product_id: must be a product id'],
      ['/api/reviews?product_id=1.5', 400, 'product_id: must be a product id'],
      [`/api/reviews?product_id=${UNKNOWN_ID}`, 404, 'Product not found'],
      [`/api/products/${UNKNOWN_ID}/reviews`, 404, 'Product not found'],
      [`/api/reviews?product_id=${busy.id}&sort_by=rating`, 400, 'sort_by: must be one of newest, oldest, highest, lowest, helpful'],
    ];
    for (const [path, status, message] of refusals) {
      const reply = await call(path);
      expect(reply.status, path).toBe(status);
      expect(reply.body, path).toEqual({ code: 0, success: false, message, data: EMPTY_PAGE });
    }
    for (const [path, prefix] of [
      [`/api/reviews?product_id=${busy.id}&per_page=0`, 'per_page:'],
      [`/api/reviews?product_id=${busy.id}&per_page=51`, 'per_page:'],
      [`/api/reviews?product_id=${busy.id}&page=0`, 'page:'],
    ] as const) {
      const reply = await call(path);
      expect(reply.status, path).toBe(400);
      expect(reply.body.message.startsWith(prefix), `${path}: ${reply.body.message}`).toBe(true);
      expect(reply.body.data, path).toEqual(EMPTY_PAGE);
    }
  });

  it('stats and user-review refuse a bad or unknown product with their empty data', async () => {
    for (const [query, status, message] of [
      ['product_id=abc', 400, 'product_id: must be a product id'],
      [`product_id=${UNKNOWN_ID}`, 404, 'Product not found'],
    ] as const) {
      const stats = await call(`/api/reviews/stats?${query}`);
      expect(stats.status, query).toBe(status);
      expect(stats.body, query).toEqual({ code: 0, success: false, message, data: EMPTY_STATS });
      const mine = await call(`/api/reviews/user-review?${query}`);
      expect(mine.status, query).toBe(status);
      expect(mine.body, query).toEqual({ code: 0, success: false, message, data: null });
    }
  });
});

describe('writing reviews', () => {
  let writer: Shopper;
  let repeater: Shopper;
  let author: Shopper;
  let intruder: Shopper;
  let validator: Shopper;
  let buyer: Shopper;
  let xss: Shopper;
  let reader: Shopper;

  beforeAll(async () => {
    [writer, repeater, author, intruder, validator, buyer, xss, reader] = await Promise.all([
      register('Amina', '10.220.0.31'),
      register('Brian', '10.220.0.32'),
      register('Carol', '10.220.0.33'),
      register('Denis', '10.220.0.34'),
      register('Esther', '10.220.0.35'),
      register('Felix', '10.220.0.36'),
      register('Grace', '10.220.0.37'),
      register('Hassan', '10.220.0.38'),
    ]);
  });

  it('needs a login: POST, PUT and DELETE answer 401 Unauthenticated and change nothing; user-review is null for a guest', async () => {
    const before = await allReviews(busy.id);
    const seeded = before[0]!;
    const forged: Shopper = { id: 0, email: '', headers: { Authorization: 'Bearer not-a-real-token' } };
    for (const who of [null, forged]) {
      const replies = [
        await call('/api/reviews', who, 'POST', { product_id: busy.id, rating: 5, comment: 'Written without a login.' }),
        await call(`/api/products/${busy.id}/reviews`, who, 'POST', { rating: 5, comment: 'Written without a login.' }),
        await call(`/api/reviews/${seeded.id}`, who, 'PUT', { rating: 1, comment: 'Changed without a login.' }),
        await call(`/api/reviews/${seeded.id}`, who, 'DELETE'),
      ];
      for (const reply of replies) {
        expect(reply.status).toBe(401);
        expect(reply.body).toMatchObject({ code: 0, success: false, message: 'Unauthenticated' });
      }
    }
    expect(await allReviews(busy.id)).toEqual(before);

    const guest = await call(`/api/reviews/user-review?product_id=${busy.id}`);
    expect(guest.status).toBe(200);
    expect(guest.body).toMatchObject({ code: 1, success: true, data: null });
  });

  it("a review, its edit and its deletion move the stats and the product's figures in step, and deleting restores them", async () => {
    const product = take((candidate) => candidate.review_count > 0);
    const before = await figuresOf(product.id);

    const posted = await call('/api/reviews', writer, 'POST', { product_id: product.id, rating: 1, comment: '  Stopped working after a week.  ' });
    expect(posted.status).toBe(201);
    expect(posted.body.message).toBe('Review submitted');
    const review = written(posted);
    expect(review).toMatchObject({
      product_id: product.id,
      user_id: writer.id,
      user_name: 'Amina T.',
      rating: 1,
      comment: 'Stopped working after a week.',
      verified_purchase: false,
      helpful_count: 0,
    });
    expect(JSON.stringify(posted.body)).not.toContain(writer.email);
    const afterPost = await figuresOf(product.id);
    expect(afterPost).toEqual({ ratings: expect.any(Array), count: before.count + 1, average: averageOf([...before.ratings, 1]) });
    expect(review.product).toEqual({ id: product.id, review_count: afterPost.count, average_rating: afterPost.average });
    const listed = await findReview(product.id, review.id);
    expect(listed).toMatchObject({ user_id: writer.id, rating: 1, comment: 'Stopped working after a week.' });
    expect(JSON.stringify(listed)).not.toContain(writer.email);

    const edited = await call(`/api/reviews/${review.id}`, writer, 'PUT', { rating: 5, comment: 'The shop replaced it at once. Works well now.' });
    expect(edited.status).toBe(200);
    expect(edited.body.message).toBe('Review updated');
    expect(written(edited)).toMatchObject({
      id: review.id,
      rating: 5,
      comment: 'The shop replaced it at once. Works well now.',
      created_at: review.created_at,
    });
    const afterEdit = await figuresOf(product.id);
    expect(afterEdit).toEqual({ ratings: expect.any(Array), count: before.count + 1, average: averageOf([...before.ratings, 5]) });
    expect(edited.body.data.product).toEqual({ id: product.id, review_count: afterEdit.count, average_rating: afterEdit.average });

    const deleted = await call(`/api/reviews/${review.id}`, writer, 'DELETE');
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({
      code: 1,
      success: true,
      message: 'Review deleted',
      data: { id: review.id, product: { id: product.id, review_count: before.count, average_rating: before.average } },
    });
    expect(await figuresOf(product.id)).toEqual(before);
    expect(await findReview(product.id, review.id)).toBeUndefined();
    expect((await call(`/api/reviews/user-review?product_id=${product.id}`, writer)).body.data).toBeNull();
  });

  it('keeps one review per user per product: posting again, by either route, updates the same review', async () => {
    const product = take();
    const first = await call('/api/reviews', repeater, 'POST', { product_id: product.id, rating: 3, comment: 'Decent for the price.' });
    expect(first.status).toBe(201);
    expect(first.body.message).toBe('Review submitted');
    const { count } = await figuresOf(product.id);

    const second = await call('/api/reviews', repeater, 'POST', { product_id: product.id, rating: 4, comment: 'Better after a month of use.' });
    expect(second.status).toBe(200);
    expect(second.body.message).toBe('Review updated');
    expect(written(second)).toMatchObject({ id: first.body.data.id, rating: 4, comment: 'Better after a month of use.', product: { review_count: count } });

    const third = await call(`/api/products/${product.id}/reviews`, repeater, 'POST', { rating: 5, comment: 'Still going strong.' });
    expect(third.status).toBe(200);
    expect(third.body.message).toBe('Review updated');
    expect(written(third)).toMatchObject({
      id: first.body.data.id,
      product_id: product.id,
      rating: 5,
      comment: 'Still going strong.',
      product: { review_count: count },
    });

    expect((await figuresOf(product.id)).count).toBe(count);
    const mine = (await allReviews(product.id)).filter((review) => review.user_id === repeater.id);
    expect(mine).toEqual([expect.objectContaining({ id: first.body.data.id, rating: 5, comment: 'Still going strong.' })]);
  });

  it('POST /api/products/{id}/reviews creates the first review and POST /api/reviews then updates it', async () => {
    const product = take();
    const first = await call(`/api/products/${product.id}/reviews`, repeater, 'POST', { rating: 2, comment: 'Smaller than the pictures.' });
    expect(first.status).toBe(201);
    expect(first.body.message).toBe('Review submitted');
    expect(written(first)).toMatchObject({ product_id: product.id, user_id: repeater.id, rating: 2 });
    const { count } = await figuresOf(product.id);

    const again = await call('/api/reviews', repeater, 'POST', { product_id: product.id, rating: 3, comment: 'Smaller than the pictures, but solid.' });
    expect(again.status).toBe(200);
    expect(again.body.message).toBe('Review updated');
    expect(written(again)).toMatchObject({ id: first.body.data.id, rating: 3, product: { review_count: count } });
    expect((await figuresOf(product.id)).count).toBe(count);
  });

  it('lets only the author edit or delete: anyone else gets 403 and the review stays as it was', async () => {
    const product = take();
    const review = written(await call('/api/reviews', author, 'POST', { product_id: product.id, rating: 4, comment: 'Good speakers, loud and clear.' }));
    const stored = await findReview(product.id, review.id);
    expect(stored).toBeDefined();

    const edit = await call(`/api/reviews/${review.id}`, intruder, 'PUT', { rating: 1, comment: 'Terrible, do not buy.' });
    expect(edit.status).toBe(403);
    expect(edit.body).toMatchObject({ code: 0, success: false, message: 'Failed to update review: you can only change your own review' });
    // Who may change it is checked first: an intruder learns nothing from what their edit got wrong.
    const invalid = await call(`/api/reviews/${review.id}`, intruder, 'PUT', { rating: 9 });
    expect(invalid.status).toBe(403);
    expect(invalid.body.message).toBe('Failed to update review: you can only change your own review');
    const removal = await call(`/api/reviews/${review.id}`, intruder, 'DELETE');
    expect(removal.status).toBe(403);
    expect(removal.body).toMatchObject({ code: 0, success: false, message: 'Failed to delete review: you can only delete your own review' });

    expect(await findReview(product.id, review.id)).toEqual(stored);
    expect((await call(`/api/reviews/user-review?product_id=${product.id}`, author)).body.data).toMatchObject({
      id: review.id,
      rating: 4,
      comment: 'Good speakers, loud and clear.',
    });
  });

  it("lets an administrator remove someone else's review (moderation) but not rewrite it; the product's figures follow", async () => {
    const product = take();
    const review = written(await call('/api/reviews', author, 'POST', { product_id: product.id, rating: 1, comment: 'Spam spam spam, visit my shop.' }));
    const before = await figuresOf(product.id);
    const login = await api('/api/users/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: ADMIN.email, password: ADMIN.password }),
    });
    const admin: Shopper = { id: login.body.data.id, email: ADMIN.email, headers: { Authorization: `Bearer ${login.body.data.token}` } };

    const edit = await call(`/api/reviews/${review.id}`, admin, 'PUT', { rating: 5, comment: 'Rewritten by someone else.' });
    expect(edit.status).toBe(403);
    const removal = await call(`/api/reviews/${review.id}?_method=DELETE`, admin, 'POST');
    expect(removal.status).toBe(200);
    expect(removal.body).toMatchObject({ code: 1, success: true, message: 'Review deleted' });
    expect(await findReview(product.id, review.id)).toBeUndefined();
    expect((await figuresOf(product.id)).count).toBe(before.count - 1);
  });

  it('answers 404 Review not found for an unknown, deleted or malformed review id', async () => {
    const product = take();
    const review = written(await call('/api/reviews', author, 'POST', { product_id: product.id, rating: 3, comment: 'Fine, nothing special.' }));
    expect((await call(`/api/reviews/${review.id}`, author, 'DELETE')).status).toBe(200);
    for (const id of [String(UNKNOWN_ID), String(review.id), 'abc', '0']) {
      const edit = await call(`/api/reviews/${id}`, author, 'PUT', { rating: 4, comment: 'Trying to change it.' });
      expect(edit.status, `PUT ${id}`).toBe(404);
      expect(edit.body, `PUT ${id}`).toMatchObject({ code: 0, success: false, message: 'Failed to update review: Review not found' });
      const removal = await call(`/api/reviews/${id}`, author, 'DELETE');
      expect(removal.status, `DELETE ${id}`).toBe(404);
      expect(removal.body, `DELETE ${id}`).toMatchObject({ code: 0, success: false, message: 'Failed to delete review: Review not found' });
    }
  });

  it('refuses a rating that is not a whole number from 1 to 5 and a comment shorter than 2 or longer than 2000 characters', async () => {
    const product = take();
    const before = await figuresOf(product.id);
    const refusals: [Row, string][] = [
      [{ rating: 0, comment: 'Works well.' }, BAD_RATING],
      [{ rating: 6, comment: 'Works well.' }, BAD_RATING],
      [{ rating: 4.5, comment: 'Works well.' }, BAD_RATING],
      [{ rating: 'abc', comment: 'Works well.' }, BAD_RATING],
      [{ comment: 'Works well.' }, BAD_RATING],
      [{ rating: 4, comment: ' a ' }, TOO_SHORT],
      [{ rating: 4 }, TOO_SHORT],
      [{ rating: 4, comment: 'x'.repeat(2001) }, TOO_LONG],
    ];
    for (const [fields, reason] of refusals) {
      const reply = await call('/api/reviews', validator, 'POST', { product_id: product.id, ...fields });
      expect(reply.status, JSON.stringify(fields).slice(0, 60)).toBe(400);
      expect(reply.body, JSON.stringify(fields).slice(0, 60)).toMatchObject({ code: 0, success: false, message: `Failed to submit review: ${reason}` });
    }
    expect((await call(`/api/reviews/user-review?product_id=${product.id}`, validator)).body.data).toBeNull();
    expect(await figuresOf(product.id)).toEqual(before);

    const review = written(await call('/api/reviews', validator, 'POST', { product_id: product.id, rating: 4, comment: 'Works well.' }));
    // Whether PUT may leave a field out is not settled by the contract, so only wrong values are tried here.
    for (const [fields, reason] of refusals.filter(([fields]) => 'rating' in fields && 'comment' in fields)) {
      const reply = await call(`/api/reviews/${review.id}`, validator, 'PUT', fields);
      expect(reply.status, JSON.stringify(fields).slice(0, 60)).toBe(400);
      expect(reply.body.message, JSON.stringify(fields).slice(0, 60)).toBe(`Failed to update review: ${reason}`);
    }
    expect(await findReview(product.id, review.id)).toMatchObject({ rating: 4, comment: 'Works well.', updated_at: review.updated_at });
  });

  it("takes a rating sent as a string and counts the comment's length after trimming", async () => {
    const product = take();
    const posted = await call('/api/reviews', validator, 'POST', { product_id: product.id, rating: '4', comment: 'Arrived on time.' });
    expect(posted.status).toBe(201);
    expect(written(posted)).toMatchObject({ rating: 4, comment: 'Arrived on time.' });
    const longest = 'y'.repeat(2000);
    const edited = await call(`/api/reviews/${posted.body.data.id}`, validator, 'PUT', { rating: '2', comment: `   ${longest}   ` });
    expect(edited.status).toBe(200);
    expect(written(edited)).toMatchObject({ rating: 2, comment: longest });
  });

  it('takes multipart and urlencoded bodies', async () => {
    const product = take();
    const form = new FormData();
    form.append('product_id', String(product.id));
    form.append('rating', '5');
    form.append('comment', 'Sent from the mobile app.');
    const posted = await call('/api/reviews', validator, 'POST', form);
    expect(posted.status).toBe(201);
    expect(written(posted)).toMatchObject({ product_id: product.id, user_id: validator.id, rating: 5, comment: 'Sent from the mobile app.' });

    const edited = await call(
      `/api/reviews/${posted.body.data.id}`,
      validator,
      'PUT',
      new URLSearchParams({ rating: '3', comment: 'Edited from a plain form.' }),
    );
    expect(edited.status).toBe(200);
    expect(written(edited)).toMatchObject({ id: posted.body.data.id, rating: 3, comment: 'Edited from a plain form.' });
  });

  it('refuses to review an unknown product with 404', async () => {
    const byBody = await call('/api/reviews', validator, 'POST', { product_id: UNKNOWN_ID, rating: 5, comment: 'Does this exist?' });
    expect(byBody.status).toBe(404);
    expect(byBody.body).toMatchObject({ code: 0, success: false, message: 'Failed to submit review: Product not found' });
    const byPath = await call(`/api/products/${UNKNOWN_ID}/reviews`, validator, 'POST', { rating: 5, comment: 'Does this exist?' });
    expect(byPath.status).toBe(404);
    expect(byPath.body).toMatchObject({ code: 0, success: false, message: 'Failed to submit review: Product not found' });
  });

  it('marks a review verified once its writer has ordered the product', async () => {
    const left = (product: Row) => product.stock.total_items - product.stock.items_sold;
    const location = (await api('/api/manifest')).body.data.delivery_locations[1];
    const listed: Row[] = (await api('/api/products?limit=100&in_stock=1&sort_by=price_1&sort_order=desc')).body.data.data;
    let product: Row | undefined;
    // The list is cached; the product itself tells the stock as it is now.
    for (const candidate of listed.filter((p) => p.has_colors !== 'Yes' && p.has_sizes !== 'Yes' && p.id !== busy.id && !taken.has(p.id))) {
      const details = (await api(`/api/products/${candidate.id}`)).body.data;
      if (details.in_stock === 1 && left(details) >= 5) {
        product = details;
        break;
      }
    }
    expect(product, 'an in-stock product without colours or sizes').toBeDefined();
    taken.add(product!.id);
    pool = pool.filter((candidate) => candidate.id !== product!.id);

    const unverified = await call('/api/reviews', buyer, 'POST', { product_id: product!.id, rating: 4, comment: 'Looks good in the shop.' });
    expect(unverified.status).toBe(201);
    expect(written(unverified).verified_purchase).toBe(false);

    const order = await call('/api/orders', buyer, 'POST', {
      items: [{ product_id: product!.id, quantity: 1, price: Number(product!.price_1) }],
      customer_name: 'Felix Tester',
      customer_phone: '0772 123 456',
      delivery_location_id: location.id,
      delivery_address: 'Plot 5, Ntinda Road, near the market',
      payment_gateway: 'cash_on_delivery',
    });
    expect(order.status).toBe(201);

    const edited = await call(`/api/reviews/${unverified.body.data.id}`, buyer, 'PUT', { rating: 5, comment: 'Bought it and it is great.' });
    expect(edited.status).toBe(200);
    expect(written(edited)).toMatchObject({ id: unverified.body.data.id, verified_purchase: true });
    const reposted = await call('/api/reviews', buyer, 'POST', { product_id: product!.id, rating: 5, comment: 'Bought it, still great.' });
    expect(reposted.status).toBe(200);
    expect(written(reposted)).toMatchObject({ id: unverified.body.data.id, verified_purchase: true });
    expect(await findReview(product!.id, unverified.body.data.id)).toMatchObject({ verified_purchase: true });
    expect((await call(`/api/reviews/user-review?product_id=${product!.id}`, buyer)).body.data).toMatchObject({ verified_purchase: true });
  });

  it('stores markup in a comment exactly as written and gives it back unchanged everywhere', async () => {
    const product = take();
    const posted = await call('/api/reviews', xss, 'POST', { product_id: product.id, rating: 2, comment: XSS });
    expect(posted.status).toBe(201);
    const review = written(posted);
    expect(review.comment).toBe(XSS);
    expect((await findReview(product.id, review.id))?.comment).toBe(XSS);
    const byPath = (await call(`/api/products/${product.id}/reviews?per_page=50`)).body.data.reviews.find((entry: Row) => entry.id === review.id);
    expect(byPath?.comment).toBe(XSS);
    expect((await call(`/api/reviews/user-review?product_id=${product.id}`, xss)).body.data.comment).toBe(XSS);
  });

  it("user-review gives the caller's own review for a product and null where they wrote none", async () => {
    const [reviewed, other] = [take(), take()];
    const review = written(await call('/api/reviews', reader, 'POST', { product_id: reviewed.id, rating: 5, comment: 'My own words about it.' }));
    const own = { ...review };
    delete own.product;

    const mine = await call(`/api/reviews/user-review?product_id=${reviewed.id}`, reader);
    expect(mine.status).toBe(200);
    expect(mine.body).toMatchObject({ code: 1, success: true });
    expectReview(mine.body.data);
    expect(mine.body.data).toEqual(own);

    for (const productId of [other.id, busy.id]) {
      const none = await call(`/api/reviews/user-review?product_id=${productId}`, reader);
      expect(none.status).toBe(200);
      expect(none.body).toMatchObject({ code: 1, success: true, data: null });
    }
    expect((await call(`/api/reviews/user-review?product_id=${reviewed.id}`, intruder)).body.data).toBeNull();
  });
});
