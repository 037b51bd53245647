/** Reading reviews: pages, sorts, stats and the product's own figures agree; bad queries are refused with empty data. */
import { describe, expect, it } from 'vitest';
import { url } from './client';
import {
  EMPTY_PAGE,
  EMPTY_STATS,
  ORDER,
  SORTS,
  UNKNOWN_ID,
  allReviews,
  breakdownOf,
  busy,
  call,
  expectReview,
  figuresOf,
  sum,
  time,
  useReviewedProducts,
  type Row,
} from './reviews-setup';

useReviewedProducts();

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
