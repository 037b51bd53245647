/** Where to go back to after logging in: only a path on this store, never another site. */
export function safeRedirect(target: string | null | undefined, fallback = '/account'): string {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return fallback;
  if (target.startsWith('/auth/')) return fallback;
  return target;
}

/** The login page, coming back to `returnTo` (a path on this store) afterwards. */
export function loginHref(returnTo: string): string {
  return `/auth/login?redirect=${encodeURIComponent(returnTo)}`;
}
