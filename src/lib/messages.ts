/** The spec's user-facing texts (section 8). One place, so server and islands say the same thing. */
export const messages = {
  success: 'Success',
  unauthenticated: 'Unauthenticated',
  productNotFound: 'Product not found',
  categoryNotFound: 'Category not found',
  vendorNotFound: 'Vendor not found',
  orderNotFound: 'Order not found',
  failedToLoadProducts: 'Failed to load products',
  failedToLoadCategories: 'Failed to load categories',
  failedToLoadVendors: 'Failed to load vendors',
  searchFailed: 'Search failed',
  failedToAddToWishlist: 'Failed to add to wishlist',
  failedToRemoveFromWishlist: 'Failed to remove from wishlist',
  failedToLoadWishlist: 'Failed to load wishlist',
  serverError: 'Server error. Please try again later.',
  notFound: 'Not found',
} as const;
