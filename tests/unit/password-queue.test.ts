/**
 * Password hashes go through one bounded queue (src/server/accounts/passwords.ts): PASSWORD_CHECKS at once,
 * PASSWORD_CHECK_QUEUE waiting, and any more refused at once with a wait to try again after.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { reloadConfig } from '~/server/config';

type Passwords = typeof import('~/server/accounts/passwords');
type Errors = typeof import('~/server/errors');

/** The passwords module loaded afresh under these settings, with the errors module it throws from. */
async function passwordsWith(settings: Record<string, string>): Promise<Passwords & Pick<Errors, 'TooManyAttempts'>> {
  reloadConfig(settings);
  vi.resetModules();
  const passwords = await import('~/server/accounts/passwords');
  const { TooManyAttempts } = await import('~/server/errors');
  return { ...passwords, TooManyAttempts };
}

describe('the queue of password checks', () => {
  beforeEach(() => vi.resetModules());
  afterEach(() => reloadConfig());

  it('hashes PASSWORD_CHECKS at once with PASSWORD_CHECK_QUEUE waiting, and refuses the rest at once with a wait', async () => {
    const { hashPassword, verifyPassword, TooManyAttempts } = await passwordsWith({ PASSWORD_CHECKS: '1', PASSWORD_CHECK_QUEUE: '1' });
    const outcomes = await Promise.allSettled(Array.from({ length: 5 }, (_, n) => hashPassword(`Kampala-${n}-2026`)));

    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'rejected', 'rejected']);
    const hashed = outcomes.flatMap((outcome) => (outcome.status === 'fulfilled' ? [outcome.value] : []));
    expect(hashed.every((hash) => hash.startsWith('scrypt$16384$8$1$'))).toBe(true);
    const refused = outcomes.flatMap((outcome) => (outcome.status === 'rejected' ? [outcome.reason as unknown] : []));
    expect(refused).toHaveLength(3);
    for (const refusal of refused) {
      expect(refusal).toBeInstanceOf(TooManyAttempts);
      const { retryAfterSeconds, message } = refusal as InstanceType<typeof TooManyAttempts>;
      expect(retryAfterSeconds).toBeGreaterThanOrEqual(1);
      expect(message).toBe(
        `The store is checking many passwords just now. Please wait ${retryAfterSeconds === 1 ? '1 second' : `${retryAfterSeconds} seconds`} and try again.`,
      );
    }

    // Once the queue has drained, checks run again.
    expect(await verifyPassword('Kampala-0-2026', hashed[0]!)).toBe(true);
    expect(await verifyPassword('not-it', hashed[0]!)).toBe(false);
  });

  it('with no waiting line, refuses a second check while one runs', async () => {
    const { hashPassword, TooManyAttempts } = await passwordsWith({ PASSWORD_CHECKS: '1', PASSWORD_CHECK_QUEUE: '0' });
    const first = hashPassword('Entebbe-2026');
    await expect(hashPassword('Jinja-2026')).rejects.toBeInstanceOf(TooManyAttempts);
    await expect(first).resolves.toMatch(/^scrypt\$/);
  });

  it('never refuses background hashes (seeding, start-up accounts): they wait their turn', async () => {
    const { hashPassword } = await passwordsWith({ PASSWORD_CHECKS: '1', PASSWORD_CHECK_QUEUE: '0' });
    const hashes = await Promise.all([hashPassword('Mbale-2026'), hashPassword('Soroti-2026', 'background'), hashPassword('Lira-2026', 'background')]);
    expect(hashes.every((hash) => hash.startsWith('scrypt$'))).toBe(true);
  });

  it('makes the decoy hash again after it was refused, rather than refusing every unknown login from then on', async () => {
    const { hashPassword, decoyHash, TooManyAttempts } = await passwordsWith({ PASSWORD_CHECKS: '1', PASSWORD_CHECK_QUEUE: '0' });
    const busy = hashPassword('Gulu-2026');
    await expect(decoyHash()).rejects.toBeInstanceOf(TooManyAttempts);
    await busy;
    await expect(decoyHash()).resolves.toMatch(/^scrypt\$/);
  });

  it('keeps one core for everything else and four waiting per check when unset', async () => {
    const { passwordQueueLimits } = await passwordsWith({ PASSWORD_CHECKS: '', PASSWORD_CHECK_QUEUE: '' });
    const { slots, waitingLimit } = passwordQueueLimits();
    expect(slots).toBe(Math.max(1, (await import('node:os')).availableParallelism() - 1));
    expect(waitingLimit).toBe(4 * slots);
  });
});
