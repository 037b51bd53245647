/**
 * ETags for replies browsers and CDNs must revalidate every time (`no-cache`): a hash of the body, so an
 * unchanged reply costs a 304 and no data. Weak, because the same body is sent in several encodings.
 */
import { createHash } from 'node:crypto';

export function weakEtag(body: Uint8Array): string {
  return `W/"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`;
}

/** Whether an If-None-Match header names `etag` (weak comparison, RFC 9110 section 13.1.2). */
export function etagMatches(ifNoneMatch: string, etag: string): boolean {
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  const wanted = opaque(etag);
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === wanted);
}

/**
 * Gives a public GET reply that must be revalidated (JSON, XML) its ETag, and answers 304 when the client
 * already has it. Pages get theirs from the page cache; anything else passes unchanged.
 */
export async function withEtag(request: Request, response: Response): Promise<Response> {
  const cacheControl = response.headers.get('Cache-Control') ?? '';
  const revalidated = /\bno-cache\b/.test(cacheControl) && !/\b(private|no-store)\b/.test(cacheControl);
  if (request.method !== 'GET' || response.status !== 200 || !revalidated || response.headers.has('ETag')) return response;
  if (response.headers.get('Content-Type')?.startsWith('text/html')) return response;
  const body = new Uint8Array(await response.arrayBuffer());
  const etag = weakEtag(body);
  const headers = new Headers(response.headers);
  headers.set('ETag', etag);
  const ifNoneMatch = request.headers.get('If-None-Match');
  if (ifNoneMatch && etagMatches(ifNoneMatch, etag)) {
    headers.delete('Content-Type');
    headers.delete('Content-Length');
    return new Response(null, { status: 304, headers });
  }
  return new Response(body, { status: response.status, headers });
}
