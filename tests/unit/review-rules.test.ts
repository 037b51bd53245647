import { afterEach, describe, expect, it, vi } from 'vitest';
import { EMPTY_REVIEW_STATS, ratingShare, REVIEW_COMMENT_MAX, REVIEW_COMMENT_MIN, reviewerName, reviewInputProblem } from '~/lib/review-rules';
import { apiRequest } from '~/browser/api';
import { kampalaDate, kampalaDateTime, kampalaDay } from '~/lib/dates';
import { message } from '~/lib/messages/message';
import { REVIEW_MESSAGES } from '~/lib/messages/review-messages';

describe('review rules', () => {
  it('takes whole ratings from 1 to 5 and comments of 2 to 2000 characters after trimming', () => {
    expect(reviewInputProblem(5, 'Great value')).toBeNull();
    expect(reviewInputProblem(1, '  ok  ')).toBeNull();
    expect(reviewInputProblem(3, 'x'.repeat(2000))).toBeNull();
    for (const rating of [0, 6, 4.5, Number.NaN, '4', null, undefined])
      expect(reviewInputProblem(rating, 'Great value'), String(rating)).toEqual(message('review', 'badRating'));
    for (const comment of ['', ' a ', '\n\n', undefined, 42])
      expect(reviewInputProblem(4, comment), String(comment)).toEqual(message('review', 'commentTooShort', REVIEW_COMMENT_MIN));
    expect(reviewInputProblem(4, 'x'.repeat(2001))).toEqual(message('review', 'commentTooLong', REVIEW_COMMENT_MAX));
  });

  it('names a reviewer by first name and last initial, never more', () => {
    expect(reviewerName('Joan', 'nakimuli')).toBe('Joan N.');
    expect(reviewerName(' Joan ', '')).toBe('Joan');
    expect(reviewerName('', 'Okello')).toBe('O.');
    expect(reviewerName('', '')).toBe('Shopper');
  });

  it('dates a review in Kampala time with the same month names on server and phone', () => {
    expect(kampalaDate('2026-09-20T10:00:00.000Z')).toBe('20 Sep 2026');
    expect(kampalaDate('2026-10-30T21:30:00.000Z')).toBe('31 Oct 2026');
    expect(kampalaDate('2026-12-31T20:59:59.000Z')).toBe('31 Dec 2026');
    expect(kampalaDate('2026-12-31T21:00:00.000Z')).toBe('1 Jan 2027');
    expect(kampalaDateTime('2026-11-21T13:05:09.000Z')).toBe('21 Nov 2026, 16:05 EAT');
    expect(kampalaDay('2026-12-31T20:59:59.000Z')).toBe('2026-12-31');
    expect(kampalaDay('2026-12-31T21:00:00.000Z')).toBe('2027-01-01');
  });

  it('gives each rating its share of the reviews as a whole percentage', () => {
    const stats = { total_reviews: 3, average_rating: 4.3, rating_breakdown: { '5': 2, '4': 0, '3': 1, '2': 0, '1': 0 } };
    expect([5, 4, 3, 2, 1].map((rating) => ratingShare(stats, rating as 5))).toEqual([67, 0, 33, 0, 0]);
    expect(ratingShare(EMPTY_REVIEW_STATS, 5)).toBe(0);
  });
});

describe('review replies in the browser', () => {
  afterEach(() => vi.unstubAllGlobals());
  const answer = (body: unknown, status = 200) => vi.stubGlobal('fetch', async () => new Response(JSON.stringify(body), { status }));

  it('count as success only when their success flag is true', async () => {
    answer({ code: 1, success: true, message: 'Review submitted', data: { id: 9 } }, 201);
    await expect(apiRequest('/api/reviews', {}, { successFlag: true })).resolves.toEqual({ id: 9 });
    answer({ code: 1, message: 'Review submitted', data: { id: 9 } });
    await expect(apiRequest('/api/reviews', {}, { successFlag: true, failure: REVIEW_MESSAGES.submitFailed })).rejects.toThrow(REVIEW_MESSAGES.submitFailed);
    answer({ code: 1, success: false, message: '', data: null });
    await expect(apiRequest('/api/reviews/3', {}, { successFlag: true, failure: REVIEW_MESSAGES.deleteFailed })).rejects.toThrow(REVIEW_MESSAGES.deleteFailed);
  });

  it("show the server's reason when it gives one", async () => {
    answer({ code: 0, success: false, message: 'Failed to update review: you can only change your own review', data: null }, 403);
    await expect(apiRequest('/api/reviews/3', {}, { successFlag: true, failure: REVIEW_MESSAGES.updateFailed })).rejects.toThrow(
      'Failed to update review: you can only change your own review',
    );
  });
});
