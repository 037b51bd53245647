/**
 * Passwords: scrypt with a salt per password (node:crypto), and the rules a new password must meet.
 *
 * A hash takes about 0.1 s of one core and 16 MB, on libuv's thread pool. Every one goes through one bounded queue
 * (../work-queue.ts): at most PASSWORD_CHECKS at once, PASSWORD_CHECK_QUEUE waiting, so a burst of logins leaves a
 * core to pages, searches and orders, and a login beyond the queue is refused at once (429 with Retry-After)
 * instead of waiting seconds behind the others.
 */
import os from 'node:os';
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fieldRefusal } from '../input-refusals';
import { TooManyAttempts } from '../errors';
import { waitFor } from '../rate-limit';
import { WorkQueue, type WorkQueueLimits } from '../work-queue';
import { config } from '../config';
import { message, type Message } from '../../lib/messages/message';

export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 200;

const KEY_LENGTH = 64;
const PARAMETERS = { N: 16384, r: 8, p: 1 } as const;

/**
 * The 1,000 most used passwords (the list is ordered by how often each was seen in leaks). Read from the list's
 * own JSON rather than imported with the package, which would keep all 49,233 of them and its other dictionaries
 * in memory for as long as the store runs (about 3 MB of heap).
 */
const COMMON_PASSWORDS = mostUsedPasswords(1000);

function mostUsedPasswords(count: number): Set<string> {
  const file = createRequire(import.meta.url).resolve('@zxcvbn-ts/language-common/src/passwords.json');
  const all = JSON.parse(readFileSync(file, 'utf8')) as string[];
  return new Set(all.slice(0, count).map((password) => password.toLowerCase()));
}

/** One hash per core less the one the event loop keeps, and a waiting line of four per slot (well under a second). */
export function passwordQueueLimits(): WorkQueueLimits {
  const slots = config.PASSWORD_CHECKS ?? Math.max(1, os.availableParallelism() - 1);
  return { slots, waitingLimit: config.PASSWORD_CHECK_QUEUE ?? 4 * slots };
}

const passwordQueue = new WorkQueue(passwordQueueLimits());

/** How long a hash has been taking here, in ms (a moving average), for the wait a refusal names. */
let hashMs = 100;

/** The whole seconds until the queue as it stands now has been worked through: at least 1. */
function secondsToDrain(): number {
  const { running, waiting } = passwordQueue.load;
  return Math.max(1, Math.ceil(((running + waiting + 1) / passwordQueue.limits.slots) * (hashMs / 1000)));
}

/** A request's hash may be refused when the queue is full; a background one (seeding, start-up accounts) waits its turn. */
export type HashUrgency = 'request' | 'background';

function derive(password: string, salt: Buffer, options: ScryptOptions, urgency: HashUrgency = 'request'): Promise<Buffer> {
  const hash = () =>
    new Promise<Buffer>((resolve, reject) => {
      const started = performance.now();
      scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, { ...options, maxmem: 64 * 1024 * 1024 }, (error, key) => {
        hashMs = 0.8 * hashMs + 0.2 * (performance.now() - started);
        if (error) reject(error);
        else resolve(key);
      });
    });
  if (urgency === 'background') return passwordQueue.runInBackground(hash);
  const queued = passwordQueue.tryRun(hash);
  if (queued) return queued;
  const seconds = secondsToDrain();
  return Promise.reject(new TooManyAttempts(message('limit', 'passwordChecksBusy', waitFor(seconds)), seconds));
}

/** What is wrong with a new password, or null. */
export function passwordProblem(password: string): Message | null {
  if (password.length < MIN_PASSWORD_LENGTH) return fieldRefusal('password', message('field', 'atLeastCharacters', MIN_PASSWORD_LENGTH));
  if (password.length > MAX_PASSWORD_LENGTH) return fieldRefusal('password', message('field', 'atMostCharacters', MAX_PASSWORD_LENGTH));
  if (COMMON_PASSWORDS.has(password.toLowerCase())) return fieldRefusal('password', message('account', 'commonPassword'));
  return null;
}

/**
 * `scrypt$N$r$p$salt$key`, so the cost can be raised later without breaking stored passwords. Refuses with
 * TooManyAttempts when the queue of password checks is full, as `verifyPassword` does, unless it is background work.
 */
export async function hashPassword(password: string, urgency: HashUrgency = 'request'): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, PARAMETERS, urgency);
  return ['scrypt', PARAMETERS.N, PARAMETERS.r, PARAMETERS.p, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64');
  const actual = await derive(password, Buffer.from(salt, 'base64'), { N: Number(n), r: Number(r), p: Number(p) });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** Checked against when no account matches, so a wrong email takes as long as a wrong password. */
let decoy: Promise<string> | undefined;
export function decoyHash(): Promise<string> {
  // Made again next time when it was refused (the queue was full when it was first needed).
  decoy ??= hashPassword(randomBytes(12).toString('base64')).catch((error: unknown) => {
    decoy = undefined;
    throw error;
  });
  return decoy;
}
