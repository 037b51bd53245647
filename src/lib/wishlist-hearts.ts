/**
 * The wishlist hearts as the page's HTML carries them: the attribute naming a heart's product, and its
 * tooltip; and the page's mark that changes made offline are waiting. Tiny on purpose: every page's start
 * script reads them.
 */

/** Marks a wishlist heart in the page's HTML with its product id (WishlistHeart), so saved ones are shown before it wakes. */
export const WISHLIST_HEART_ATTRIBUTE = 'data-wishlist-heart';

/**
 * Carries, on each heart, what the wishlist keeps of its product (id, name, prices, picture), so a tap on a heart
 * whose island has not woken is answered by the page's own scripts: a guest's by the header's pre-paint script
 * (src/scripts/inline/restore-badges.js), a logged-in shopper's by src/scripts/saved-hearts.ts.
 */
export const HEART_PRODUCT_ATTRIBUTE = 'data-heart-product';

/** Set on <html> before paint while changes made offline may be waiting to be sent (src/scripts/inline/restore-badges.js). */
export const CHANGES_WAITING_ATTRIBUTE = 'data-changes-waiting';

/** The heart's words in the page's language (the catalogues' `browse.heart`). */
export type HeartWords = { save: string; remove: string; waiting: string };

/** A heart's tooltip: what a tap does, and whether the change is still waiting for a connection. */
export function heartTitle(saved: boolean, waiting: boolean, words: HeartWords): string {
  const action = saved ? words.remove : words.save;
  return waiting ? words.waiting.replace('{action}', action) : action;
}

/** The attribute on the header's pre-paint script carrying the heart's words in the page's language (Header.astro). */
export const HEART_WORDS_ATTRIBUTE = 'data-heart-words';

/** The heart's words as the page was rendered with them, for scripts that mark hearts without the islands' texts. */
export function pageHeartWords(): HeartWords | null {
  const carried = document.querySelector(`[${HEART_WORDS_ATTRIBUTE}]`)?.getAttribute(HEART_WORDS_ATTRIBUTE);
  return carried ? (JSON.parse(carried) as HeartWords) : null;
}
