/**
 * Rate limits: at most `limit` hits per key in a fixed window, counted in the database so that every
 * instance of the store shares them. This module owns the rate_limits table. Over the limit: a
 * TooManyAttempts whose wait in seconds (the reply's Retry-After) and message both say how much of the
 * window is left. Times are the database's, so instances whose clocks differ still agree on when a
 * window ends.
 */
import { repeatEvery } from './periodic';
import { sql, type SQL } from 'drizzle-orm';
import { getDb, rowsOf } from './db/client';
import { rateLimits } from './db/schema';
import { TooManyAttempts } from './errors';
import { log } from './log';
import { message, type Message } from '../lib/messages/message';
import { sayMessage } from '../lib/messages/say-message';

export type Limit = { limit: number; windowMs: number };
export type LimitCheck = { key: string; limit: Limit; what: Message };

/**
 * Rows of windows that started this long ago are deleted: no limit's window is longer than an hour, and a key
 * whose window has ended counts as if it had no row, so deleting it changes no count. Every instance prunes at
 * start and then every `pruneEveryMinutes`: the delete is the same whichever instance runs it, or two at once,
 * so the table holds about two hours of keys however many (spoofed) addresses call.
 */
export const RATE_LIMIT_RETENTION = { maxAgeMinutes: 120, pruneEveryMinutes: 10 };

const windowOf = ({ windowMs }: Limit) => sql`(${windowMs}::integer * interval '1 millisecond')`;
const expired = (limit: Limit) => sql`${rateLimits.window_started_at} <= now() - ${windowOf(limit)}`;

/**
 * Counts a hit for the key, starting a new window when the last one has ended. With `onlyBelow`, counts
 * it only while the window has hits left. Gives the window's hits so far, or nothing when none were left.
 */
async function upsertHit(key: string, limit: Limit, onlyBelow: number | null): Promise<number | undefined> {
  const db = await getDb();
  const [row] = rowsOf<{ hits: number }>(
    await db.execute(sql`
      INSERT INTO ${rateLimits} (key, window_started_at, hits) VALUES (${key}, now(), 1)
      ON CONFLICT (key) DO UPDATE SET
        hits = CASE WHEN ${expired(limit)} THEN 1 ELSE ${rateLimits.hits} + 1 END,
        window_started_at = CASE WHEN ${expired(limit)} THEN now() ELSE ${rateLimits.window_started_at} END
      ${onlyBelow === null ? sql`` : sql`WHERE ${expired(limit)} OR ${rateLimits.hits} < ${onlyBelow}`}
      RETURNING hits`),
  );
  return row?.hits;
}

/** Counts a hit for the key and gives the window's hits so far. */
export async function countHit(key: string, limit: Limit): Promise<number> {
  return (await upsertHit(key, limit, null)) ?? 1;
}

/** Takes one hit for the key if its window has one left; false (and nothing counted) when it has none. */
export async function takeHit(key: string, limit: Limit): Promise<boolean> {
  return (await upsertHit(key, limit, limit.limit)) !== undefined;
}

/** Whole seconds until the key's window ends (at least 1). */
async function secondsLeft(key: string, limit: Limit): Promise<number> {
  const db = await getDb();
  const [row] = rowsOf<{ seconds: number | string | null }>(
    await db.execute(sql`
      SELECT ceil(extract(epoch FROM ${rateLimits.window_started_at} + ${windowOf(limit)} - now())) AS seconds
      FROM ${rateLimits} WHERE ${rateLimits.key} = ${key}`),
  );
  return Math.max(1, Number(row?.seconds ?? 1));
}

/** "45 seconds", "1 minute", "12 minutes": how long to wait, rounded up to whole minutes past a minute. */
export function waitFor(seconds: number): Message {
  return seconds < 60 ? message('limit', 'seconds', seconds) : message('limit', 'minutes', Math.ceil(seconds / 60));
}

/** The same wait in English. */
export const waitText = (seconds: number): string => sayMessage(waitFor(seconds), 'en');

/** The refusal for a key with no hits left: the seconds left of its window, and the same wait in words. */
async function refusal(check: LimitCheck): Promise<TooManyAttempts> {
  const seconds = await secondsLeft(check.key, check.limit);
  return new TooManyAttempts(message('limit', 'tooMany', check.what, waitFor(seconds)), seconds);
}

/**
 * Takes a hit from each key in order. The first key with none left refuses the request: the hits
 * already taken for it are given back, so a refused request never uses up another limit.
 */
export async function enforceLimits(checks: LimitCheck[]): Promise<void> {
  const taken: string[] = [];
  for (const check of checks) {
    if (!(await takeHit(check.key, check.limit))) {
      for (const key of taken) await giveBackHit(key);
      throw await refusal(check);
    }
    taken.push(check.key);
  }
}

/**
 * The key's hits in its current window (0 when its window has ended), as an expression a larger query reads in
 * the same round trip (without counting one).
 */
export function hitsSoFarSql(key: string, limit: Limit): SQL {
  return sql`coalesce((SELECT ${rateLimits.hits} FROM ${rateLimits} WHERE ${rateLimits.key} = ${key} AND NOT ${expired(limit)}), 0)`;
}

/** Gives back a hit counted for the key, for an attempt that turned out not to count (a right password). */
export async function giveBackHit(key: string): Promise<void> {
  const db = await getDb();
  await db.execute(sql`UPDATE ${rateLimits} SET hits = hits - 1 WHERE ${rateLimits.key} = ${key} AND hits > 0`);
}

/** Forgets the keys' hits: their next window starts afresh. */
export async function clearHits(keys: string[]): Promise<void> {
  const db = await getDb();
  for (const key of keys) await db.execute(sql`DELETE FROM ${rateLimits} WHERE ${rateLimits.key} = ${key}`);
}

/** Forgets the hits of every key that starts with the prefix. */
export async function clearHitsStartingWith(prefix: string): Promise<void> {
  const db = await getDb();
  const pattern = `${prefix.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
  await db.execute(sql`DELETE FROM ${rateLimits} WHERE ${rateLimits.key} LIKE ${pattern}`);
}

/** Deletes the rows of windows that started more than `maxAgeMinutes` ago; gives how many went. */
export async function pruneRateLimits(maxAgeMinutes = RATE_LIMIT_RETENTION.maxAgeMinutes): Promise<number> {
  const db = await getDb();
  const removed = rowsOf<{ key: string }>(
    await db.execute(sql`
      DELETE FROM ${rateLimits} WHERE ${rateLimits.window_started_at} < now() - (${maxAgeMinutes}::integer * interval '1 minute')
      RETURNING key`),
  );
  return removed.length;
}

/** Prunes now and every `everyMs` (RATE_LIMIT_RETENTION by default); returns how to stop. A failed round is logged and tried again. */
export function startRateLimitPruner(everyMs = RATE_LIMIT_RETENTION.pruneEveryMinutes * 60_000): () => void {
  return repeatEvery(everyMs, pruneRateLimits, (error) => log.error({ err: error }, '[rate-limit] pruning rate_limits failed'));
}
