/** localStorage keys the spec names (section 9): shared by the stores and the tiny pre-paint scripts. */
export const STORAGE_KEYS = {
  token: 'token',
  profile: 'profile',
  cart: 'cart_items',
  guestSession: 'guest_session_id',
} as const;
