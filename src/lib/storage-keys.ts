/**
 * localStorage keys: the ones the spec names (section 9), and what the phone keeps for the wishlist and
 * for changes made offline. Shared by the stores and the tiny pre-paint scripts.
 */
export const STORAGE_KEYS = {
  token: 'token',
  profile: 'profile',
  cart: 'cart_items',
  /** A guest's hearts, kept on the phone until they log in (then merged into the account's wishlist). */
  guestWishlist: 'guest_wishlist',
  /** How many products the logged-in shopper's wishlist held when last seen, for the header before paint. */
  wishlistCount: 'wishlist_count',
  /** Set while changes made offline may be waiting in IndexedDB, so a page knows to send them. */
  queuedChanges: 'queued_changes',
} as const;
