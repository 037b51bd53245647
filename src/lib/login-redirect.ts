import { sameSitePath } from './same-site-path';

/** Where to go back to after logging in: only a path on this store, never another site. */
export function safeRedirect(target: string | null | undefined, fallback = '/account'): string {
  const path = sameSitePath(target);
  if (!path || path.startsWith('/auth/')) return fallback;
  return path;
}

/** The login page, coming back to `returnTo` (a path on this store) afterwards. */
export function loginHref(returnTo: string): string {
  return `/auth/login?redirect=${encodeURIComponent(returnTo)}`;
}
