/** Where to go back to after logging in: only a path on this store, never another site. */
export function safeRedirect(target: string | null | undefined, fallback = '/account'): string {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return fallback;
  if (target.startsWith('/auth/')) return fallback;
  return target;
}
