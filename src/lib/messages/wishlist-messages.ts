export const WISHLIST_MESSAGES = {
  addFailed: 'Failed to add to wishlist',
  removeFailed: 'Failed to remove from wishlist',
  loadFailed: 'Failed to load wishlist',
} as const;
