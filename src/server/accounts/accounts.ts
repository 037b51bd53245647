/**
 * Buyer accounts: registration (by email or Ugandan phone number), login and logout, password reset by a
 * mailed code, and profile updates. Accounts by phone log in and reset with texted codes too (phone-codes.ts).
 * Failures never tell whether an account exists (a login or reset for an unknown email or number looks the same).
 */
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import { z } from 'zod';
import { getDb, type Database } from '../db/client';
import { passwordResetCodes, sessions, users } from '../db/schema';
import { Conflict, Forbidden, Invalid, NotFound, TooManyAttempts } from '../errors';
import { transactionWithPurge } from '../cache/purge';
import { announce } from '../events/event-bus';
import { LANGUAGES, type Language } from '../../lib/i18n/languages';
import { decoyHash, hashPassword, passwordProblem, verifyPassword } from './passwords';
import { createSession, hashToken, revokeAllSessions } from './sessions';
import { enforceLimits } from '../rate-limit';
import { LIMITS } from './limits';
import {
  admitLoginAttempt,
  admitPasswordChange,
  admitResetAttempt,
  admitResetRequest,
  forgetLoginFailures,
  limitSubject,
  loginNotChecked,
  loginSucceeded,
  passwordChangeSucceeded,
  uncountedWhenBusy,
} from './attempt-limits';
import { ACCOUNT_MESSAGES } from '../../lib/messages/account-messages';
import { FIELD_MESSAGES } from '../../lib/messages/field-messages';
import { ugandanE164 } from '../../lib/mobile-money';
import { codeHash, expiresIn, newCode, spendCode, type CodeRows } from './one-time-codes';
import { optionalPhoneNumberSchema } from './phone-number';
import { contactOnRecord, proveChange, type ChangeProof } from './change-proof';
import type { ContactChange, StoreEvents } from '../events/store-events';
import { phoneOnRecord, samePhone } from '../../lib/phone-on-record';
import { fieldRefusal } from '../input-refusals';
import { message } from '../../lib/messages/message';

export const RESET_CODE_MINUTES = 15;
export const MAX_RESET_ATTEMPTS = 5;

type UserRow = typeof users.$inferSelect;

/** The user as the API shows it to its owner; after login it also carries the token (three names, one value). */
export function accountView(user: UserRow) {
  return {
    id: user.id,
    username: user.username,
    first_name: user.first_name,
    last_name: user.last_name,
    name: `${user.first_name} ${user.last_name}`.trim(),
    email: user.email,
    phone_number: user.phone_number,
    /** The number the account logs in with and gets its codes on (E.164), or null for an account by email only. */
    login_phone: user.login_phone,
    user_type: user.user_type,
    sex: user.sex,
    dob: user.dob,
    intro: user.intro,
    address: user.address,
    avatar: user.avatar,
    profile_photo: user.profile_photo,
    status: user.status,
    approved: user.approved,
    complete_profile: user.complete_profile,
    newsletter: user.newsletter,
    language: user.language,
    reg_date: user.reg_date,
    last_seen: user.last_seen,
  };
}

export type AccountView = ReturnType<typeof accountView>;
export type LoggedIn = AccountView & { remember_token: string; token: string; access_token: string };

/** The spec's email rule, {email} with no spaces, plus a dot in the domain. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const email = z.string({ error: 'is required' }).trim().toLowerCase().max(200, FIELD_MESSAGES.atMostCharacters(200)).regex(EMAIL_PATTERN, FIELD_MESSAGES.email);
const personName = () => z.string({ error: FIELD_MESSAGES.required }).trim().min(1, FIELD_MESSAGES.required).max(60, FIELD_MESSAGES.atMostCharacters(60));
const flag = z
  .union([z.literal('1'), z.literal('0'), z.literal(1), z.literal(0), z.boolean()])
  .transform((value) => (value === '1' || value === 1 || value === true ? 1 : 0));

/**
 * A registration: a phone number (`phone_number`), an email, or both, with a password and names. The spec's
 * clients send the email as `username` too; a `username` that is a Ugandan number is the phone number.
 */
export const registrationSchema = z.preprocess(
  (body) => {
    const fields = (body ?? {}) as Record<string, unknown>;
    const username = typeof fields.username === 'string' ? fields.username : undefined;
    const usernameIsPhone = username !== undefined && ugandanE164(username) !== null;
    return {
      ...fields,
      email: fields.email ?? (usernameIsPhone ? undefined : username),
      phone_number: fields.phone_number ?? (usernameIsPhone ? username : undefined),
    };
  },
  z
    .object({
      email: z.preprocess((value) => (value === '' || value === null ? undefined : value), email.optional()),
      phone_number: optionalPhoneNumberSchema,
      password: z.string({ error: FIELD_MESSAGES.required }),
      first_name: personName(),
      last_name: personName(),
      newsletter: flag.optional().default(0),
    })
    .refine((input) => input.email || input.phone_number, { error: ACCOUNT_MESSAGES.emailOrPhoneRequired }),
);

/** The account a login names: by its phone number when it is a Ugandan number in any writing, else by email or username. */
async function findByLogin(identifier: string): Promise<UserRow | undefined> {
  const db = await getDb();
  const phone = ugandanE164(identifier);
  if (phone) return accountByPhone(db, phone);
  const login = identifier.trim().toLowerCase();
  const [user] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${login} OR lower(${users.username}) = ${login}`)
    .limit(1);
  return user;
}

/** The account that logs in with this number (E.164), if any. */
export async function accountByPhone(db: Database, phone: string): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.login_phone, phone)).limit(1);
  return user;
}

/** What every buyer account starts with, whichever way it was made; `language` is the page it came from. */
const newBuyer = (language: Language) => ({ user_type: 'Customer', status: 'Active', language, last_seen: new Date() }) as const;

/**
 * The account of a number that proved itself with a texted code: its own, or a new buyer account made for it
 * (username and phone the number, no email, no password until one is set), in the language of the page it came from.
 * The names typed beside the code name a new account, or one made earlier without a name; they never rename one.
 */
export async function phoneAccount(db: Database, phone: string, names: { first_name?: string; last_name?: string }, language: Language): Promise<UserRow> {
  const existing = await accountByPhone(db, phone);
  if (existing) return existing.first_name || existing.last_name ? existing : nameAccount(db, existing, names);
  const [created] = await db
    .insert(users)
    .values({
      username: phone,
      login_phone: phone,
      phone_number: phone,
      first_name: names.first_name ?? '',
      last_name: names.last_name ?? '',
      ...newBuyer(language),
    })
    .onConflictDoNothing()
    .returning();
  // Made a moment ago by another code for the same number: that account is this number's.
  return created ?? (await accountByPhone(db, phone))!;
}

async function nameAccount(db: Database, account: UserRow, names: { first_name?: string; last_name?: string }): Promise<UserRow> {
  if (!names.first_name && !names.last_name) return account;
  const [named] = await db
    .update(users)
    .set({ first_name: names.first_name ?? '', last_name: names.last_name ?? '', updated_at: new Date() })
    .where(eq(users.id, account.id))
    .returning();
  return named ?? account;
}

/** A session for the account `userId` after it proved who it is some other way (a texted reset code). */
export async function sessionForAccount(userId: number): Promise<LoggedIn> {
  const [user] = await (await getDb()).select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw new Invalid(message('account', 'resetFailed'));
  return issueSession(user);
}

/** Logs in an account that proved who it is (a password, a texted code): refused when suspended. */
export async function issueSession(user: UserRow): Promise<LoggedIn> {
  if (user.status === 'Suspended') throw new Forbidden(message('account', 'suspended'));
  const token = await createSession(user.id);
  return { ...accountView(user), remember_token: token, token, access_token: token };
}

/**
 * A new buyer account, logged in; `language` (the page they registered from) is the one they are mailed and texted
 * in. Only so many accounts are made from one address (`address`).
 */
export async function register(input: z.infer<typeof registrationSchema>, language: Language, address: string): Promise<LoggedIn> {
  await enforceLimits([{ key: `register:ip:${address}`, limit: LIMITS.registerPerIp, what: message('limit', 'registrationsFromAddress') }]);
  const problem = passwordProblem(input.password);
  if (problem) throw new Invalid(problem);
  const db = await getDb();
  const taken = input.phone_number ? message('account', 'phoneTaken') : message('account', 'emailTaken');
  if (input.phone_number && (await accountByPhone(db, input.phone_number))) throw new Conflict(message('account', 'phoneTaken'));
  if (input.email && (await findByLogin(input.email))) throw new Conflict(message('account', 'emailTaken'));
  const [user] = await db
    .insert(users)
    .values({
      username: input.email ?? input.phone_number!,
      email: input.email ?? '',
      login_phone: input.phone_number ?? null,
      phone_number: input.phone_number ?? '',
      password_hash: await hashPassword(input.password),
      first_name: input.first_name,
      last_name: input.last_name,
      newsletter: input.newsletter,
      ...newBuyer(language),
    })
    .onConflictDoNothing()
    .returning();
  // Two registrations racing for one email or number: the unique indexes let only one through.
  if (!user) throw new Conflict(taken);
  return issueSession(user);
}

/** Logs in from `address` if the password is right and the address has not failed too often (attempt-limits.ts). */
export async function login(identifier: string, password: string, address: string): Promise<LoggedIn> {
  const user = await findByLogin(identifier);
  const phone = ugandanE164(identifier);
  // Every writing of a number counts as the same name.
  const subject = limitSubject(user?.id, phone ?? identifier);
  await admitLoginAttempt(subject, address);
  const valid = await uncountedWhenBusy(
    async () => verifyPassword(password, user?.password_hash || (await decoyHash())),
    () => loginNotChecked(subject, address),
  );
  if (!user || !valid || !user.password_hash) throw new Invalid(phone ? message('account', 'loginFailedPhone') : message('account', 'loginFailed'));
  await loginSucceeded(subject, address);
  if (user.status === 'Suspended') throw new Forbidden(message('account', 'suspended'));
  const db = await getDb();
  await db.update(users).set({ last_seen: new Date() }).where(eq(users.id, user.id));
  return issueSession(user);
}

/** An account's mailed reset codes, for the shared code mechanism (one-time-codes.ts). */
const resetCodesOf = (userId: number): CodeRows => ({ table: passwordResetCodes, owner: eq(passwordResetCodes.user_id, userId), hashOwner: String(userId) });

/**
 * Mails a 6-digit code valid for 15 minutes; codes mailed before it keep working until they expire. Silent for
 * unknown accounts, and for accounts with no email (they reset with a texted code: phone-codes.ts).
 */
export async function requestPasswordReset(identifier: string, address: string): Promise<void> {
  const user = await findByLogin(identifier);
  await admitResetRequest(limitSubject(user?.id, identifier), address);
  if (!user?.email) return;
  const db = await getDb();
  const code = newCode();
  const account = { email: user.email, first_name: user.first_name, language: user.language };
  await transactionWithPurge(db, async (tx) => {
    await tx
      .insert(passwordResetCodes)
      .values({ user_id: user.id, code_hash: codeHash(String(user.id), code), expires_at: expiresIn(RESET_CODE_MINUTES * 60) });
    await announce(tx, 'password_reset.requested', { account, code, minutes: RESET_CODE_MINUTES });
  });
}

/** A new password for an account that proved it is theirs with a code, inside the caller's write. */
export async function setPassword(db: Database, userId: number, password: string): Promise<void> {
  await db
    .update(users)
    .set({ password_hash: await hashPassword(password), updated_at: new Date() })
    .where(eq(users.id, userId));
}

/** After a new password: the account's sessions end and its failed logins are forgotten. */
export async function passwordWasReset(userId: number): Promise<void> {
  await revokeAllSessions(userId);
  await forgetLoginFailures(userId);
}

/** Sets a new password with a mailed code; the account's sessions end and its failed logins are forgotten. */
export async function resetPassword(emailAddress: string, code: string, password: string, address: string): Promise<void> {
  await admitResetAttempt(address);
  const problem = passwordProblem(password);
  if (problem) throw new Invalid(problem);
  const user = await findByLogin(emailAddress);
  if (!user) throw new Invalid(message('account', 'resetFailed'));
  const db = await getDb();
  const outcome = await db.transaction(async (tx) => {
    const guess = await spendCode(tx, resetCodesOf(user.id), code, MAX_RESET_ATTEMPTS);
    if (guess === 'matched') await setPassword(tx, user.id, password);
    return guess;
  });
  if (outcome === 'exhausted') throw new TooManyAttempts(message('account', 'resetTooManyAttempts'));
  if (outcome === 'wrong') throw new Invalid(message('account', 'resetFailed'));
  await passwordWasReset(user.id);
}

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `must be at most ${max} characters`)
    .optional()
    .transform((value) => (value ? value : undefined));

export const profileSchema = z.object({
  first_name: personName(),
  last_name: personName(),
  phone_number_1: z
    .string({ error: 'is required' })
    .trim()
    .regex(/^\+?[0-9][0-9 ]{7,18}$/, 'must be a phone number like +256 700 123 456'),
  email: z.preprocess((value) => (value === '' ? undefined : value), email.optional()),
  date_of_birth: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, FIELD_MESSAGES.date)
      .refine(
        (value) => !Number.isNaN(Date.parse(value)) && Date.parse(value) < Date.now() && Date.parse(value) > Date.parse('1900-01-01'),
        FIELD_MESSAGES.pastDate,
      )
      .optional(),
  ),
  gender: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.enum(['Male', 'Female', 'Other'], { error: 'must be Male, Female or Other' }).optional(),
  ),
  bio: optionalText(500),
  address: optionalText(200),
  /** The language the shopper is mailed and texted in; left as it is when not sent. */
  language: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.enum(LANGUAGES, { error: 'must be en (English), lg (Luganda) or sw (Kiswahili)' }).optional(),
  ),
});

/**
 * The vendor's changes of phone or email in a profile update: each needs a fresh proof (change-proof.ts), and is
 * texted and mailed to the phone and address on record before it as well as after. A shopper's are not: no
 * payouts or shop texts follow them.
 */
async function vendorContactChange(userId: number, input: z.infer<typeof profileSchema>): Promise<StoreEvents['contact.changed'] | null> {
  const contact = await contactOnRecord(userId);
  if (!contact || contact.user_type !== 'Vendor') return null;
  const changes: ContactChange[] = [];
  if (!samePhone(input.phone_number_1, contact.own)) changes.push({ field: 'phone', before: contact.own, after: input.phone_number_1 });
  if (input.email && input.email !== contact.email.toLowerCase()) changes.push({ field: 'email', before: contact.email, after: input.email });
  if (changes.length === 0) return null;
  return {
    account: { id: userId, first_name: contact.first_name, language: contact.language },
    changes,
    phones: { before: contact.phone ?? '', after: phoneOnRecord({ shop: contact.shop, own: input.phone_number_1 }) },
    emails: { before: contact.email, after: input.email ?? contact.email },
  };
}

export async function updateProfile(userId: number, input: z.infer<typeof profileSchema>, proof: ChangeProof = {}): Promise<AccountView> {
  const contactChanged = await vendorContactChange(userId, input);
  if (contactChanged) await proveChange(userId, proof);
  const db = await getDb();
  if (input.email) {
    const [taken] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(sql`(lower(${users.email}) = ${input.email} OR lower(${users.username}) = ${input.email})`, ne(users.id, userId)))
      .limit(1);
    if (taken) throw new Conflict(message('account', 'profileEmailTaken'));
  }
  const user = await transactionWithPurge(db, async (tx) => {
    if (contactChanged) await announce(tx, 'contact.changed', contactChanged);
    const [updated] = await tx
      .update(users)
      .set({
        first_name: input.first_name,
        last_name: input.last_name,
        phone_number: input.phone_number_1,
        // An account by phone keeps its number as its username; one by email follows its email.
        ...(input.email ? { email: input.email, username: sql`CASE WHEN ${users.login_phone} IS NULL THEN ${input.email} ELSE ${users.username} END` } : {}),
        ...(input.date_of_birth ? { dob: input.date_of_birth } : {}),
        ...(input.gender ? { sex: input.gender } : {}),
        ...(input.bio ? { intro: input.bio } : {}),
        ...(input.address ? { address: input.address } : {}),
        ...(input.language ? { language: input.language } : {}),
        updated_at: new Date(),
      })
      .where(eq(users.id, userId))
      .returning();
    if (!updated) throw new NotFound(message('account', 'profileFailed'));
    return updated;
  });
  return accountView(user);
}

/** A new password for a logged-in user, who must know the current one; their other sessions end. */
export async function changePassword(userId: number, currentToken: string, current: string, next: string): Promise<void> {
  const problem = passwordProblem(next);
  if (problem) throw new Invalid(problem);
  const db = await getDb();
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  await admitPasswordChange(userId);
  const right = user
    ? await uncountedWhenBusy(
        () => verifyPassword(current, user.password_hash),
        () => passwordChangeSucceeded(userId),
      )
    : false;
  if (!right) throw new Invalid(fieldRefusal('current_password', message('field', 'notCorrect')));
  await passwordChangeSucceeded(userId);
  await db
    .update(users)
    .set({ password_hash: await hashPassword(next), updated_at: new Date() })
    .where(eq(users.id, userId));
  await db
    .update(sessions)
    .set({ revoked_at: new Date() })
    .where(and(eq(sessions.user_id, userId), isNull(sessions.revoked_at), ne(sessions.token_hash, hashToken(currentToken))));
}

/** An account a start-up setting names: the password's setting, whether a user already has the role, and what gives it. */
export type NamedAccount = { passwordSetting: string; has: (user: UserRow) => boolean; grant: Partial<typeof users.$inferInsert>; lastName: string };

/**
 * Makes sure the account a start-up setting names has its role: created (a shopper account given the role) if
 * missing, or given the role if the email already has an account (its password is then left as it is).
 */
export async function ensureNamedAccount(email: string, password: string, account: NamedAccount): Promise<'created' | 'granted' | 'present'> {
  const problem = passwordProblem(password);
  if (problem) throw new Error(`${account.passwordSetting}: ${problem}`);
  const db = await getDb();
  const existing = await findByLogin(email);
  if (existing) {
    if (account.has(existing)) return 'present';
    await db.update(users).set(account.grant).where(eq(users.id, existing.id));
    return 'granted';
  }
  await db.insert(users).values({
    username: email,
    email,
    password_hash: await hashPassword(password, 'background'),
    first_name: 'Store',
    last_name: account.lastName,
    user_type: 'Customer',
    status: 'Active',
    ...account.grant,
  });
  return 'created';
}

/** The store's administrator, from ADMIN_EMAIL and ADMIN_PASSWORD. */
export const ADMIN_ACCOUNT: NamedAccount = {
  passwordSetting: 'ADMIN_PASSWORD',
  has: (user) => user.user_type === 'Admin',
  grant: { user_type: 'Admin' },
  lastName: 'Admin',
};
