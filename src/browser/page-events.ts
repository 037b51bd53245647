/**
 * Window events that wake page-wide islands hydrated with `client:event` (src/directives/event.ts): the
 * store that changed dispatches one, the island that shows the change hydrates and reads the store.
 * `sessionExpired` goes the other way: the API client saw a stored login refused, and the auth store
 * (where a page has it) forgets it.
 */
export const PAGE_EVENTS = {
  toast: 'store:toast',
  cartDrawer: 'store:cart-drawer',
  productRating: 'store:product-rating',
  sessionExpired: 'store:session-expired',
} as const;

export function announce(event: (typeof PAGE_EVENTS)[keyof typeof PAGE_EVENTS]): void {
  if (typeof window !== 'undefined') window.dispatchEvent(new Event(event));
}
