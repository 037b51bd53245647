/**
 * The security headers every response carries, pages, API replies and files alike. Pages also carry
 * the Content-Security-Policy Astro builds with the hashes of their scripts and styles
 * (`security.csp` in astro.config.mjs); replies that are not pages get NON_PAGE_POLICY from the
 * middleware (src/middleware.ts).
 *
 * They are set by the HTTP server (src/server/serve.ts) before the request is handed on, because the
 * adapter serves the built files (dist/client: scripts, styles, the search index) without running
 * Astro's middleware.
 */
import type { ServerResponse } from 'node:http';
import { publicOrigin } from './origin';

/**
 * Browser features no page of the store uses. Payment is included: buyers pay on the gateway's own
 * page, never through the Payment Request API on ours. Only features Chromium knows are named (an
 * unknown one is logged as a console error).
 */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'browsing-topics=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'hid=()',
  'magnetometer=()',
  'microphone=()',
  'payment=()',
  'serial=()',
  'usb=()',
].join(', ');

/** A reply that is not a page (JSON, XML, pictures) loads nothing and is shown in no frame. */
export const NON_PAGE_POLICY = "default-src 'none'; frame-ancestors 'none'";

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/** The headers for a store whose public origin is `siteOrigin`; HSTS only when it is served over HTTPS. */
export function securityHeaders(siteOrigin: string): Record<string, string> {
  const headers: Record<string, string> = {
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    // For browsers without CSP frame-ancestors (the pages' policy says the same).
    'X-Frame-Options': 'DENY',
    'Permissions-Policy': PERMISSIONS_POLICY,
  };
  if (new URL(siteOrigin).protocol === 'https:') headers['Strict-Transport-Security'] = `max-age=${ONE_YEAR_SECONDS}; includeSubDomains`;
  return headers;
}

let storeHeaders: [string, string][] | undefined;

/** Puts the security headers on a response before anything else writes it; what it writes later wins. */
export function applySecurityHeaders(response: ServerResponse): void {
  storeHeaders ??= Object.entries(securityHeaders(publicOrigin()));
  for (const [name, value] of storeHeaders) response.setHeader(name, value);
}
