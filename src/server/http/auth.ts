/**
 * Who is calling: `Authorization: Bearer <token>` decides; a `User-Id` header that names someone else
 * is refused, never trusted.
 */
import { findSessionUser, type SessionUser } from '../accounts/sessions';
import { canEditContent, isAdmin, sellerRefused } from '../accounts/roles';
import { Forbidden, Unauthenticated } from '../errors';
import { message } from '../../lib/messages/message';

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
  if (!user) throw new Unauthenticated(message('api', 'unauthenticated'));
  return user;
}

/** The caller, who must be an administrator (403 otherwise). */
export async function requireAdmin(request: Request): Promise<SessionUser> {
  const user = await requireCaller(request);
  if (!isAdmin(user)) throw new Forbidden(message('role', 'adminOnly'));
  return user;
}

/** The caller, who must be an administrator or an approved, active vendor (403 otherwise, saying why). */
export async function requireSeller(request: Request): Promise<SessionUser> {
  const user = await requireCaller(request);
  const refusal = sellerRefused(user);
  if (refusal) throw new Forbidden(refusal);
  return user;
}

/** The caller, who must be a marketer or an administrator (403 otherwise). */
export async function requireEditor(request: Request): Promise<SessionUser> {
  const user = await requireCaller(request);
  if (!canEditContent(user)) throw new Forbidden(message('role', 'editorsOnly'));
  return user;
}
