/** Writing reviews: who may write, edit and delete, what each write moves, and what is refused. */
import { beforeAll, describe, expect, it } from 'vitest';
import { api } from './client';
import { ADMIN } from './server.setup';
import {
  BAD_RATING,
  TOO_LONG,
  TOO_SHORT,
  UNKNOWN_ID,
  XSS,
  allReviews,
  averageOf,
  busy,
  call,
  expectReview,
  figuresOf,
  findReview,
  pool,
  register,
  take,
  taken,
  written,
  useReviewedProducts,
  type Row,
  type Shopper,
} from './reviews-setup';

useReviewedProducts();

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
    const inPool = pool.findIndex((candidate) => candidate.id === product!.id);
    if (inPool >= 0) pool.splice(inPool, 1);

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
