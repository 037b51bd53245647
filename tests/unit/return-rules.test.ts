import { describe, expect, it } from 'vitest';
import {
  canMoveReturn,
  detailsRequired,
  nextReturnStatuses,
  RETURN_REASONS,
  RETURN_STATUSES,
  RETURN_WINDOW_DAYS,
  RETURN_WINDOW_MS,
  returnableQuantity,
  returnWindowEnd,
  withinReturnWindow,
} from '~/lib/return-rules';

const deliveredAt = new Date('2026-11-12T09:30:00.000Z');
const at = (ms: number) => new Date(deliveredAt.getTime() + ms);

describe('the return window', () => {
  it('is the spec’s 7 days', () => {
    expect(RETURN_WINDOW_DAYS).toBe(7);
    expect(RETURN_WINDOW_MS).toBe(7 * 24 * 60 * 60 * 1000);
    expect(returnWindowEnd(deliveredAt).toISOString()).toBe('2026-11-19T09:30:00.000Z');
  });

  it('is open from delivery up to and including its last millisecond, and closed one millisecond after', () => {
    expect(withinReturnWindow(deliveredAt, at(0))).toBe(true);
    expect(withinReturnWindow(deliveredAt, at(RETURN_WINDOW_MS - 1))).toBe(true);
    expect(withinReturnWindow(deliveredAt, at(RETURN_WINDOW_MS))).toBe(true);
    expect(withinReturnWindow(deliveredAt, at(RETURN_WINDOW_MS + 1))).toBe(false);
    expect(withinReturnWindow(deliveredAt, at(30 * 24 * 60 * 60 * 1000))).toBe(false);
  });

  it('follows a shorter window when one is given (the test store’s)', () => {
    expect(returnWindowEnd(deliveredAt, 20_000).toISOString()).toBe('2026-11-12T09:30:20.000Z');
    expect(withinReturnWindow(deliveredAt, at(20_000), 20_000)).toBe(true);
    expect(withinReturnWindow(deliveredAt, at(20_001), 20_000)).toBe(false);
  });
});

describe('the steps of a return', () => {
  it('go asked → accepted or refused, accepted → received → refunded, and nowhere else', () => {
    const allowed = RETURN_STATUSES.flatMap((from) => RETURN_STATUSES.filter((to) => canMoveReturn(from, to)).map((to) => `${from}→${to}`));
    expect(allowed).toEqual(['requested→awaiting_item', 'requested→refused', 'awaiting_item→received', 'received→refunded']);
    expect(nextReturnStatuses('refused')).toEqual([]);
    expect(nextReturnStatuses('refunded')).toEqual([]);
  });

  it('ask for words only when the reason is "another reason"', () => {
    expect(RETURN_REASONS.filter(detailsRequired)).toEqual(['other']);
  });

  it('leave of a line what other returns do not already hold, never less than nothing', () => {
    expect(returnableQuantity(3, 0)).toBe(3);
    expect(returnableQuantity(3, 2)).toBe(1);
    expect(returnableQuantity(3, 3)).toBe(0);
    expect(returnableQuantity(3, 5)).toBe(0);
  });
});
