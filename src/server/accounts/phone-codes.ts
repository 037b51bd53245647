/**
 * Codes texted to a Ugandan phone number: to log in (making the account when the number has none, so a shopper
 * can check out with nothing but a phone) and to set a new password. This module owns the phone_codes table;
 * the codes themselves follow the store's one mechanism (one-time-codes.ts): hashed, 10 minutes, once, 5 tries.
 *
 * Asking for codes is limited per number and address, per address and per number (limits.ts), so nobody can
 * flood a phone; entering them is limited per address. Whether a number has an account never shows: a login
 * code goes to any number, and a reset code request for a number with no account answers the same and sends nothing.
 */
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { getDb } from '../db/client';
import { phoneCodes } from '../db/schema';
import { Invalid, TooManyAttempts } from '../errors';
import { enforceLimits } from '../rate-limit';
import { sendCodeText } from '../sms/sms';
import { phoneCodeText, type CodePurpose } from '../sms/account-texts';
import type { Language } from '../../lib/i18n/languages';
import { accountByPhone, issueSession, passwordWasReset, phoneAccount, setPassword, type LoggedIn } from './accounts';
import { LIMITS } from './limits';
import { codeHash, expiresIn, newCode, spendCode, type CodeRows } from './one-time-codes';
import { passwordProblem } from './passwords';
import { phoneNumberSchema } from './phone-number';
import { message } from '../../lib/messages/message';
import { config } from '../config';

export const MAX_PHONE_CODE_ATTEMPTS = 5;

/** How long a code lives: PHONE_CODE_SECONDS when set (a test store watches codes expire), else 10 minutes. */
function lifetimeSeconds(): number {
  return config.PHONE_CODE_SECONDS;
}

const code = z.string({ error: 'is required' }).trim().min(1, 'is required').max(20);
const optionalName = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
  z.string().trim().max(60, 'must be at most 60 characters').optional(),
);

/** `task=send_code`: the number to text a login code to. */
export const sendCodeSchema = z.object({ phone_number: phoneNumberSchema });
/** `task=verify_code`: the number, its code, and names for an account made now (optional). */
export const verifyCodeSchema = z.object({ phone_number: phoneNumberSchema, code, first_name: optionalName, last_name: optionalName });
/** `task=reset_password` by phone: the number, its texted code and the new password. */
export const phoneResetSchema = z.object({ phone_number: phoneNumberSchema, code, password: z.string({ error: 'is required' }) });

const codesOf = (phone: string, purpose: CodePurpose): CodeRows => ({
  table: phoneCodes,
  owner: and(eq(phoneCodes.phone, phone), eq(phoneCodes.purpose, purpose))!,
  hashOwner: `${phone}:${purpose}`,
});

/**
 * Texts a new code for `purpose` to the number (E.164) in `language`; a reset code only when the number has an
 * account, in that account's language. Codes sent before it keep working until they expire.
 */
export async function sendPhoneCode(phone: string, purpose: CodePurpose, address: string, language: Language): Promise<void> {
  await enforceLimits([
    { key: `phone-code:address:${address}`, limit: LIMITS.phoneCodePerAddress, what: message('limit', 'codesAskedFromAddress') },
    { key: `phone-code:${phone}@${address}`, limit: LIMITS.phoneCodePerNumberAndAddress, what: message('limit', 'codesAskedForNumber') },
    { key: `phone-code:${phone}`, limit: LIMITS.phoneCodePerNumber, what: message('limit', 'codesSentToNumber') },
  ]);
  const db = await getDb();
  let writeIn = language;
  if (purpose === 'reset') {
    const account = await accountByPhone(db, phone);
    if (!account) return;
    writeIn = account.language;
  }
  const fresh = newCode();
  const seconds = lifetimeSeconds();
  await db.insert(phoneCodes).values({ phone, purpose, code_hash: codeHash(codesOf(phone, purpose).hashOwner, fresh), expires_at: expiresIn(seconds) });
  const minutes = Math.max(1, Math.round(seconds / 60));
  // Not awaited: the reply takes as long whether or not a text goes, and a slow SMS service never holds it up.
  void sendCodeText({
    to: phone,
    kind: purpose === 'login' ? 'login_code' : 'reset_code',
    body: phoneCodeText(writeIn, purpose, fresh, minutes),
    recorded: phoneCodeText(writeIn, purpose, '******', minutes),
  });
}

async function admitCodeGuess(address: string): Promise<void> {
  await enforceLimits([
    { key: `phone-code-guess:address:${address}`, limit: LIMITS.phoneCodeAttemptPerAddress, what: message('limit', 'codesEnteredFromAddress') },
  ]);
}

/** Logs in with a texted login code: the number's account, made now (in `language`) when it has none. */
export async function loginWithCode(input: z.infer<typeof verifyCodeSchema>, address: string, language: Language): Promise<LoggedIn> {
  await admitCodeGuess(address);
  const db = await getDb();
  const outcome = await db.transaction(async (tx) => {
    const guess = await spendCode(tx, codesOf(input.phone_number, 'login'), input.code, MAX_PHONE_CODE_ATTEMPTS);
    return guess === 'matched' ? await phoneAccount(tx, input.phone_number, input, language) : guess;
  });
  if (outcome === 'exhausted') throw new TooManyAttempts(message('account', 'codeTooManyAttempts'));
  if (outcome === 'wrong') throw new Invalid(message('account', 'codeFailed'));
  return issueSession(outcome);
}

/** Sets a new password with a texted reset code; the account's sessions end and its failed logins are forgotten. */
export async function resetPasswordByPhone(input: z.infer<typeof phoneResetSchema>, address: string): Promise<void> {
  await admitCodeGuess(address);
  const problem = passwordProblem(input.password);
  if (problem) throw new Invalid(problem);
  const db = await getDb();
  const outcome = await db.transaction(async (tx) => {
    const guess = await spendCode(tx, codesOf(input.phone_number, 'reset'), input.code, MAX_PHONE_CODE_ATTEMPTS);
    if (guess !== 'matched') return guess;
    const account = await accountByPhone(tx, input.phone_number);
    if (!account) return 'wrong';
    await setPassword(tx, account.id, input.password);
    return account.id;
  });
  if (outcome === 'exhausted') throw new TooManyAttempts(message('account', 'resetTooManyAttempts'));
  if (outcome === 'wrong') throw new Invalid(message('account', 'resetFailed'));
  await passwordWasReset(outcome);
}
