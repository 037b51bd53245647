/**
 * The days a statement covers, read from `from` and `to` (YYYY-MM-DD, Kampala days, both included): this month
 * so far when neither is given; a day that does not exist, or an end before the start, is refused.
 */
import { Invalid } from '../errors';
import { fieldNamed, fieldRefusal } from '../input-refusals';
import { message } from '../../lib/messages/message';
import { kampalaDay } from '../../lib/dates';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** Kampala keeps East Africa Time all year (UTC+3, no summer time), so a Kampala day starts at 21:00 UTC the day before. */
const KAMPALA_OFFSET_MS = 3 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The longest statement, in days: ten years. */
const MAX_DAYS = 3660;

function readDay(name: 'from' | 'to', value: string | null, fallback: string): string {
  const day = value?.trim() || fallback;
  const read = new Date(`${day}T00:00:00Z`);
  if (!DAY.test(day) || Number.isNaN(read.getTime()) || read.toISOString().slice(0, 10) !== day) {
    throw new Invalid(fieldRefusal(name, message('field', 'day')));
  }
  return day;
}

export function statementRange(from: string | null, to: string | null, now = new Date()): { from: string; to: string } {
  const today = kampalaDay(now.toISOString());
  const last = readDay('to', to, today);
  const first = readDay('from', from, `${last.slice(0, 8)}01`);
  const days = (Date.parse(last) - Date.parse(first)) / DAY_MS;
  if (days < 0) throw new Invalid(fieldRefusal('from', message('field', 'notAfter', fieldNamed('to'))));
  if (days > MAX_DAYS) throw new Invalid(fieldRefusal('to', message('field', 'atMostDaysAfter', MAX_DAYS, fieldNamed('from'))));
  return { from: first, to: last };
}

/** The moments a statement's days start and end: from Kampala's midnight starting `from` to the one ending `to`. */
export function statementMoments(range: { from: string; to: string }): { start: Date; end: Date } {
  const midnight = (day: string) => Date.parse(`${day}T00:00:00Z`) - KAMPALA_OFFSET_MS;
  return { start: new Date(midnight(range.from)), end: new Date(midnight(range.to) + DAY_MS) };
}
