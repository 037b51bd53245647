export const WISHLIST_MESSAGES = {
  addFailed: 'Failed to add to wishlist',
  removeFailed: 'Failed to remove from wishlist',
  loadFailed: 'Failed to load wishlist',
  /** What the wishlist page tells a guest, whose hearts are kept on the phone. */
  onlyOnThisPhone: 'This wishlist is kept only on this phone until you log in.',
  retrieved: 'Wishlist',
  added: 'Added to wishlist',
  removed: 'Removed from wishlist',
  notInWishlist: 'It was not in your wishlist',
  checked: 'Checked',
  badItemId: 'id: must be a wishlist item id',
} as const;
