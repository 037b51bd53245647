/**
 * Marks the wishlist hearts in the page's HTML, without React: saved or not, and whether a change to one
 * is waiting to be sent. For hearts whose island has not woken yet (a heart that has woken draws the same).
 */
import { heartTitle, pageHeartWords, WISHLIST_HEART_ATTRIBUTE } from '~/lib/wishlist-hearts';

/** The titles are in the page's language: the header carries the heart's words (`pageHeartWords`). */
export function markHearts(savedIds: ReadonlySet<number>, waitingIds: ReadonlySet<number> = new Set()): void {
  const words = pageHeartWords();
  for (const heart of document.querySelectorAll<HTMLElement>(`[${WISHLIST_HEART_ATTRIBUTE}]`)) {
    const productId = Number(heart.getAttribute(WISHLIST_HEART_ATTRIBUTE));
    const saved = savedIds.has(productId);
    const waiting = waitingIds.has(productId);
    heart.setAttribute('aria-pressed', String(saved));
    if (words) heart.title = heartTitle(saved, waiting, words);
    heart.toggleAttribute('data-waiting', waiting);
  }
}
