/**
 * A logged-in shopper's saved hearts, shown without React. The hearts are islands that wake on the first
 * touch (client:interaction), as on a guest's page; until then this loads the wishlist into the store
 * the islands read, and marks each heart in the page's HTML from it. A heart that wakes finds the store
 * loaded, so it shows the same state, and a tap decides add or remove from the server's list.
 */
import { $wishlistProductIds, ensureWishlistLoaded } from '~/stores/wishlist';
import { WISHLIST_HEART_ATTRIBUTE } from '~/lib/wishlist-state';

export function showSavedHearts(): void {
  void ensureWishlistLoaded();
  $wishlistProductIds.subscribe((savedIds) => {
    for (const heart of document.querySelectorAll<HTMLElement>(`[${WISHLIST_HEART_ATTRIBUTE}]`)) {
      const saved = savedIds.has(Number(heart.getAttribute(WISHLIST_HEART_ATTRIBUTE)));
      heart.setAttribute('aria-pressed', String(saved));
      heart.title = saved ? 'Remove from wishlist' : 'Save to wishlist';
    }
  });
}
