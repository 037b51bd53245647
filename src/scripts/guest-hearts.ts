/**
 * A guest's saved hearts, shown from the phone's list before any island wakes, and kept in step when
 * another tab changes the list. Tiny on purpose (no stores): it runs on every page a guest with hearts
 * opens. Once a heart wakes, the wishlist store marks the rest (src/scripts/saved-hearts.ts).
 */
import { STORAGE_KEYS } from '~/lib/storage-keys';
import { markHearts } from './heart-marks';

/** The products in the stored list; anything unreadable counts as none (the store reads the list in full: lib/wishlist-state.ts). */
function savedProductIds(stored: string | null): Set<number> {
  try {
    const hearts: unknown = JSON.parse(stored || '[]');
    return new Set(Array.isArray(hearts) ? hearts.map((heart: { product_id?: unknown } | null) => Number(heart?.product_id)) : []);
  } catch {
    return new Set();
  }
}

export function showGuestHearts(): void {
  const show = (stored: string | null) => markHearts(savedProductIds(stored));
  show(localStorage.getItem(STORAGE_KEYS.guestWishlist));
  window.addEventListener('storage', (event) => {
    if (event.key === STORAGE_KEYS.guestWishlist || event.key === null) show(event.newValue);
  });
}
