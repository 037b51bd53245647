/**
 * A guest's search history belongs to a guest id the store issued and signed: `guest_<time>_<random>.<HMAC>`,
 * kept in an HttpOnly cookie for the store's pages and given in the reply (`session_id`) for other clients,
 * which send it back as `X-Session-ID` or `session_id`. An id a client made up, or one whose signature is
 * wrong, names nobody: knowing or guessing another guest's id without its signature reads nothing. The key is
 * the store's signing key (store-signature.ts).
 */
import { randomBytes } from 'node:crypto';
import { cookieValue } from '../../lib/cookies';
import { publicOrigin } from './origin';
import { signedByStore, storeSignature } from './store-signature';

export const GUEST_COOKIE = 'duuka_guest';
const GUEST_COOKIE_DAYS = 365;
const SIGNED_GUEST_ID = /^(guest_\d{13}_[0-9a-f]{24})\.([A-Za-z0-9_-]{43})$/;

/** A new guest id, signed: the value the guest sends back. */
export function issueGuestId(): string {
  const id = `guest_${Date.now()}_${randomBytes(12).toString('hex')}`;
  return `${id}.${storeSignature(id)}`;
}

/** The guest id inside a signed value, or null when it is not one the store issued. */
export function verifiedGuestId(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const match = SIGNED_GUEST_ID.exec(value);
  return match && signedByStore(match[1]!, match[2]!) ? match[1]! : null;
}

/**
 * The signed guest value a request carries, or null: `X-Session-ID`, then `session_id` in the query or the
 * body, then the cookie. Only a value the store signed counts.
 */
export function signedGuestOf(request: Request, url: URL, bodySessionId?: unknown): string | null {
  const candidates = [
    request.headers.get('x-session-id'),
    url.searchParams.get('session_id'),
    bodySessionId,
    cookieValue(request.headers.get('cookie'), GUEST_COOKIE),
  ];
  return (candidates.find((value) => verifiedGuestId(value) !== null) as string | undefined) ?? null;
}

/** The cookie that keeps a signed guest id for the store's own pages; Secure follows SITE_URL. */
export function guestCookie(signed: string): string {
  const secure = publicOrigin().startsWith('https:') ? '; Secure' : '';
  return `${GUEST_COOKIE}=${signed}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${GUEST_COOKIE_DAYS * 24 * 60 * 60}${secure}`;
}
