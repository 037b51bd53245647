/**
 * Login sessions: an opaque random token is given to the client once; only its SHA-256 hash is stored.
 * Sessions last 30 days from their last use (extended at most once a day, to spare a write per request)
 * and end at logout.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import { getDb } from '../db/client';
import { sessions, users } from '../db/schema';
import type { Language } from '../../lib/i18n/languages';

export const SESSION_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;
const TOKEN_BYTES = 32;

export type SessionUser = {
  id: number;
  username: string;
  first_name: string;
  last_name: string;
  email: string;
  user_type: string;
  status: string;
  approved: number;
  /** 1 when an administrator made this account a marketer (the static pages and promotions). */
  marketer: number;
  /** The language the account is mailed and texted in. */
  language: Language;
};

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export async function createSession(userId: number): Promise<string> {
  const token = randomBytes(TOKEN_BYTES).toString('base64url');
  const db = await getDb();
  await db.insert(sessions).values({ user_id: userId, token_hash: hashToken(token), expires_at: new Date(Date.now() + SESSION_DAYS * DAY_MS) });
  return token;
}

/** The user behind a live (unexpired, unrevoked) token, or null. */
export async function findSessionUser(token: string): Promise<SessionUser | null> {
  const db = await getDb();
  const now = new Date();
  const [row] = await db
    .select({
      session_id: sessions.id,
      expires_at: sessions.expires_at,
      id: users.id,
      username: users.username,
      first_name: users.first_name,
      last_name: users.last_name,
      email: users.email,
      user_type: users.user_type,
      status: users.status,
      approved: users.approved,
      marketer: users.marketer,
      language: users.language,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.user_id))
    .where(and(eq(sessions.token_hash, hashToken(token)), isNull(sessions.revoked_at), gt(sessions.expires_at, now)));
  if (!row) return null;
  const { session_id, expires_at, ...user } = row;
  if (expires_at.getTime() - now.getTime() < (SESSION_DAYS - 1) * DAY_MS) {
    await db
      .update(sessions)
      .set({ expires_at: new Date(now.getTime() + SESSION_DAYS * DAY_MS), last_used_at: now })
      .where(and(eq(sessions.id, session_id), lt(sessions.expires_at, new Date(now.getTime() + SESSION_DAYS * DAY_MS))));
  }
  return user;
}

export async function revokeSession(token: string): Promise<void> {
  const db = await getDb();
  await db
    .update(sessions)
    .set({ revoked_at: new Date() })
    .where(and(eq(sessions.token_hash, hashToken(token)), isNull(sessions.revoked_at)));
}

/** Ends every session of a user (a reset password, or "log out everywhere"). */
export async function revokeAllSessions(userId: number): Promise<void> {
  const db = await getDb();
  await db
    .update(sessions)
    .set({ revoked_at: new Date() })
    .where(and(eq(sessions.user_id, userId), isNull(sessions.revoked_at)));
}
