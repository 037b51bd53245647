/**
 * The wishlist's part of every page's start (src/scripts/start-page.ts), deciding from what the page was
 * marked with before paint which code to load, so a page that needs none loads none:
 * - a logged-in shopper's page with hearts: their saved hearts and waiting changes (saved-hearts.ts);
 * - a logged-in shopper's page without hearts, with changes waiting: the queue, to send them;
 * - a guest's page with changes left from a login that ended: the queue, to forget them;
 * - the page a login by the login page's form went to, with a guest's hearts on the phone: the wishlist, to add
 *   them to the account at once (as the login's island did before the form).
 * A guest's saved hearts need nothing here: the pre-paint script marks them from the phone's list
 * (src/scripts/inline/restore-badges.js).
 */
import { CHANGES_WAITING_ATTRIBUTE, WISHLIST_HEART_ATTRIBUTE } from '~/lib/wishlist-hearts';
import { LOGIN_HANDED_ATTRIBUTE } from '~/lib/login-handover';
import { STORAGE_KEYS } from '~/lib/storage-keys';

/** Whether the phone keeps a guest's hearts (an empty list is stored as `[]`). */
function guestHeartsKept(): boolean {
  try {
    return (localStorage.getItem(STORAGE_KEYS.guestWishlist) ?? '[]') !== '[]';
  } catch {
    return false;
  }
}

export function startWishlist(): void {
  const root = document.documentElement;
  const loggedIn = root.dataset.auth === 'in';
  if (loggedIn && document.querySelector(`[${WISHLIST_HEART_ATTRIBUTE}]`)) {
    void import('./saved-hearts').then(({ showSavedHearts }) => showSavedHearts());
  } else if (loggedIn && root.hasAttribute(LOGIN_HANDED_ATTRIBUTE) && guestHeartsKept()) {
    void import('~/stores/wishlist').then(({ ensureWishlistLoaded }) => ensureWishlistLoaded());
  } else if (root.hasAttribute(CHANGES_WAITING_ATTRIBUTE)) {
    void import('~/stores/queued-changes').then(({ dropWaitingChanges, watchQueuedChanges }) => (loggedIn ? watchQueuedChanges() : dropWaitingChanges()));
  }
}
