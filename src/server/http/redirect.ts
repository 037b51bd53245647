/** A permanent redirect that crawlers and browsers remember (the spec's /login → /auth/login and friends). */
export function redirectTo(location: string): Response {
  return new Response(null, { status: 301, headers: { Location: location } });
}
