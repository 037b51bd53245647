/** Login sessions: an opaque token is given to the client once; only its SHA-256 hash is stored. */
import { createHash } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { getDb } from '../db/client';
import { sessions, users } from '../db/schema';

export type SessionUser = {
  id: number;
  username: string;
  first_name: string;
  last_name: string;
  email: string;
  user_type: string;
  status: string;
  approved: number;
};

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** The user behind a live (unexpired, unrevoked) token, or null. */
export async function findSessionUser(token: string): Promise<SessionUser | null> {
  const db = await getDb();
  const [row] = await db
    .select({
      id: users.id,
      username: users.username,
      first_name: users.first_name,
      last_name: users.last_name,
      email: users.email,
      user_type: users.user_type,
      status: users.status,
      approved: users.approved,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.user_id))
    .where(and(eq(sessions.token_hash, hashToken(token)), isNull(sessions.revoked_at), gt(sessions.expires_at, new Date())));
  return row ?? null;
}
