/**
 * Whose search history a request adds to or reads from: the bearer token's user, else the guest id the store
 * issued and signed (guest-id.ts), named by `X-Session-ID`, `session_id` or the guest cookie. A guest id the
 * client made up names nobody.
 */
import { historyTerm, recordSearch, type SearchOwner } from '../search/history';
import { resolveCaller } from './auth';
import { privateNoStore } from './cache-control';
import { guestCookie, issueGuestId, signedGuestOf, verifiedGuestId } from './guest-id';
import type { SessionUser } from '../accounts/sessions';
import { log } from '../log';

/** The searcher behind a request whose caller is already known; null for a guest without a signed id. */
export function searcherOf(request: Request, url: URL, caller: SessionUser | null, bodySessionId?: unknown): SearchOwner | null {
  if (caller) return { userId: caller.id };
  const signed = signedGuestOf(request, url, bodySessionId);
  return signed ? { sessionId: verifiedGuestId(signed)! } : null;
}

/**
 * The searcher of a search-history call: the caller, else the guest's signed id, else a guest id issued now.
 * A guest's reply carries the signed id (`guest.session_id`, for clients without cookies) and sets its cookie.
 */
export function historySearcher(
  request: Request,
  url: URL,
  caller: SessionUser | null,
  bodySessionId?: unknown,
): { owner: SearchOwner; guest: { session_id: string } | null; headers: HeadersInit } {
  if (caller) return { owner: { userId: caller.id }, guest: null, headers: privateNoStore };
  const signed = signedGuestOf(request, url, bodySessionId) ?? issueGuestId();
  return { owner: { sessionId: verifiedGuestId(signed)! }, guest: { session_id: signed }, headers: { ...privateNoStore, 'Set-Cookie': guestCookie(signed) } };
}

/**
 * Keeps a search made through the API (products?search, live-search) in the searcher's history, as the
 * spec's clients never post search-history themselves. Terms under 2 characters are not kept. A history
 * that cannot be written does not fail the search: it is logged.
 */
export async function keepSearch(request: Request, url: URL, term: string | undefined): Promise<void> {
  const kept = historyTerm(term);
  if (!kept) return;
  try {
    const owner = searcherOf(request, url, await resolveCaller(request));
    if (owner) await recordSearch(owner, kept);
  } catch (error) {
    log.error({ err: error }, '[search] could not keep a search in the history');
  }
}
