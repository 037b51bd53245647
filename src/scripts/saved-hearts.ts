/**
 * Saved hearts shown without React. The hearts are islands that wake on the first touch
 * (client:interaction); until then, for a logged-in shopper, this loads the wishlist into the store the
 * islands read and marks each heart in the page's HTML from it (saved, and waiting to be sent). A heart
 * that wakes calls it too, so the hearts still asleep follow what the awake one changed (a guest's
 * included; before that a guest's are marked by the pre-paint script, src/scripts/inline/restore-badges.js). A heart that wakes finds the store loaded, so it shows the same state, and a tap decides
 * add or remove from that list.
 */
import { $waitingHeartIds, $wishlistProductIds, ensureWishlistLoaded } from '~/stores/wishlist';
import { loadIslandTexts } from '~/lib/i18n/current';
import { markHearts } from './heart-marks';

let showing = false;

export function showSavedHearts(): void {
  void ensureWishlistLoaded();
  if (showing) return;
  showing = true;
  // The hearts' titles are in the page's language: its texts first (at once when an island already loaded them).
  void loadIslandTexts().then(() => {
    $wishlistProductIds.subscribe((savedIds) => markHearts(savedIds, $waitingHeartIds.get()));
    $waitingHeartIds.listen((waitingIds) => markHearts($wishlistProductIds.get(), waitingIds));
  });
}
