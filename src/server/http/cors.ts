/**
 * Calls to the API from web pages on other origins (a partner's shop window, a mobile web app): only the
 * origins listed in CORS_ORIGINS (comma-separated, e.g. `https://shop.partner.ug,https://m.duuka.ug`; none
 * by default) may. A preflight (OPTIONS /api/...) is answered 204 with the methods and the headers the
 * spec's clients send; every /api reply to a listed origin names it in Access-Control-Allow-Origin. Any
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

/** The CORS headers for a reply to `origin`: none unless it is listed. */
export function corsHeaders(origin: string | undefined, allowed: ReadonlySet<string>, preflight: boolean): Record<string, string> {
  if (!origin || !allowed.has(origin)) return {};
  const headers: Record<string, string> = { 'Access-Control-Allow-Origin': origin, 'Access-Control-Expose-Headers': EXPOSED_HEADERS };
  if (preflight) {
    headers['Access-Control-Allow-Methods'] = CORS_ALLOWED_METHODS;
    headers['Access-Control-Allow-Headers'] = CORS_ALLOWED_HEADERS;
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
  if (listed.size > 0) response.setHeader('Vary', 'Origin');
  for (const [name, value] of Object.entries(corsHeaders(request.headers.origin, listed, preflight))) response.setHeader(name, value);
  if (!preflight) return false;
  response.writeHead(204, { Allow: CORS_ALLOWED_METHODS, 'Content-Length': '0' });
  response.end();
  return true;
}
