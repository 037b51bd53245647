/**
 * Saved hearts shown without React. The hearts are islands that wake on the first touch
 * (client:interaction); until then, for a logged-in shopper, this loads the wishlist into the store the
 * islands read and marks each heart in the page's HTML from it (saved, and waiting to be sent). A heart
 * that wakes calls it too, so the hearts still asleep follow what the awake one changed (a guest's
 * included; before that a guest's are marked by the pre-paint script, src/scripts/inline/restore-badges.js). A heart that wakes finds the store loaded, so it shows the same state, and a tap decides
 * add or remove from that list.
 */
import { $waitingHeartIds, $wishlistProductIds, ensureWishlistLoaded, toggleWishlist, type WishlistProduct } from '~/stores/wishlist';
import { showToast } from '~/stores/toasts';
import { HEART_PRODUCT_ATTRIBUTE, WISHLIST_HEART_ATTRIBUTE } from '~/lib/wishlist-hearts';
import { markHearts } from './heart-marks';

/**
 * A logged-in shopper's tap on a heart whose island has not woken, answered here with the store this page has
 * loaded: the heart changes at once, the change goes to the account (or waits in the queue offline), and only a
 * refusal brings the toasts' island.
 */
function answerHeartTap(event: MouseEvent): void {
  const heart = (event.target as Element).closest?.(`[${WISHLIST_HEART_ATTRIBUTE}]`);
  const carried = heart?.getAttribute(HEART_PRODUCT_ATTRIBUTE);
  if (!heart || !carried || !heart.closest('astro-island[ssr]')) return;
  event.preventDefault();
  event.stopPropagation();
  void toggleWishlist(JSON.parse(carried) as WishlistProduct).then((problem) => problem && showToast(problem, 'error'));
}

let showing = false;

export function showSavedHearts(): void {
  void ensureWishlistLoaded();
  if (showing) return;
  showing = true;
  document.addEventListener('click', answerHeartTap, true);
  $wishlistProductIds.subscribe((savedIds) => markHearts(savedIds, $waitingHeartIds.get()));
  $waitingHeartIds.listen((waitingIds) => markHearts($wishlistProductIds.get(), waitingIds));
}
