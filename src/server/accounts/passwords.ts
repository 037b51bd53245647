/** Passwords: scrypt with a salt per password (node:crypto), and the rules a new password must meet. */
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { dictionary } from '@zxcvbn-ts/language-common';
import { fieldRefusal } from '../input-refusals';
import { message, type Message } from '../../lib/messages/message';

export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 200;

const KEY_LENGTH = 64;
const PARAMETERS = { N: 16384, r: 8, p: 1 } as const;

/** The 1,000 most used passwords (the list is ordered by how often each was seen in leaks). */
const COMMON_PASSWORDS = new Set(dictionary['passwords-common'].slice(0, 1000).map((password) => password.toLowerCase()));

function derive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, { ...options, maxmem: 64 * 1024 * 1024 }, (error, key) => (error ? reject(error) : resolve(key))),
  );
}

/** What is wrong with a new password, or null. */
export function passwordProblem(password: string): Message | null {
  if (password.length < MIN_PASSWORD_LENGTH) return fieldRefusal('password', message('field', 'atLeastCharacters', MIN_PASSWORD_LENGTH));
  if (password.length > MAX_PASSWORD_LENGTH) return fieldRefusal('password', message('field', 'atMostCharacters', MAX_PASSWORD_LENGTH));
  if (COMMON_PASSWORDS.has(password.toLowerCase())) return fieldRefusal('password', message('account', 'commonPassword'));
  return null;
}

/** `scrypt$N$r$p$salt$key`, so the cost can be raised later without breaking stored passwords. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, PARAMETERS);
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
  decoy ??= hashPassword(randomBytes(12).toString('base64'));
  return decoy;
}
