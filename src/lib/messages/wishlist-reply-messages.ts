/** What the wishlist calls answer when they succeed, or refuse an id: the server's words, which no page script needs. */
export const WISHLIST_REPLY_MESSAGES = {
  retrieved: 'Wishlist',
  added: 'Added to wishlist',
  removed: 'Removed from wishlist',
  notInWishlist: 'It was not in your wishlist',
  checked: 'Checked',
  badItemId: 'id: must be a wishlist item id',
} as const;
