import { afterAll, describe, expect, it } from 'vitest';
import { message } from '~/lib/messages/message';

// The limits are counted in the process database: an in-memory one here.
process.env.DATA_DIR = 'memory://';

const { closeDatabase, getDb, rowsOf } = await import('~/server/db/client');
const { englishFailureOf } = await import('../support/english-failure');
const { TooManyAttempts } = await import('~/server/errors');
const { clearHitsStartingWith, countHit, enforceLimits, giveBackHit, pruneRateLimits, RATE_LIMIT_RETENTION, startRateLimitPruner, waitText } =
  await import('~/server/rate-limit');
const { sql } = await import('drizzle-orm');
const { LIMITS } = await import('~/server/accounts/limits');
const { METRICS_LIMIT_PER_IP } = await import('~/server/monitoring/metrics');
const { brakeWaitMs } = await import('~/server/accounts/attempt-limits');

afterAll(async () => {
  await closeDatabase();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function refusalOf(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(TooManyAttempts);
  // The refusal as the endpoint wrapper answers it: status, message and headers.
  return englishFailureOf(error)!;
}

describe('enforceLimits', () => {
  it('refuses past the limit with the seconds left of the window, and lets hits in again when it ends', async () => {
    const check = { key: 'test:window', limit: { limit: 2, windowMs: 3000 }, what: message('limit', 'loginAttempts') };
    await enforceLimits([check]);
    await enforceLimits([check]);
    const refused = await refusalOf(enforceLimits([check]));
    expect(refused.status).toBe(429);
    expect(refused.headers['Retry-After']).toBe('3');
    expect(refused.message).toBe('Too many login attempts. Please wait 3 seconds and try again.');

    await sleep(1200);
    expect((await refusalOf(enforceLimits([check]))).headers['Retry-After']).toBe('2');
    await sleep(2000);
    await expect(enforceLimits([check])).resolves.toBeUndefined();
  });

  it('gives back the hits it took when a later limit refuses, so a refused request uses up nothing', async () => {
    const wide = { key: 'test:wide', limit: { limit: 3, windowMs: 60_000 }, what: message('limit', 'resetRequests') };
    const narrow = { key: 'test:narrow', limit: { limit: 1, windowMs: 60_000 }, what: message('limit', 'wrongPasswords') };
    await enforceLimits([wide, narrow]);
    for (let i = 0; i < 5; i++)
      expect((await refusalOf(enforceLimits([wide, narrow]))).message).toMatch(/^Too many wrong passwords\. Please wait 1 minute and/);
    // The wide limit counted only the one request that went through.
    await enforceLimits([wide]);
    await enforceLimits([wide]);
    expect((await refusalOf(enforceLimits([wide]))).message).toMatch(/^Too many password reset requests/);
  });

  it('takes back a hit given back', async () => {
    const check = { key: 'test:give-back', limit: { limit: 1, windowMs: 60_000 }, what: message('limit', 'loginAttempts') };
    await enforceLimits([check]);
    await giveBackHit(check.key);
    await expect(enforceLimits([check])).resolves.toBeUndefined();
  });
});

describe('clearHitsStartingWith', () => {
  it('clears only the keys that start with the prefix, taking _ and % literally', async () => {
    const limit = { limit: 100, windowMs: 60_000 };
    for (const key of ['test:a_b@1', 'test:a_b@2', 'test:axb@1', 'test:a%b@1']) await countHit(key, limit);
    await clearHitsStartingWith('test:a_b@');
    expect(await countHit('test:a_b@1', limit)).toBe(1);
    expect(await countHit('test:a_b@2', limit)).toBe(1);
    expect(await countHit('test:axb@1', limit)).toBe(2);
    expect(await countHit('test:a%b@1', limit)).toBe(2);
  });
});

describe('pruning rate_limits', () => {
  const limit = { limit: 100, windowMs: 60_000 };
  const keysLeft = async () =>
    rowsOf<{ key: string }>(await (await getDb()).execute(sql`SELECT key FROM rate_limits WHERE key LIKE 'test:prune-%' ORDER BY key`)).map((row) => row.key);
  const startedAgo = async (key: string, minutes: number) =>
    (await getDb()).execute(sql`UPDATE rate_limits SET window_started_at = now() - (${minutes}::integer * interval '1 minute') WHERE key = ${key}`);

  it('deletes the rows of windows that started over two hours ago and keeps the rest', async () => {
    await countHit('test:prune-old', limit);
    await countHit('test:prune-recent', limit);
    await startedAgo('test:prune-old', 121);
    await startedAgo('test:prune-recent', 119);

    expect(await pruneRateLimits()).toBe(1);
    expect(await keysLeft()).toEqual(['test:prune-recent']);
  });

  it('runs on a schedule, not on the callers: spoofed addresses leave no rows behind', async () => {
    for (const address of ['1', '2', '3']) await countHit(`test:prune-spoofed-${address}`, limit);
    for (const address of ['1', '2', '3']) await startedAgo(`test:prune-spoofed-${address}`, 180);
    const stop = startRateLimitPruner(50);
    try {
      await expect.poll(keysLeft).toEqual(['test:prune-recent']);
      await countHit('test:prune-spoofed-4', limit);
      await startedAgo('test:prune-spoofed-4', 180);
      // No caller comes: the next round on the schedule deletes it.
      await expect.poll(keysLeft).toEqual(['test:prune-recent']);
    } finally {
      stop();
    }
  });

  it('keeps every window the store uses whole', () => {
    const windows = [...Object.values(LIMITS), METRICS_LIMIT_PER_IP].map((limit) => limit.windowMs);
    expect(Math.max(...windows)).toBeLessThan(RATE_LIMIT_RETENTION.maxAgeMinutes * 60_000);
  });
});

describe('waitText', () => {
  it.each([
    [1, '1 second'],
    [45, '45 seconds'],
    [60, '1 minute'],
    [61, '2 minutes'],
    [720, '12 minutes'],
  ])('%i s is "%s"', (seconds, text) => {
    expect(waitText(seconds)).toBe(text);
  });
});

describe('the login brake', () => {
  it('waits nothing up to 20 failures, then 1, 2, 4 and at most 8 seconds', () => {
    expect([1, 20, 21, 22, 23, 24, 25, 1000].map(brakeWaitMs)).toEqual([0, 0, 1000, 2000, 4000, 8000, 8000, 8000]);
  });
});
