/**
 * The login as a cookie, for the server-rendered vendor pages (a page request cannot carry the bearer
 * header the API uses). Login and register set it beside the token they return; logout clears it. It is
 * HttpOnly (scripts never see it) and SameSite=Lax (other sites' forms do not send it), and the pages
 * that act on it also refuse a form posted from another origin. The API itself never reads it.
 */
import { findSessionUser, SESSION_DAYS, type SessionUser } from '../accounts/sessions';
import type { Asker } from '../accounts/phone-codes';
import { Forbidden } from '../errors';
import { privateNoStore } from './cache-control';
import { deviceCookieAfterLogin } from './device-cookie';
import { publicOrigin } from './origin';
import { message } from '../../lib/messages/message';
import { handoverValue, LOGIN_HANDOVER_COOKIE, LOGIN_HANDOVER_SECONDS } from '../../lib/login-handover';

export const SESSION_COOKIE = 'duuka_session';

// Secure follows SITE_URL (the address shoppers use), never how one request happened to arrive.
function attributes(maxAgeSeconds: number): string {
  const secure = publicOrigin().startsWith('https:') ? '; Secure' : '';
  return `Path=/; HttpOnly; SameSite=Lax; Max-Age=${maxAgeSeconds}${secure}`;
}

export function sessionCookie(token: string): string {
  return `${SESSION_COOKIE}=${encodeURIComponent(token)}; ${attributes(SESSION_DAYS * 24 * 60 * 60)}`;
}

/** The headers of a reply that logs a browser in: its session cookie, and its device cookie naming the account. */
export function loggedInHeaders(loggedIn: { id: number; token: string }, asker: Asker): Headers {
  const headers = new Headers(privateNoStore);
  headers.append('Set-Cookie', sessionCookie(loggedIn.token));
  headers.append('Set-Cookie', deviceCookieAfterLogin(asker, loggedIn.id));
  return headers;
}

/**
 * The headers of a login made by a form post: those of loggedInHeaders, and the short-lived cookie that hands the
 * login to the next page's scripts (src/lib/login-handover.ts). That cookie is readable by scripts (they store
 * its token, as after a login by the API) and lapses in two minutes.
 */
export function formLoginHeaders(loggedIn: Parameters<typeof handoverValue>[0] & { id: number }, asker: Asker): Headers {
  const headers = loggedInHeaders(loggedIn, asker);
  const secure = publicOrigin().startsWith('https:') ? '; Secure' : '';
  headers.append('Set-Cookie', `${LOGIN_HANDOVER_COOKIE}=${handoverValue(loggedIn)}; Path=/; SameSite=Lax; Max-Age=${LOGIN_HANDOVER_SECONDS}${secure}`);
  return headers;
}

export function clearedSessionCookie(): string {
  return `${SESSION_COOKIE}=; ${attributes(0)}`;
}

export function sessionTokenFromCookie(request: Request): string | null {
  const header = request.headers.get('cookie') ?? '';
  for (const part of header.split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === SESSION_COOKIE) return decodeURIComponent(value.join('=')) || null;
  }
  return null;
}

/** Who is looking at a page: the user behind the session cookie, or null. */
export async function pageCaller(request: Request): Promise<SessionUser | null> {
  const token = sessionTokenFromCookie(request);
  return token ? findSessionUser(token) : null;
}

/**
 * A form post acting on the cookie must come from the store's own pages: its Origin must be SITE_URL's.
 * The Host header is not trusted for this, since a forged request can name any host.
 */
export function assertSameOrigin(request: Request): void {
  const origin = request.headers.get('origin');
  if (!origin || origin !== publicOrigin()) throw new Forbidden(message('request', 'notFromStorePage'));
}
