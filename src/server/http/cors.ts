/**
 * Calls to the API from web pages on other origins (a partner's shop window, a mobile web app): only the
 * origins listed in CORS_ORIGINS (comma-separated, e.g. `https://shop.partner.ug,https://m.duuka.ug`; none
 * by default) may. A preflight (OPTIONS /api/...) is answered 204 with the methods and the headers it asks
 * for (the spec's client adds `user_id`, `HTTP_USER_ID`, `tok` ...; who is calling still comes from the bearer
 * token alone), or our own list when it asks for none or for something that is not a short list of header
 * names; every /api reply to a listed origin names it in Access-Control-Allow-Origin. Any
 * other origin gets no CORS headers at all, so browsers keep it to the same-origin rule. Cookies are never
 * allowed across origins: the API's clients log in with a bearer token.
 *
 * Answered by the HTTP server (serve.ts) before the body guard and Astro, so refusals (413, 401) carry the
 * headers too and a web client can read their message.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { config } from '../config';

export const CORS_ALLOWED_METHODS = 'GET, POST, PUT, DELETE, OPTIONS';
export const CORS_ALLOWED_HEADERS = 'Authorization, User-Id, X-Session-ID, Content-Type, Idempotency-Key';
/** Headers a web client may read besides the simple ones: when to try again after a 429 or 503. */
const EXPOSED_HEADERS = 'Retry-After';
/** The longest Access-Control-Request-Headers a preflight echoes back: browsers send a few dozen names at most. */
export const MAX_REQUESTED_HEADERS_LENGTH = 1000;
/** A header name (RFC 9110 token); a list of them is separated by commas and spaces. */
const HEADER_LIST = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+(?:[ \t]*,[ \t]*[!#$%&'*+.^_`|~0-9A-Za-z-]+)*$/;
/** How long a browser may keep a preflight's answer (10 minutes). */
const PREFLIGHT_MAX_AGE_SECONDS = 600;

/** Why a CORS_ORIGINS value cannot be used, or null when it can (unset and empty are fine: no other origin). */
export function corsOriginsProblem(value: string | undefined): string | null {
  for (const entry of splitOrigins(value)) {
    let url: URL | null = null;
    try {
      url = new URL(entry);
    } catch {
      // Reported below.
    }
    if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:') || url.origin !== entry.replace(/\/$/, '')) {
      return `CORS_ORIGINS: "${entry}" is not an origin; list origins alone (scheme, host and port), e.g. CORS_ORIGINS=https://shop.partner.ug,https://m.duuka.ug`;
    }
  }
  return null;
}

function splitOrigins(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
}

/** The listed origins, as browsers send them in Origin (no trailing slash). */
export function allowedOrigins(value: string | undefined): Set<string> {
  return new Set(splitOrigins(value).map((entry) => new URL(entry).origin));
}

/** The headers a preflight allows: those it asks for when they are a list of header names of sane length, else our own list. */
export function allowedRequestHeaders(requested: string | undefined): string {
  const asked = requested?.trim() ?? '';
  if (!asked || asked.length > MAX_REQUESTED_HEADERS_LENGTH || !HEADER_LIST.test(asked)) return CORS_ALLOWED_HEADERS;
  return asked;
}

/**
 * The CORS headers for a reply to `origin`: none unless it is listed. A preflight (`requestedHeaders` is its
 * Access-Control-Request-Headers) also names the methods and the headers allowed.
 */
export function corsHeaders(origin: string | undefined, allowed: ReadonlySet<string>, preflight: boolean, requestedHeaders?: string): Record<string, string> {
  if (!origin || !allowed.has(origin)) return {};
  const headers: Record<string, string> = { 'Access-Control-Allow-Origin': origin, 'Access-Control-Expose-Headers': EXPOSED_HEADERS };
  if (preflight) {
    headers['Access-Control-Allow-Methods'] = CORS_ALLOWED_METHODS;
    headers['Access-Control-Allow-Headers'] = allowedRequestHeaders(requestedHeaders);
    headers['Access-Control-Max-Age'] = String(PREFLIGHT_MAX_AGE_SECONDS);
  }
  return headers;
}

let listed: Set<string> | undefined;

/**
 * For a request to /api: puts its CORS headers on the response, and answers a preflight (OPTIONS) at once
 * with 204. True when it has answered. When other origins are listed, replies vary by Origin, so a shared
 * cache never hands one origin's reply to another.
 */
export function handleCors(request: IncomingMessage, response: ServerResponse): boolean {
  if (!request.url?.startsWith('/api/')) return false;
  listed ??= allowedOrigins(config.CORS_ORIGINS);
  const preflight = request.method === 'OPTIONS';
  if (listed.size > 0) response.setHeader('Vary', preflight ? 'Origin, Access-Control-Request-Headers' : 'Origin');
  const requested = request.headers['access-control-request-headers'];
  for (const [name, value] of Object.entries(corsHeaders(request.headers.origin, listed, preflight, requested))) response.setHeader(name, value);
  if (!preflight) return false;
  response.writeHead(204, { Allow: CORS_ALLOWED_METHODS, 'Content-Length': '0' });
  response.end();
  return true;
}
