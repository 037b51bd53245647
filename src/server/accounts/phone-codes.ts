/**
 * Codes texted to a Ugandan phone number: to log in (making the account when the number has none, so a shopper
 * can check out with nothing but a phone) and to set a new password. This module owns the phone_codes table;
 * the codes themselves follow the store's one mechanism (one-time-codes.ts): hashed, 10 minutes, once, 5 tries.
 *
 * A code belongs to whoever asked for it: it is bound to the asking browser's device (its signed cookie, which
 * outlasts a phone's changing address) or, without one, to the asking address, and only a guess from there is
 * checked against it. A stranger's guesses therefore use up the stranger's own codes, never the one the owner is
 * typing. Asking is limited per number and asker, per address and per number (limits.ts), login and reset codes
 * apart; a browser the number's account has logged in from is counted on its own, with a higher ceiling, so
 * strangers who use up a number's limits do not stop its owner. Whether a number has an account never shows: a
 * login code goes to any number, and a reset code request answers the same, as fast, for any number (the code
 * is written and texted, when the number has an account, after the reply).
 */
import { and, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { getDb } from '../db/client';
import { phoneCodes } from '../db/schema';
import { Invalid, TooManyAttempts } from '../errors';
import { enforceLimits, type LimitCheck } from '../rate-limit';
import { transactionWithPurge } from '../cache/purge';
import { announce } from '../events/event-bus';
import type { CodePurpose } from '../events/store-events';
import type { Language } from '../../lib/i18n/languages';
import { accountByPhone, issueSession, passwordWasReset, phoneAccount, setPassword, type LoggedIn } from './accounts';
import { LIMITS } from './limits';
import { codeHash, expiresIn, newCode, spendCode, type CodeRows } from './one-time-codes';
import { passwordProblem } from './passwords';
import { phoneNumberSchema } from './phone-number';
import { message } from '../../lib/messages/message';
import { config } from '../config';
import { log } from '../log';
import { afterReply } from '../monitoring/request-context';

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

/** A browser as its signed device cookie names it: its id, and the accounts that have logged in from it. */
export type Device = { id: string; accounts: number[] };
/** Who asks for a code or types one: the address, and the browser's device when it sent its cookie. */
export type Asker = { address: string; device: Device | null };

/** Whom a new code is bound to: the asking device when it has one (it keeps its name when its address changes), else the address. */
const boundTo = (asker: Asker): string => (asker.device ? `device:${asker.device.id}` : `address:${asker.address}`);

/** Whose codes a guess is checked against: its device's, and its address's (asked before the browser had a device, or by a client that keeps no cookies). */
const guessedBy = (asker: Asker): string[] => [...(asker.device ? [`device:${asker.device.id}`] : []), `address:${asker.address}`];

/** What a code's hash names besides the code: one number's codes for one purpose never fit another's. */
const hashOwnerOf = (phone: string, purpose: CodePurpose): string => `${phone}:${purpose}`;

const codesOf = (phone: string, purpose: CodePurpose, asker: Asker): CodeRows => ({
  table: phoneCodes,
  owner: and(eq(phoneCodes.phone, phone), eq(phoneCodes.purpose, purpose), inArray(phoneCodes.asker, guessedBy(asker)))!,
  hashOwner: hashOwnerOf(phone, purpose),
});

/**
 * Whether the asker is a browser the number's account has logged in from. Looked up only for a device that lists
 * accounts, so a stranger's request takes as long whether or not the number has one.
 */
async function fromOwnDevice(phone: string, asker: Asker): Promise<boolean> {
  if (!asker.device?.accounts.length) return false;
  const account = await accountByPhone(await getDb(), phone);
  return account !== undefined && asker.device.accounts.includes(account.id);
}

function askingLimits(phone: string, purpose: CodePurpose, asker: Asker, ownDevice: boolean): LimitCheck[] {
  if (ownDevice)
    return [
      {
        key: `phone-code:${purpose}:${phone}@${boundTo(asker)}`,
        limit: LIMITS.phoneCodePerNumberFromOwnDevice,
        what: message('limit', 'codesAskedFromDevice'),
      },
    ];
  return [
    { key: `phone-code:${purpose}:address:${asker.address}`, limit: LIMITS.phoneCodePerAddress, what: message('limit', 'codesAskedFromAddress') },
    { key: `phone-code:${purpose}:${phone}@${asker.address}`, limit: LIMITS.phoneCodePerNumberAndAddress, what: message('limit', 'codesAskedForNumber') },
    { key: `phone-code:${purpose}:${phone}`, limit: LIMITS.phoneCodePerNumber, what: message('limit', 'codesSentToNumber') },
  ];
}

/**
 * Texts a new code for `purpose` to the number (E.164), bound to the asker: a login code in `language`, a reset
 * code only when the number has an account, in that account's language. Codes sent before it keep working until
 * they expire.
 */
export async function sendPhoneCode(phone: string, purpose: CodePurpose, asker: Asker, language: Language): Promise<void> {
  await enforceLimits(askingLimits(phone, purpose, asker, await fromOwnDevice(phone, asker)));
  if (purpose === 'login') return writeCode(phone, 'login', boundTo(asker), language);
  // Whether the number has an account is looked up, and its code written and texted, after the reply: looking it
  // up and writing before answering made the reply slower for numbers with an account.
  const bound = boundTo(asker);
  afterReply(() => {
    writeResetCode(phone, bound).catch((error: unknown) => log.error({ err: error }, '[phone-codes] a reset code could not be sent'));
  });
}

async function writeResetCode(phone: string, bound: string): Promise<void> {
  const account = await accountByPhone(await getDb(), phone);
  if (account) await writeCode(phone, 'reset', bound, account.language);
}

async function writeCode(phone: string, purpose: CodePurpose, bound: string, language: Language): Promise<void> {
  const fresh = newCode();
  const seconds = lifetimeSeconds();
  const minutes = Math.max(1, Math.round(seconds / 60));
  await transactionWithPurge(await getDb(), async (tx) => {
    await tx
      .insert(phoneCodes)
      .values({ phone, purpose, asker: bound, code_hash: codeHash(hashOwnerOf(phone, purpose), fresh), expires_at: expiresIn(seconds) });
    await announce(tx, 'phone_code.requested', { phone, purpose, code: fresh, minutes, language });
  });
}

/** Counts a guess: per address, or, from a browser the number's account has logged in from, per that browser. */
async function admitCodeGuess(phone: string, purpose: CodePurpose, asker: Asker): Promise<void> {
  const check: LimitCheck = (await fromOwnDevice(phone, asker))
    ? { key: `phone-code-guess:${purpose}:${boundTo(asker)}`, limit: LIMITS.phoneCodeAttemptFromOwnDevice, what: message('limit', 'codesEnteredFromDevice') }
    : {
        key: `phone-code-guess:${purpose}:address:${asker.address}`,
        limit: LIMITS.phoneCodeAttemptPerAddress,
        what: message('limit', 'codesEnteredFromAddress'),
      };
  await enforceLimits([check]);
}

/** Logs in with a texted login code: the number's account, made now (in `language`) when it has none. */
export async function loginWithCode(input: z.infer<typeof verifyCodeSchema>, asker: Asker, language: Language): Promise<LoggedIn> {
  await admitCodeGuess(input.phone_number, 'login', asker);
  const db = await getDb();
  const outcome = await db.transaction(async (tx) => {
    const guess = await spendCode(tx, codesOf(input.phone_number, 'login', asker), input.code, MAX_PHONE_CODE_ATTEMPTS);
    return guess === 'matched' ? await phoneAccount(tx, input.phone_number, input, language) : guess;
  });
  if (outcome === 'exhausted') throw new TooManyAttempts(message('account', 'codeTooManyAttempts'));
  if (outcome === 'wrong') throw new Invalid(message('account', 'codeFailed'));
  return issueSession(outcome);
}

/**
 * Sets a new password with a texted reset code; the account's sessions end and its failed logins are forgotten.
 * Answers the account's id: the login page logs the shopper in at once (the code proved the number is theirs).
 */
export async function resetPasswordByPhone(input: z.infer<typeof phoneResetSchema>, asker: Asker): Promise<number> {
  await admitCodeGuess(input.phone_number, 'reset', asker);
  const problem = passwordProblem(input.password);
  if (problem) throw new Invalid(problem);
  const db = await getDb();
  const outcome = await db.transaction(async (tx) => {
    const guess = await spendCode(tx, codesOf(input.phone_number, 'reset', asker), input.code, MAX_PHONE_CODE_ATTEMPTS);
    if (guess !== 'matched') return guess;
    const account = await accountByPhone(tx, input.phone_number);
    if (!account) return 'wrong';
    await setPassword(tx, account.id, input.password);
    return account.id;
  });
  if (outcome === 'exhausted') throw new TooManyAttempts(message('account', 'resetTooManyAttempts'));
  if (outcome === 'wrong') throw new Invalid(message('account', 'resetFailed'));
  await passwordWasReset(outcome);
  return outcome;
}
