/**
 * The wishlist's part of every page's start (src/scripts/start-page.ts), deciding from what the page was
 * marked with before paint which code to load, so a page that needs none loads none:
 * - a logged-in shopper's page with hearts: their saved hearts and waiting changes (saved-hearts.ts);
 * - a logged-in shopper's page without hearts, with changes waiting: the queue, to send them;
 * - a guest's page with changes left from a login that ended: the queue, to forget them.
 * A guest's saved hearts need nothing here: the pre-paint script marks them from the phone's list
 * (src/scripts/inline/restore-badges.js).
 */
import { CHANGES_WAITING_ATTRIBUTE, WISHLIST_HEART_ATTRIBUTE } from '~/lib/wishlist-hearts';

export function startWishlist(): void {
  const root = document.documentElement;
  const loggedIn = root.dataset.auth === 'in';
  if (loggedIn && document.querySelector(`[${WISHLIST_HEART_ATTRIBUTE}]`)) {
    void import('./saved-hearts').then(({ showSavedHearts }) => showSavedHearts());
  } else if (root.hasAttribute(CHANGES_WAITING_ATTRIBUTE)) {
    void import('~/stores/queued-changes').then(({ dropWaitingChanges, watchQueuedChanges }) => (loggedIn ? watchQueuedChanges() : dropWaitingChanges()));
  }
}
