/**
 * The browser's way to the store's API: adds the stored login (bearer token and user id) and the page's
 * language (the server says its messages in it), reads the {code, message, data} envelope and turns failures
 * into the spec's texts (section 8) in the page's language, telling them apart by status, never by the
 * server's words.
 */
import { STORAGE_KEYS } from '../lib/storage-keys';
import { announce, PAGE_EVENTS } from './page-events';
import { API_MESSAGES } from '../lib/messages/api-messages';
import { currentLanguage } from '../lib/i18n/page-language';
import { LANGUAGE_TAGS, type Language } from '../lib/i18n/languages';
import type { Outcomes } from '../lib/i18n/en/outcomes';
import lugandaApiTexts from '../lib/i18n/lg/outcomes/api';
import swahiliApiTexts from '../lib/i18n/sw/outcomes/api';

/** The client's own failure texts in each language: a few lines, so every language's are here at once. */
const API_TEXTS: Record<Language, Outcomes['api']> = { en: API_MESSAGES, lg: lugandaApiTexts, sw: swahiliApiTexts };

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

/** Whether a call failed for want of a connection (no answer at all), not because the server refused it. */
export const isNetworkFailure = (error: unknown): boolean => error instanceof ApiError && error.status === 0;

function storedLogin(): { token: string; userId: string } | null {
  try {
    const token = localStorage.getItem(STORAGE_KEYS.token);
    const profile = JSON.parse(localStorage.getItem(STORAGE_KEYS.profile) ?? 'null') as { id?: unknown } | null;
    return token && token.length > 5 && profile?.id ? { token, userId: String(profile.id) } : null;
  } catch {
    return null;
  }
}

/** Whether a login is stored (a usable token and a profile), read straight from localStorage. */
export function hasStoredLogin(): boolean {
  return storedLogin() !== null;
}

/** The logged-in account's id from the stored login; null for a guest. */
export function storedAccountId(): number | null {
  const login = storedLogin();
  return login ? Number(login.userId) : null;
}

/**
 * The server refused the stored login: forget it here and now (the next page starts logged out) and tell
 * the auth store, which may not be on this page, so what is showing logs out too.
 */
function forgetStoredLogin(): void {
  try {
    localStorage.removeItem(STORAGE_KEYS.token);
    localStorage.removeItem(STORAGE_KEYS.profile);
  } catch {
    // Storage blocked: nothing was stored to forget.
  }
  document.documentElement.removeAttribute('data-auth');
  announce(PAGE_EVENTS.sessionExpired);
}

export function authHeaders(): Record<string, string> {
  const login = storedLogin();
  return login ? { Authorization: `Bearer ${login.token}`, 'User-Id': login.userId } : {};
}

type Envelope<T> = { code: number; success?: boolean; message?: string; data: T };

/**
 * How a call's reply is judged: by default success is code 1; review calls succeed only when their
 * `success` flag is true (spec section 5). `failure` is the text when the server gives none.
 */
export type ReplyRules = { successFlag?: boolean; failure?: string };

export async function apiRequest<T>(path: string, init: RequestInit = {}, rules: ReplyRules = {}): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      ...init,
      headers: { Accept: 'application/json', 'Accept-Language': LANGUAGE_TAGS[currentLanguage()], ...authHeaders(), ...init.headers },
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(API_TEXTS[currentLanguage()].network, 0);
  }
  const body = (await response.json().catch(() => null)) as Envelope<T> | null;
  const says = API_TEXTS[currentLanguage()];
  if (response.status === 401) {
    // The server answers 401 'Unauthenticated', in the language asked, to every call it cannot tie to a login,
    // so the status says it, not the words: a stored login it refused has ended; without one, nobody logged in.
    if (!storedLogin()) throw new ApiError(says.notLoggedIn, 401);
    forgetStoredLogin();
    throw new ApiError(says.sessionExpired, 401);
  }
  if (response.status >= 500) throw new ApiError(says.server, response.status);
  const succeeded = body !== null && (rules.successFlag ? body.success === true : body.code === 1);
  if (!succeeded) {
    // A reply with code 1 but no success flag carries a success message: it cannot be the reason.
    const reason = body?.code !== 1 ? body?.message : undefined;
    throw new ApiError(reason || rules.failure || `Failed because the server answered ${response.status}`, response.status);
  }
  return body.data;
}

export function apiGet<T>(path: string, params: Record<string, string | number> = {}, signal?: AbortSignal): Promise<T> {
  const query = new URLSearchParams(Object.entries(params).map(([key, value]) => [key, String(value)]));
  return apiRequest<T>(query.size ? `${path}?${query}` : path, { signal });
}

export function apiPost<T>(path: string, body: Record<string, unknown>, options: { keepalive?: boolean } = {}): Promise<T> {
  return apiRequest<T>(path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
    keepalive: options.keepalive,
  });
}
