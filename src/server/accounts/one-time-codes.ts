/**
 * The one mechanism behind every one-time code a person is sent: a password reset code by mail
 * (password_reset_codes, owned by accounts.ts), a login or reset code by SMS (phone_codes, owned by
 * phone-codes.ts) and a code proving a change (change_codes, owned by change-proof.ts). Both tables have the same columns for it (code_hash, attempts, expires_at, used_at); their
 * owners choose which rows a code may be for and call these functions on them, inside their own writes.
 *
 * Only a hash of a code is kept. A code lives until its expiry (the database's clock, so instances agree),
 * works once, and stops working after `maxAttempts` wrong guesses. Codes sent earlier stay good until they
 * expire: a stranger asking for a new code must not spoil the one the owner is typing.
 */
import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Database } from '../db/client';
import type { changeCodes, passwordResetCodes, phoneCodes } from '../db/schema';

/** A new 6-digit code, leading zeros kept. */
export function newCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/** What is stored of a code: a hash that also names whom it is for, so one code's hash never fits another's rows. */
export function codeHash(owner: string, code: string): string {
  return createHash('sha256').update(`${owner}:${code}`).digest('hex');
}

/** An expiry `seconds` from now on the database's clock, for a code row's expires_at. */
export const expiresIn = (seconds: number): SQL => sql`now() + (${seconds}::integer * interval '1 second')`;

/** The code rows one guess is checked against: a table of codes, the rows it may be for, and how their hashes were made. */
export type CodeRows = {
  table: typeof passwordResetCodes | typeof phoneCodes | typeof changeCodes;
  /** Which rows: the account's reset codes, a number's login codes ... */
  owner: SQL;
  /** The owner as `codeHash` was given it when the codes were made. */
  hashOwner: string;
};

/** How a guess went: it matched (and the code is now used), it was wrong or every code has expired, or every pending code has run out of tries. */
export type Guess = 'matched' | 'wrong' | 'exhausted';

/**
 * Checks a guess against the pending codes and uses up the one it matches. The guess counts against every
 * pending code that still has tries, in one statement, so parallel guesses never give a code more than
 * `maxAttempts`; only a code this guess was counted against can match. Once one matches, every other pending
 * code of the same rows ends too: what it was for is done. Call it inside the transaction that does what the
 * code allows, but commit the counted tries even when the guess is wrong (return the outcome, throw after).
 */
export async function spendCode(db: Database, rows: CodeRows, guess: string, maxAttempts: number): Promise<Guess> {
  const { table } = rows;
  const pending = sql`${rows.owner} AND ${table.used_at} IS NULL AND ${table.expires_at} > now()`;
  const tried = rowsOf<{ id: number; code_hash: string }>(
    await db.execute(sql`
      UPDATE ${table} SET attempts = attempts + 1
      WHERE ${pending} AND ${table.attempts} < ${maxAttempts}
      RETURNING id, code_hash`),
  );
  if (tried.length === 0) {
    const spent = rowsOf<{ id: number }>(await db.execute(sql`SELECT id FROM ${table} WHERE ${pending} LIMIT 1`));
    return spent.length > 0 ? 'exhausted' : 'wrong';
  }
  const hashed = /^\d{6}$/.test(guess) ? Buffer.from(codeHash(rows.hashOwner, guess), 'hex') : null;
  const matched = hashed && tried.find((row) => timingSafeEqual(hashed, Buffer.from(row.code_hash, 'hex')));
  if (!matched) return 'wrong';
  const claimed = rowsOf<{ id: number }>(
    await db.execute(sql`UPDATE ${table} SET used_at = now() WHERE ${table.id} = ${matched.id} AND ${table.used_at} IS NULL RETURNING id`),
  );
  // Used at the same moment by another request: only one of them goes on.
  if (claimed.length === 0) return 'wrong';
  await db.execute(sql`UPDATE ${table} SET used_at = now() WHERE ${pending}`);
  return 'matched';
}
