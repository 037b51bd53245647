/**
 * Marks the wishlist hearts in the page's HTML, without React: saved or not, and whether a change to one
 * is waiting to be sent. For hearts whose island has not woken yet (a heart that has woken draws the same).
 */
import { heartTitle, WISHLIST_HEART_ATTRIBUTE } from '~/lib/wishlist-hearts';
import { islandTranslator } from '~/lib/i18n/current';

/** Its caller has loaded the page's island texts (saved-hearts.ts), so the titles are in the page's language. */
export function markHearts(savedIds: ReadonlySet<number>, waitingIds: ReadonlySet<number> = new Set()): void {
  const words = islandTranslator().t.browse.heart;
  for (const heart of document.querySelectorAll<HTMLElement>(`[${WISHLIST_HEART_ATTRIBUTE}]`)) {
    const productId = Number(heart.getAttribute(WISHLIST_HEART_ATTRIBUTE));
    const saved = savedIds.has(productId);
    const waiting = waitingIds.has(productId);
    heart.setAttribute('aria-pressed', String(saved));
    heart.title = heartTitle(saved, waiting, words);
    heart.toggleAttribute('data-waiting', waiting);
  }
}
