/**
 * Rate limits: at most `limit` hits per key in a fixed window, counted in the database so that every
 * instance of the store shares them. Over the limit: HTTP 429 with when to try again.
 */
import { sql } from 'drizzle-orm';
import { getDb, rowsOf } from '../db/client';
import { rateLimits } from '../db/schema';
import { HttpError } from './errors';

export type Limit = { limit: number; windowMs: number };

export async function countHit(key: string, { windowMs }: Limit): Promise<number> {
  const db = await getDb();
  const windowStart = new Date(Date.now() - windowMs);
  const [row] = rowsOf<{ hits: number }>(
    await db.execute(sql`
      INSERT INTO ${rateLimits} (key, window_started_at, hits) VALUES (${key}, now(), 1)
      ON CONFLICT (key) DO UPDATE SET
        hits = CASE WHEN ${rateLimits.window_started_at} < ${windowStart} THEN 1 ELSE ${rateLimits.hits} + 1 END,
        window_started_at = CASE WHEN ${rateLimits.window_started_at} < ${windowStart} THEN now() ELSE ${rateLimits.window_started_at} END
      RETURNING hits`),
  );
  return row?.hits ?? 1;
}

/** Counts a hit for each key and refuses the request if any is over its limit. */
export async function enforceLimits(checks: { key: string; limit: Limit; what: string }[]): Promise<void> {
  for (const check of checks) {
    if ((await countHit(check.key, check.limit)) > check.limit.limit) {
      const minutes = Math.ceil(check.limit.windowMs / 60_000);
      throw new HttpError(429, `Too many ${check.what}. Please wait ${minutes} minutes and try again.`);
    }
  }
}

/**
 * The caller's address. Behind a load balancer set TRUST_PROXY to the number of proxies in front of the
 * store (1 for one load balancer): each proxy appends the address it received the request from to
 * X-Forwarded-For, so the address that many places from the right is the one the first proxy saw. The
 * addresses to its left were sent by the caller and could be anything, so they never count.
 */
export function clientIp(request: Request, socketAddress: string | undefined): string {
  const proxies = Number(process.env.TRUST_PROXY);
  if (Number.isInteger(proxies) && proxies > 0) {
    const forwarded = (request.headers.get('x-forwarded-for') ?? '')
      .split(',')
      .map((address) => address.trim())
      .filter(Boolean);
    const address = forwarded.at(-proxies) ?? forwarded[0];
    if (address) return address;
  }
  return socketAddress ?? 'unknown';
}
