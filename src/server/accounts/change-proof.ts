/**
 * A fresh proof that the owner is the one changing where a vendor's money goes or how the store reaches it (a
 * payout destination, a shop's or account's phone, a vendor's email): the account's password, or a code texted to
 * the phone on record before the change. A logged-in session alone is not enough: a session can be stolen, and
 * whoever holds one could otherwise move the phone the warnings go to, then the payouts, and the owner would hear
 * nothing. This module owns the change_codes table; its codes follow the store's one mechanism
 * (one-time-codes.ts): hashed, 10 minutes, once, 5 tries.
 *
 * A proof is checked, and a code used up, before the change it allows is written; a change that then fails
 * (rare: the account is gone) costs the owner a new code, never a change without proof.
 */
import { eq } from 'drizzle-orm';
import { getDb } from '../db/client';
import { changeCodes, users } from '../db/schema';
import { Forbidden, Invalid, TooManyAttempts } from '../errors';
import { enforceLimits, type Limit } from '../rate-limit';
import { transactionWithPurge } from '../cache/purge';
import { announce } from '../events/event-bus';
import { admitPasswordChange, passwordChangeSucceeded, uncountedWhenBusy } from './attempt-limits';
import { codeHash, expiresIn, newCode, spendCode, type CodeRows } from './one-time-codes';
import { verifyPassword } from './passwords';
import { fieldRefusal } from '../input-refusals';
import { ugandanMsisdn } from '../../lib/mobile-money';
import { maskedPhone, phoneOnRecord } from '../../lib/phone-on-record';
import { message } from '../../lib/messages/message';
import type { Language } from '../../lib/i18n/languages';

export const CHANGE_CODE_MINUTES = 10;
const MAX_CHANGE_CODE_ATTEMPTS = 5;
// Codes asked for one account: enough for an owner who mistyped twice, too few to text a phone again and again.
const CODE_REQUESTS: Limit = { limit: 3, windowMs: 15 * 60_000 };

/** What a change may carry to prove it is the owner's: its `password`, or the `code` texted to the phone on record. */
export type ChangeProof = { password?: unknown; code?: unknown };

/** The proof fields of a request body (JSON or form), whatever else it holds. */
export function proofOf(body: unknown): ChangeProof {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return {};
  const { password, code } = body as Record<string, unknown>;
  return { password, code };
}

const given = (value: unknown): string | null => {
  if (typeof value === 'number') return String(value);
  return typeof value === 'string' && value.trim() !== '' ? value : null;
};

const codesOf = (userId: number): CodeRows => ({ table: changeCodes, owner: eq(changeCodes.user_id, userId), hashOwner: `change:${userId}` });

/** How the store reaches an account now: its phones, the one on record (E.164, or null: no mobile), its email. */
export type ContactOnRecord = {
  shop: string;
  own: string;
  phone: string | null;
  email: string;
  first_name: string;
  user_type: string;
  language: Language;
  passwordHash: string;
};

/** The account's contact on record, read before a change to it. */
export async function contactOnRecord(userId: number): Promise<ContactOnRecord | null> {
  const db = await getDb();
  const [account] = await db
    .select({
      shop: users.business_phone_number,
      own: users.phone_number,
      login: users.login_phone,
      email: users.email,
      first_name: users.first_name,
      user_type: users.user_type,
      language: users.language,
      passwordHash: users.password_hash,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!account) return null;
  const { login, ...contact } = account;
  const own = contact.own || login || '';
  const msisdn = ugandanMsisdn(phoneOnRecord({ shop: contact.shop, own }));
  return { ...contact, own, phone: msisdn ? `+${msisdn}` : null, language: contact.language as Language };
}

/** POST payouts/method/code: texts a new code to the account's phone on record; says where (masked). */
export async function sendChangeCode(userId: number): Promise<{ sent_to: string; minutes: number }> {
  const contact = await contactOnRecord(userId);
  if (!contact?.phone) throw new Invalid(message('changeProof', 'noPhoneOnRecord'));
  await enforceLimits([{ key: `change-code:user:${userId}`, limit: CODE_REQUESTS, what: message('limit', 'codesSentToNumber') }]);
  const fresh = newCode();
  const db = await getDb();
  await transactionWithPurge(db, async (tx) => {
    await tx
      .insert(changeCodes)
      .values({ user_id: userId, code_hash: codeHash(codesOf(userId).hashOwner, fresh), expires_at: expiresIn(CHANGE_CODE_MINUTES * 60) });
    await announce(tx, 'change_code.requested', { phone: contact.phone!, code: fresh, minutes: CHANGE_CODE_MINUTES, language: contact.language });
  });
  return { sent_to: maskedPhone(contact.phone), minutes: CHANGE_CODE_MINUTES };
}

/**
 * Checks the proof a change carries, for the account `userId`: refuses a change without one (Forbidden, naming
 * `password` and `code`), with a wrong password (counted as the password change's wrong passwords are) or a wrong
 * code. A right code is used up.
 */
export async function proveChange(userId: number, proof: ChangeProof): Promise<void> {
  const password = given(proof.password);
  const code = given(proof.code);
  if (password === null && code === null) throw new Forbidden(message('changeProof', 'proofRequired'));
  if (password !== null) {
    await admitPasswordChange(userId);
    const passwordHash = (await contactOnRecord(userId))?.passwordHash;
    const right = passwordHash
      ? await uncountedWhenBusy(
          () => verifyPassword(password, passwordHash),
          () => passwordChangeSucceeded(userId),
        )
      : false;
    if (!right) throw new Invalid(fieldRefusal('password', message('field', 'notCorrect')));
    await passwordChangeSucceeded(userId);
    return;
  }
  const db = await getDb();
  // Its own transaction: a wrong guess must stay counted although the change is refused.
  const guess = await db.transaction((tx) => spendCode(tx, codesOf(userId), code!.trim(), MAX_CHANGE_CODE_ATTEMPTS));
  if (guess === 'exhausted') throw new TooManyAttempts(message('changeProof', 'codeTooManyAttempts'));
  if (guess === 'wrong') throw new Invalid(message('changeProof', 'codeWrong'));
}
