/**
 * Who is calling: `Authorization: Bearer <token>` decides; a `User-Id` header that names someone else
 * is refused, never trusted.
 */
import { findSessionUser, type SessionUser } from '../accounts/sessions';
import { messages } from '../../lib/messages';
import { HttpError } from './errors';

export function bearerToken(request: Request): string | null {
  const header = request.headers.get('authorization') ?? '';
  const match = /^Bearer\s+(\S+)$/i.exec(header.trim());
  return match?.[1] ?? null;
}

/** The caller, or null for anonymous requests and tokens that are unknown, expired or mismatched. */
export async function resolveCaller(request: Request): Promise<SessionUser | null> {
  const token = bearerToken(request);
  if (!token) return null;
  const user = await findSessionUser(token);
  if (!user) return null;
  const claimedId = request.headers.get('user-id');
  if (claimedId && claimedId !== String(user.id)) return null;
  return user;
}

export async function requireCaller(request: Request): Promise<SessionUser> {
  const user = await resolveCaller(request);
  if (!user) throw new HttpError(401, messages.unauthenticated);
  return user;
}

/** The caller, who must be an administrator (403 otherwise). */
export async function requireAdmin(request: Request): Promise<SessionUser> {
  const user = await requireCaller(request);
  if (user.user_type !== 'Admin') throw new HttpError(403, 'Only an administrator can do this');
  return user;
}
