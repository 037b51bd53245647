/**
 * The wishlist's part of every page's start (src/scripts/start-page.ts), deciding from what the phone
 * holds which code to load, so a page that needs none loads none:
 * - a logged-in shopper's page with hearts: their saved hearts and waiting changes (saved-hearts.ts);
 * - a logged-in shopper's page without hearts, with changes waiting: the queue, to send them;
 * - a guest's page with hearts and a guest list: the hearts marked from the list (guest-hearts.ts);
 * - a guest's page with changes left from a login that ended: the queue, to forget them.
 */
import { STORAGE_KEYS } from '~/lib/storage-keys';
import { WISHLIST_HEART_ATTRIBUTE } from '~/lib/wishlist-hearts';

function stored(key: string): boolean {
  try {
    const value = localStorage.getItem(key);
    return Boolean(value) && value !== '[]';
  } catch {
    return false;
  }
}

export function startWishlist(): void {
  const loggedIn = document.documentElement.dataset.auth === 'in';
  const hasHearts = document.querySelector(`[${WISHLIST_HEART_ATTRIBUTE}]`) !== null;
  if (loggedIn && hasHearts) void import('./saved-hearts').then(({ showSavedHearts }) => showSavedHearts());
  else if (loggedIn && stored(STORAGE_KEYS.queuedChanges)) void import('~/stores/queued-changes').then(({ watchQueuedChanges }) => watchQueuedChanges());
  else if (!loggedIn && hasHearts && stored(STORAGE_KEYS.guestWishlist)) void import('./guest-hearts').then(({ showGuestHearts }) => showGuestHearts());
  if (!loggedIn && stored(STORAGE_KEYS.queuedChanges)) void import('~/stores/queued-changes').then(({ dropWaitingChanges }) => dropWaitingChanges());
}
