/**
 * Every text the store shows a person about the outcome of what they did, one table per domain, shared by the
 * server and the islands. The spec's texts (sections 5 and 8) are used word for word;
 * tests/unit/messages.test.ts checks them against the spec's catalogue and that no other file spells them out.
 * A text that quotes a limit takes the limit as an argument, so the number lives with its rule.
 */

/** The reply envelope and the failures any call can meet. */
export const API_MESSAGES = {
  success: 'Success',
  /** What the server answers a call that needs a login. */
  unauthenticated: 'Unauthenticated',
  /** What the browser shows for that answer. */
  notLoggedIn: 'You are not logged in.',
  sessionExpired: 'Session expired. Please login again.',
  server: 'Server error. Please try again later.',
  network: 'Network error. Please check your connection and try again.',
  notFound: 'Not found',
} as const;

/** Login, registration, password reset and the profile. */
export const ACCOUNT_MESSAGES = {
  loggedIn: 'Login successful',
  loginFailed: 'Login failed: the email or password is not correct',
  loginFallback: 'Login failed. Please try again.',
  suspended: 'Login failed: this account is suspended. Please contact us.',
  noToken: 'No authentication token received from server',
  registered: 'Registration successful',
  accountReady: 'Your account is ready',
  registrationFallback: 'Registration failed. Please try again.',
  emailTaken: 'Registration failed: an account with this email already exists',
  resetSent: 'Password reset code sent to your email',
  resetSendFailed: 'Failed to send password reset email',
  resetDone: 'Password reset successfully',
  resetFallback: 'Failed to reset password',
  resetFailed: 'Failed to reset password: the code is wrong or has expired',
  resetTooManyAttempts: 'Failed to reset password: too many wrong codes. Request a new code.',
  profileUpdated: 'Profile updated',
  profileFailed: 'Failed to update profile',
  profileEmailTaken: 'Failed to update profile: another account uses this email',
} as const;

/** Who may sell or run the store (spec section 6). */
export const ROLE_MESSAGES = {
  adminOnly: 'Only an administrator can do this',
  sellersOnly: 'Only a vendor or an administrator can do this',
  awaitingApproval: 'Your vendor account is waiting for approval by the store',
  notActive: 'Your vendor account is not active; contact the store',
} as const;

export const PRODUCT_MESSAGES = {
  notFound: 'Product not found',
  loadFailed: 'Failed to load products',
  created: 'Product created',
  updated: 'Product updated',
  deleted: 'Product deleted',
  notYours: 'You can only change your own products',
  photoRequired: 'feature_photo: add a picture of the product',
} as const;

export const CATEGORY_MESSAGES = {
  notFound: 'Category not found',
  loadFailed: 'Failed to load categories',
  created: 'Category created',
  updated: 'Category updated',
  deleted: 'Category deleted',
} as const;

export const VENDOR_MESSAGES = {
  notFound: 'Vendor not found',
  loadFailed: 'Failed to load vendors',
  applied: 'Your shop application was received; the store will review it',
  created: 'Vendor created',
  updated: 'Vendor updated',
  removed: 'Vendor removed',
  alreadyVendor: 'You already have a shop; update it instead',
  notYours: 'You can only change your own shop',
} as const;

export const SEARCH_MESSAGES = {
  failed: 'Search failed',
} as const;

export const CART_MESSAGES = {
  invalidProduct: 'Invalid product or quantity',
  selectColor: 'Please select a color',
  selectSize: 'Please select a size',
  invalidQuantity: 'Invalid quantity',
  added: (name: string) => `${name} added to cart`,
  addFailed: 'Failed to add to cart',
  removed: 'Item removed from cart',
  updated: 'Cart updated',
  cleared: 'Cart cleared',
} as const;

export const WISHLIST_MESSAGES = {
  addFailed: 'Failed to add to wishlist',
  removeFailed: 'Failed to remove from wishlist',
  loadFailed: 'Failed to load wishlist',
} as const;

export const ORDER_MESSAGES = {
  notFound: 'Order not found',
  placed: 'Order placed successfully!',
  failed: 'Failed to place order',
  loadFailed: 'Failed to load orders',
  statusFailed: 'Failed to update order status',
  statusUpdated: 'Order status updated',
} as const;

export const REVIEW_MESSAGES = {
  submitFailed: 'Failed to submit review',
  updateFailed: 'Failed to update review',
  deleteFailed: 'Failed to delete review',
  submitted: 'Review submitted',
  updated: 'Review updated',
  deleted: 'Review deleted',
  notFound: 'Review not found',
  notYoursToChange: 'you can only change your own review',
  notYoursToDelete: 'you can only delete your own review',
  badRating: 'rating: must be a whole number from 1 to 5',
  commentTooShort: (min: number) => `comment: write at least ${min} characters`,
  commentTooLong: (max: number) => `comment: must be at most ${max} characters`,
} as const;

/** Pictures sent with a form; each text follows the field's name ("feature_photo: ..."). */
export const UPLOAD_MESSAGES = {
  notImage: 'must be a JPEG, PNG, WebP or AVIF picture',
  tooLarge: (bytes: number) => `must be at most ${bytes / 1024 / 1024} MB`,
} as const;

/** Request bodies the store refuses before reading them. */
export const REQUEST_MESSAGES = {
  tooLarge: 'Request body is too large',
  uploadTooSlow: 'The pictures took too long to arrive; please try again on a better connection',
  uploadsBusy: 'The store is busy receiving other pictures; please try again in a few seconds',
} as const;

/** The full-page error screen and the start-up check behind it. */
export const ERROR_SCREEN_MESSAGES = {
  title: 'Oops! Something went wrong',
  rootMissing: 'Failed to find the root element',
} as const;
