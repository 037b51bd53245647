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
  /** A failure and its reason, as every failure is joined to why: "Failed to place order: only 2 left in stock". */
  because: (failure: string, reason: string) => `${failure}: ${reason}`,
  manifestRetrieved: 'Manifest retrieved',
} as const;
