/** The next payout day a vendor is told of: the first PAYOUT_DAYS day after today, in Kampala time. */
import { describe, expect, it } from 'vitest';
import { nextPayoutDay } from '~/server/payouts/payout-reconcile';

describe('the next payout day', () => {
  it('is the first payout day after today in Kampala', () => {
    // Sunday 29 Nov 2026, 10:00 in Kampala.
    expect(nextPayoutDay(new Date('2026-11-29T07:00:00Z'), ['tue', 'fri'])).toBe('2026-12-01');
    // Tuesday 1 Dec, 02:30 in Kampala (still Monday in UTC): today's run has started, so Friday.
    expect(nextPayoutDay(new Date('2026-11-30T23:30:00Z'), ['tue', 'fri'])).toBe('2026-12-04');
    // A week ahead when the only payout day is today.
    expect(nextPayoutDay(new Date('2026-12-01T09:00:00Z'), ['tue'])).toBe('2026-12-08');
  });

  it('is none when runs never start by themselves', () => {
    expect(nextPayoutDay(new Date('2026-11-29T07:00:00Z'), [])).toBeNull();
  });
});
