/**
 * A login made by a plain form post (the login page works without JavaScript) reaches the browser's stored login
 * (the token and profile the islands read from localStorage, src/stores/auth.ts) through a short-lived cookie: the
 * next page's pre-paint script (src/scripts/inline/restore-login.js) moves it into localStorage and deletes it.
 * It carries the token the islands would have stored anyway and a profile small enough for a cookie.
 */
export const LOGIN_HANDOVER_COOKIE = 'duuka_login';

/** Long enough for the redirect and the next page on a slow phone; a browser without JavaScript just lets it lapse. */
export const LOGIN_HANDOVER_SECONDS = 120;

/** The profile fields the islands read (src/stores/auth.ts `Profile`); the long optional ones stay out of the cookie. */
const HANDED_FIELDS = ['id', 'username', 'email', 'first_name', 'last_name', 'name', 'phone_number', 'user_type'] as const;

type Handed = { token: string; profile: Record<string, unknown> };

/** The cookie's value: the token and the profile, as URI-encoded JSON. */
export function handoverValue(loggedIn: { token: string } & Partial<Record<(typeof HANDED_FIELDS)[number], unknown>>): string {
  const profile = Object.fromEntries(HANDED_FIELDS.map((field) => [field, loggedIn[field] ?? '']));
  const handed: Handed = { token: loggedIn.token, profile };
  return encodeURIComponent(JSON.stringify(handed));
}
