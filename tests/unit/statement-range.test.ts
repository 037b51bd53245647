import { describe, expect, it } from 'vitest';
import { statementMoments, statementRange } from '~/server/payouts/statement-range';
import { DomainError, Invalid } from '~/server/errors';
import { sayMessage } from '~/lib/messages/say-message';

/** The refusal `run` throws, in `language`. */
function refusedIn(language: 'en' | 'lg' | 'sw', run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (error instanceof DomainError) return sayMessage(error.said, language);
    throw error;
  }
  throw new Error('not refused');
}

describe('the days a statement covers', () => {
  it('is this month so far, in Kampala, when no day is given', () => {
    // 22:30 UTC on 31 October is already 1 November in Kampala.
    expect(statementRange(null, null, new Date('2026-10-31T22:30:00Z'))).toEqual({ from: '2026-11-01', to: '2026-11-01' });
    expect(statementRange('', '2026-11-20')).toEqual({ from: '2026-11-01', to: '2026-11-20' });
    expect(statementRange('2026-01-15', '2026-03-02')).toEqual({ from: '2026-01-15', to: '2026-03-02' });
  });

  it.each([
    ['2026-02-30', null, 'from: must be a date, YYYY-MM-DD'],
    ['2026-2-3', null, 'from: must be a date, YYYY-MM-DD'],
    [null, '2026-13-01', 'to: must be a date, YYYY-MM-DD'],
    ['2026-05-02', '2026-05-01', 'from: must not be after to'],
    ['2000-01-01', '2026-05-01', 'to: at most 3660 days after from'],
  ])('refuses from=%s to=%s: %s', (from, to, message) => {
    const run = () => statementRange(from, to, new Date('2026-11-20T10:00:00Z'));
    expect(run).toThrow(Invalid);
    expect(refusedIn('en', run)).toBe(message);
  });

  it("names the days in the reader's language", () => {
    const run = () => statementRange('2026-05-02', '2026-05-01');
    expect(refusedIn('sw', run)).toBe('tarehe ya kuanzia (from): kisiwe baada ya tarehe ya mwisho (to)');
    expect(refusedIn('lg', () => statementRange('2000-01-01', '2026-05-01'))).toBe(
      'olunaku olusembayo (to): tekisukka nnaku 3,660 oluvannyuma lwa olunaku olusooka (from)',
    );
  });

  it('runs from Kampala midnight to Kampala midnight', () => {
    expect(statementMoments({ from: '2026-11-01', to: '2026-11-02' })).toEqual({
      start: new Date('2026-10-31T21:00:00Z'),
      end: new Date('2026-11-02T21:00:00Z'),
    });
  });
});
