export const WISHLIST_MESSAGES = {
  addFailed: 'Failed to add to wishlist',
  removeFailed: 'Failed to remove from wishlist',
  loadFailed: 'Failed to load wishlist',
  /** What the wishlist page tells a guest, whose hearts are kept on the phone. */
  onlyOnThisPhone: 'This wishlist is kept only on this phone until you log in.',
} as const;
