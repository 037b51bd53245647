import { describe, expect, it } from 'vitest';
import {
  languageOfChange,
  MAX_SERVER_TRIES,
  planQueueing,
  refusalText,
  replyOutcome,
  reviewDeleteChange,
  reviewSaveChange,
  waitingHeartIds,
  waitingReviewChange,
  wishlistChange,
  withWaitingHearts,
  type ChangeRequest,
  type QueuedChange,
} from '~/lib/queued-change-rules';
import { loaded, type WishlistEntry } from '~/lib/wishlist-state';
import { outcomes as luganda } from '~/lib/i18n/lg/outcomes';
import { outcomes as swahili } from '~/lib/i18n/sw/outcomes';

const entry = (product_id: number): WishlistEntry => ({
  id: 0,
  user_id: 0,
  product_id,
  product_name: `Product ${product_id}`,
  product_price: '10000',
  product_sale_price: '',
  product_photo: 'p.jpg',
  created_at: '2026-11-21T10:00:00Z',
  updated_at: '2026-11-21T10:00:00Z',
});

const login = { account: 7, headers: { Authorization: 'Bearer a-long-enough-token', 'User-Id': '7' } };
const asQueued = (request: ChangeRequest, extra: Partial<QueuedChange> = {}): QueuedChange => ({ ...request, ...login, queuedAt: 0, attempts: 0, ...extra });

/** Queues each change in turn as the IndexedDB queue does (numbering what it adds) and answers the queue and the outcomes. */
function queueAll(requests: (ChangeRequest | QueuedChange)[], start: QueuedChange[] = []) {
  let queue = [...start];
  let next = Math.max(0, ...queue.map((change) => change.id ?? 0)) + 1;
  const outcomes: string[] = [];
  for (const request of requests) {
    const plan = planQueueing(queue, 'account' in request ? request : asQueued(request));
    queue = queue.filter((change) => !plan.remove.includes(change.id!));
    if (plan.add) queue.push({ ...plan.add, id: next++ });
    outcomes.push(plan.outcome);
  }
  return { queue, outcomes };
}

const add = (id: number) => wishlistChange('add', entry(id));
const remove = (id: number) => wishlistChange('remove', entry(id));
const save = (rating: number, creates = false) => reviewSaveChange(12, 'Kakira Sugar 1kg', { rating, comment: `Rated ${rating}` }, creates);
const kinds = (queue: QueuedChange[]) => queue.map((change) => `${change.kind} ${change.productId}`);

describe('queueing a change made offline', () => {
  it('keeps everything needed to send it later: method, path, body and the login', () => {
    const { queue } = queueAll([add(12)]);
    expect(queue[0]).toMatchObject({
      method: 'POST',
      path: '/api/wishlist_add',
      body: { product_id: 12 },
      account: 7,
      headers: { Authorization: 'Bearer a-long-enough-token' },
      label: 'Product 12',
    });
    expect(reviewSaveChange(12, 'Sugar', { rating: 4, comment: 'Sweet' }, true)).toMatchObject({
      method: 'POST',
      path: '/api/reviews',
      body: { product_id: 12, rating: 4, comment: 'Sweet' },
    });
    expect(reviewDeleteChange(12, 'Sugar', 31)).toMatchObject({ method: 'DELETE', path: '/api/reviews/31' });
  });

  it('a heart added then taken off (or the reverse) cancels out; the same change twice is kept once', () => {
    expect(queueAll([add(12), remove(12)])).toEqual({ queue: [], outcomes: ['queued', 'cancelled'] });
    expect(queueAll([remove(12), add(12)]).queue).toEqual([]);
    expect(kinds(queueAll([add(12), add(12)]).queue)).toEqual(['wishlist-add 12']);
    expect(kinds(queueAll([add(12), remove(12), add(12)]).queue)).toEqual(['wishlist-add 12']);
  });

  it('keeps changes to different products, and other accounts’ changes, apart and in order', () => {
    const theirs = asQueued(remove(12), { account: 8, headers: { Authorization: 'Bearer another-token' } });
    const { queue } = queueAll([add(12), add(13), theirs, remove(13), save(5, true)]);
    expect(queue.map((change) => `${change.account} ${change.kind} ${change.productId}`)).toEqual([
      '7 wishlist-add 12',
      '8 wishlist-remove 12',
      '7 review-save 12',
    ]);
  });

  it('never folds into a change a sender has on its way: the new one goes after it', () => {
    const onItsWay = asQueued(add(12), { id: 1, sendingSince: 1000 });
    expect(kinds(queueAll([remove(12)], [onItsWay]).queue)).toEqual(['wishlist-add 12', 'wishlist-remove 12']);
    // ... and a later change folds into the one waiting behind it.
    expect(kinds(queueAll([remove(12), add(12)], [onItsWay]).queue)).toEqual(['wishlist-add 12']);
  });

  it('edits of the same review collapse to the last, which still creates the review if the first did', () => {
    const { queue, outcomes } = queueAll([save(2, true), save(3), save(5)]);
    expect(outcomes).toEqual(['queued', 'queued', 'queued']);
    expect(queue).toHaveLength(1);
    expect(queue[0]).toMatchObject({ kind: 'review-save', body: { product_id: 12, rating: 5, comment: 'Rated 5' }, creates: true });
  });

  it('deleting a review only written offline sends nothing; deleting an edited one sends the delete only', () => {
    expect(queueAll([save(4, true), reviewDeleteChange(12, 'Sugar', null)])).toEqual({ queue: [], outcomes: ['queued', 'cancelled'] });
    expect(queueAll([save(4, true), reviewDeleteChange(12, 'Sugar', 31)]).queue).toEqual([]);
    const edited = queueAll([save(4), reviewDeleteChange(12, 'Sugar', 31)]).queue;
    expect(edited.map((change) => `${change.method} ${change.path}`)).toEqual(['DELETE /api/reviews/31']);
  });

  it('a review written again after a waiting delete goes after it; a second delete is kept once', () => {
    const { queue } = queueAll([reviewDeleteChange(12, 'Sugar', 31), save(4, true), reviewDeleteChange(12, 'Sugar', 31)]);
    expect(queue.map((change) => `${change.method} ${change.path}`)).toEqual(['DELETE /api/reviews/31']);
    expect(kinds(queueAll([reviewDeleteChange(12, 'Sugar', 31), save(4, true)]).queue)).toEqual(['review-delete 12', 'review-save 12']);
    expect(queueAll([reviewDeleteChange(12, 'Sugar', 31), reviewDeleteChange(12, 'Sugar', 31)]).queue).toHaveLength(1);
  });

  it('cannot queue deleting a review the server has not numbered while its save is on its way', () => {
    const onItsWay = asQueued(save(4, true), { id: 1, sendingSince: 1000 });
    expect(queueAll([reviewDeleteChange(12, 'Sugar', null)], [onItsWay])).toEqual({ queue: [onItsWay], outcomes: ['unsendable'] });
  });
});

describe('the server’s answer to a queued change', () => {
  const change = asQueued(add(12));
  const review = asQueued(save(4, true));

  it('is sent when the envelope says so (review calls by their success flag)', () => {
    expect(replyOutcome(change, 200, { code: 1, data: { id: 3 } })).toEqual({ kind: 'sent', data: { id: 3 } });
    expect(replyOutcome(review, 201, { code: 1, success: true, data: null })).toEqual({ kind: 'sent', data: null });
    expect(replyOutcome(review, 200, { code: 1, message: 'Review submitted' })).toMatchObject({ kind: 'refused', message: 'Failed to submit review' });
  });

  it('waits for later when there was no answer, without counting it as a try', () => {
    expect(replyOutcome(change, 0, null)).toEqual({ kind: 'retry', counted: false });
  });

  it('tries a server error again a few times, then tells the shopper', () => {
    expect(replyOutcome(change, 503, null)).toEqual({ kind: 'retry', counted: true });
    expect(replyOutcome(change, 429, null)).toEqual({ kind: 'retry', counted: true });
    expect(replyOutcome({ ...change, attempts: MAX_SERVER_TRIES - 1 }, 500, null)).toEqual({
      kind: 'refused',
      message: 'Server error. Please try again later.',
      quiet: false,
    });
  });

  it('counts taking off a heart or deleting a review that is already gone as done', () => {
    expect(replyOutcome(asQueued(remove(12)), 404, { code: 0, message: 'Not found' })).toMatchObject({ kind: 'sent' });
    expect(replyOutcome(asQueued(reviewDeleteChange(12, 'Sugar', 31)), 404, { code: 0, message: 'Review not found' })).toMatchObject({ kind: 'sent' });
  });

  it('refuses with the server’s reason, quietly only for a merged guest heart whose product is gone', () => {
    expect(replyOutcome(change, 404, { code: 0, message: 'Product not found' })).toEqual({ kind: 'refused', message: 'Product not found', quiet: false });
    const merged = asQueued(wishlistChange('add', entry(12), { quietIfGone: true }));
    expect(replyOutcome(merged, 404, { code: 0, message: 'Product not found' })).toEqual({ kind: 'refused', message: 'Product not found', quiet: true });
    expect(replyOutcome(merged, 422, { code: 0, message: 'product_id: required' })).toMatchObject({ quiet: false });
    expect(replyOutcome(change, 401, { code: 0, message: 'Unauthenticated' })).toMatchObject({ message: 'Session expired. Please login again.' });
    expect(replyOutcome(review, 422, null)).toMatchObject({ message: 'Failed to submit review' });
  });

  it('is told in plain words, naming the product', () => {
    expect(refusalText(change, 'Product not found')).toBe('Product 12 could not be saved to your wishlist: Product not found');
    expect(refusalText(review, 'Failed to submit review')).toBe('Your review of Kakira Sugar 1kg could not be sent: Failed to submit review');
  });

  it('is told in the language of the page it was made on, which the server was asked to answer in', () => {
    const onLugandaPage = { ...change, headers: { ...change.headers, 'Accept-Language': 'lg-UG' } };
    expect(languageOfChange(onLugandaPage)).toBe('lg');
    expect(languageOfChange(change)).toBe('en');
    expect(refusalText(onLugandaPage, luganda.product.notFound, 'lg')).toBe(luganda.queuedChange.wishlistAddRefused('Product 12', luganda.product.notFound));
    expect(replyOutcome(change, 401, { code: 0, message: swahili.api.unauthenticated }, 'sw')).toMatchObject({ message: swahili.api.sessionExpired });
    expect(replyOutcome(review, 422, null, 'sw')).toMatchObject({ message: swahili.review.submitFailed });
    expect(replyOutcome({ ...change, attempts: MAX_SERVER_TRIES - 1 }, 500, null, 'lg')).toMatchObject({ message: luganda.api.server });
  });
});

describe('what pages show while changes wait', () => {
  it('the wishlist: the server’s list with the waiting hearts applied in order, and which hearts wait', () => {
    const server = loaded([entry(1), entry(2)]);
    const waiting = [add(3), remove(1), add(2), save(4)];
    expect(withWaitingHearts(server, waiting).items.map((item) => item.product_id)).toEqual([2, 3]);
    expect(withWaitingHearts(server, [])).toBe(server);
    expect([...waitingHeartIds(waiting)]).toEqual([3, 1, 2]);
  });

  it('the review: the latest change waiting for the shopper’s review of that product', () => {
    const waiting = [save(2, true), add(12), reviewDeleteChange(12, 'Sugar', 31), reviewSaveChange(13, 'Soap', { rating: 5, comment: 'Good' }, true)];
    expect(waitingReviewChange(waiting, 12)).toMatchObject({ kind: 'review-delete' });
    expect(waitingReviewChange(waiting, 14)).toBeUndefined();
  });
});
