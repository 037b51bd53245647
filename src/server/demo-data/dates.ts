/**
 * The demo catalogue's calendar: every timestamp is measured back from a fixed reference date, so two seeds
 * with the same number give identical rows whenever they run.
 */
import type { Random } from './random';

export const REFERENCE_DATE = Date.UTC(2026, 10, 1);
export const DAY_MS = 86_400_000;
/** How far back the oldest products go; categories and delivery locations are older still. */
export const CATALOGUE_AGE_DAYS = 400;

export const daysAgo = (days: number) => new Date(REFERENCE_DATE - days * DAY_MS);
export const isoDate = (date: Date) => date.toISOString().slice(0, 10);
/** A moment uniformly between `from` and the reference date, to the second. */
export const momentAfter = (rng: Random, from: Date) => new Date(Math.floor((from.getTime() + rng.next() * (REFERENCE_DATE - from.getTime())) / 1000) * 1000);
