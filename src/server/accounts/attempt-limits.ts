/**
 * How often a password may be tried and a reset mail asked for, so that guessing is stopped or slowed
 * while the account's owner still gets in.
 *
 * Logins count failures only. Every attempt is counted as a failure before its password is checked and a
 * right password takes it back: counting afterwards would let a burst of parallel guesses all pass the
 * check before the first of them is counted. Three counts, each in its own 15-minute window:
 * - per account and address: a guesser's own pair is refused (TooManyAttempts), the owner on another address is not;
 * - per address on any account: a guesser trying many accounts is refused, with room for the many
 *   shoppers behind one carrier-grade NAT address;
 * - per account from all addresses: the brake. Past it every attempt on the account waits a little longer
 *   (1 s, 2 s, 4 s, then 8 s each) before its password is checked. It slows, never refuses: a refusal or a
 *   "one attempt per N seconds" slot would let a guesser with many addresses keep the owner out by taking
 *   every slot, while a wait lets the owner in a few seconds later, and that success lifts the brake. A
 *   guesser pays the wait on every guess, and still gets only 10 guesses per address on the account.
 *
 * An identifier that names no account is limited exactly as an account would be (under a hash of what
 * was typed), so the limits never tell which accounts exist.
 */
import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { clearHits, clearHitsStartingWith, countHit, enforceLimits, giveBackHit } from '../rate-limit';
import { TooManyAttempts } from '../errors';
import { LIMITS, LOGIN_BRAKE } from './limits';
import { message } from '../../lib/messages/message';

/** Whose counts an attempt goes to: the account it names, or what was typed when it names none. */
export function limitSubject(userId: number | undefined, identifier: string): string {
  if (userId !== undefined) return `user:${userId}`;
  // Hashed: people sometimes type their password into the email field.
  return `name:${createHash('sha256').update(identifier.trim().toLowerCase()).digest('hex').slice(0, 32)}`;
}

const failedFromAddress = (address: string) => `login-failed:address:${address}`;
const failedFromPair = (subject: string, address: string) => `login-failed:${subject}@${address}`;
const failedOnAccount = (subject: string) => `login-failed:${subject}`;

/** How long an attempt waits when the account has this many failures (this attempt included). */
export function brakeWaitMs(failures: number): number {
  const past = failures - LIMITS.loginFailuresBeforeBrake.limit;
  if (past <= 0) return 0;
  return Math.min(LOGIN_BRAKE.longestWaitMs, LOGIN_BRAKE.firstWaitMs * 2 ** (past - 1));
}

/**
 * Lets a login attempt go on to its password check, counted as a failure until `loginSucceeded`.
 * Refuses it (TooManyAttempts, with the wait) when this address has failed too often, on this account or on any;
 * waits first when the account is braked.
 */
export async function admitLoginAttempt(subject: string, address: string): Promise<void> {
  await enforceLimits([
    { key: failedFromAddress(address), limit: LIMITS.loginFailuresPerAddress, what: message('limit', 'loginAttemptsFromAddress') },
    { key: failedFromPair(subject, address), limit: LIMITS.loginFailuresPerAccountAndAddress, what: message('limit', 'loginAttempts') },
  ]);
  const wait = brakeWaitMs(await countHit(failedOnAccount(subject), LIMITS.loginFailuresBeforeBrake));
  if (wait > 0) await sleep(wait);
}

/**
 * The password was right: this attempt is not a failure after all. The account's failures from this
 * address and its brake are cleared; the address keeps the failures others made from it on other accounts.
 */
export async function loginSucceeded(subject: string, address: string): Promise<void> {
  await giveBackHit(failedFromAddress(address));
  await clearHits([failedFromPair(subject, address), failedOnAccount(subject)]);
}

/**
 * The password check of an admitted attempt. When the store is too busy to check passwords (passwords.ts refuses
 * with TooManyAttempts), the attempt was no guess: `giveBack` takes back what admitting it counted.
 */
export async function uncountedWhenBusy<T>(check: () => Promise<T>, giveBack: () => Promise<void>): Promise<T> {
  try {
    return await check();
  } catch (error) {
    if (error instanceof TooManyAttempts) await giveBack();
    throw error;
  }
}

/** Takes back a login attempt admitted by `admitLoginAttempt` whose password was never checked. */
export async function loginNotChecked(subject: string, address: string): Promise<void> {
  await Promise.all([giveBackHit(failedFromAddress(address)), giveBackHit(failedFromPair(subject, address)), giveBackHit(failedOnAccount(subject))]);
}

/** A new password was set: the account's failures from every address, and its brake, are forgotten. */
export async function forgetLoginFailures(userId: number): Promise<void> {
  const subject = limitSubject(userId, '');
  await clearHitsStartingWith(failedFromPair(subject, ''));
  await clearHits([failedOnAccount(subject)]);
}

/**
 * Counts a request for a reset mail, refusing it (TooManyAttempts, with the wait) past the limits per address,
 * per account and address, and per account. A stranger's requests use up their own address's share
 * long before the account's, so the owner's mail still goes out.
 */
export async function admitResetRequest(subject: string, address: string): Promise<void> {
  await enforceLimits([
    { key: `reset-request:address:${address}`, limit: LIMITS.resetRequestPerAddress, what: message('limit', 'resetRequestsFromAddress') },
    { key: `reset-request:${subject}@${address}`, limit: LIMITS.resetRequestPerAccountAndAddress, what: message('limit', 'resetRequests') },
    { key: `reset-request:${subject}`, limit: LIMITS.resetRequestPerAccount, what: message('limit', 'resetRequestsForAccount') },
  ]);
}

/** Counts an attempt to enter a reset code from this address (each code also allows only a few tries). */
export async function admitResetAttempt(address: string): Promise<void> {
  await enforceLimits([{ key: `reset:address:${address}`, limit: LIMITS.resetAttemptPerAddress, what: message('limit', 'resetAttempts') }]);
}

const wrongCurrentPassword = (userId: number) => `password-change-failed:user:${userId}`;

/**
 * Lets a password change go on to check the current password, counted as a failure until
 * `passwordChangeSucceeded`; refuses it (TooManyAttempts, with the wait) after too many wrong ones.
 */
export async function admitPasswordChange(userId: number): Promise<void> {
  await enforceLimits([{ key: wrongCurrentPassword(userId), limit: LIMITS.passwordChangeFailuresPerAccount, what: message('limit', 'wrongPasswords') }]);
}

/** The current password was right, or never checked (`uncountedWhenBusy`): this attempt was not a failure. */
export async function passwordChangeSucceeded(userId: number): Promise<void> {
  await giveBackHit(wrongCurrentPassword(userId));
}
