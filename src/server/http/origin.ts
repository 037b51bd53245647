/**
 * The store's public address, for links a gateway sends the buyer back to: SITE_URL when the store runs
 * behind a proxy or CDN, otherwise the address the request came to.
 */
export function publicOrigin(request: Request): string {
  const configured = process.env.SITE_URL?.replace(/\/+$/, '');
  return configured || new URL(request.url).origin;
}
