/**
 * Whose search history a request adds to or reads from: the bearer token's user, else the guest session
 * the spec's clients name (`X-Session-ID` header or `session_id` parameter, guest_ + time + random).
 */
import { historyTerm, recordSearch, searchOwnerIfAny, type SearchOwner } from '../search/history';
import { resolveCaller } from './auth';
import type { SessionUser } from '../accounts/sessions';

/** The guest session id a request names, if any (the header first, then the query). */
export function guestSessionOf(request: Request, url: URL): string | null {
  return request.headers.get('x-session-id') ?? url.searchParams.get('session_id');
}

/** The searcher behind a request whose caller is already known; null when it names nobody usable. */
export function searcherOf(request: Request, url: URL, caller: SessionUser | null): SearchOwner | null {
  return searchOwnerIfAny(caller?.id ?? null, guestSessionOf(request, url));
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
    console.error('[search] could not keep a search in the history:', error);
  }
}
