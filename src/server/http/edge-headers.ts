/**
 * The last word on what an edge cache in front of the store (Varnish, Cloudflare) may keep, said on every reply
 * as its head is written, whoever wrote it (a cached page, Astro, a refusal). A reply marked for the edge
 * (`Surrogate-Control: max-age`, by cachePage or sharedAtEdge) keeps the mark only when it is a 200 or 304 to a
 * GET or HEAD, sets no cookie, is not private and answers nobody in particular: no session cookie, no
 * Authorization, and for the API no searcher named (the guest cookie, X-Session-ID or session_id, whose searches
 * are kept in a history). It then gets Cloudflare's comma-separated `Cache-Tag` beside Varnish's `xkey`, and a
 * page (anything kept outside /api/, its 304s too) says `Vary: Cookie`: its data-saver kind (the `data_saver` cookie) and the language redirect (the `lang`
 * cookie) depend on cookies, which the edge reduces to those two before it looks. Any other reply says
 * `Surrogate-Control: no-store`, except the long-lived public files (built assets, pictures), whose own
 * Cache-Control lets an edge keep them.
 */
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { cookieValue } from '../../lib/cookies';
import { SESSION_COOKIE } from './session-cookie';
import { GUEST_COOKIE } from './guest-id';

export const EDGE_NO_STORE = 'no-store';

/** What the edge is told about one reply: keep it (under its tags), follow its Cache-Control, or never keep it. */
export type EdgeVerdict = 'keep' | 'cache-control' | 'no-store';

export type EdgeQuestion = {
  method: string;
  url: string;
  status: number;
  request: { authorization?: string; cookie?: string; sessionId?: string };
  reply: { surrogateControl?: string; cacheControl?: string; setCookie: boolean };
};

/** Whether the request speaks for someone: a session, a bearer token, or, for the API, a searcher whose history grows. */
export function answersSomeone({ url, request }: Pick<EdgeQuestion, 'url' | 'request'>): boolean {
  if (request.authorization || cookieValue(request.cookie, SESSION_COOKIE)) return true;
  if (!url.startsWith('/api/')) return false;
  return Boolean(request.sessionId || cookieValue(request.cookie, GUEST_COOKIE) || /[?&]session_id=/.test(url));
}

export function edgeVerdict(question: EdgeQuestion): EdgeVerdict {
  const { method, status, reply } = question;
  const readOnly = method === 'GET' || method === 'HEAD';
  const cacheControl = reply.cacheControl ?? '';
  const publicReply = readOnly && !reply.setCookie && !/\b(private|no-store)\b/i.test(cacheControl);
  if (/\bmax-age=\d+/.test(reply.surrogateControl ?? '')) {
    return publicReply && !answersSomeone(question) && (status === 200 || status === 304) ? 'keep' : 'no-store';
  }
  // A built file or a picture is the same whoever asks, with a session or not.
  const longLived = /\bpublic\b/i.test(cacheControl) && /\bmax-age=[1-9]/.test(cacheControl) && !/\bno-cache\b/i.test(cacheControl);
  return publicReply && longLived && status < 400 ? 'cache-control' : 'no-store';
}

type Head = { setHeader(name: string, value: string | string[]): unknown; getHeader(name: string): unknown; removeHeader(name: string): void };

const headerText = (value: unknown) => (value === undefined ? undefined : Array.isArray(value) ? value.join(', ') : String(value));

/** Writes the verdict on a reply's head. */
export function settleEdgeHeaders(question: EdgeQuestion, head: Head): void {
  const verdict = edgeVerdict(question);
  if (verdict === 'cache-control') return;
  if (verdict === 'no-store') {
    head.setHeader('Surrogate-Control', EDGE_NO_STORE);
    for (const name of ['xkey', 'Cache-Tag', 'CDN-Cache-Control']) head.removeHeader(name);
    return;
  }
  const tags = (headerText(head.getHeader('xkey')) ?? '').split(/\s+/).filter(Boolean);
  if (tags.length > 0) head.setHeader('Cache-Tag', tags.join(','));
  if (question.url.startsWith('/api/')) return;
  const vary = headerText(head.getHeader('Vary')) ?? '';
  if (!/\bcookie\b/i.test(vary)) head.setHeader('Vary', vary ? `${vary}, Cookie` : 'Cookie');
}

const single = (value: string | string[] | undefined) => (Array.isArray(value) ? value.join(', ') : value);

/** Settles the edge headers of `response` when its head is written (by writeHead, or by the first write). */
export function guardEdgeHeaders(request: IncomingMessage, response: ServerResponse): void {
  const writeHead = response.writeHead as (...args: unknown[]) => ServerResponse;
  response.writeHead = function (this: ServerResponse, status: number, ...rest: unknown[]) {
    const reason = typeof rest[0] === 'string' ? rest[0] : undefined;
    takeHeaders(this, reason === undefined ? rest[0] : rest[1]);
    settleEdgeHeaders(
      {
        method: request.method ?? 'GET',
        url: request.url ?? '/',
        status,
        request: { authorization: request.headers.authorization, cookie: request.headers.cookie, sessionId: single(request.headers['x-session-id']) },
        reply: {
          surrogateControl: headerText(this.getHeader('Surrogate-Control')),
          cacheControl: headerText(this.getHeader('Cache-Control')),
          setCookie: this.hasHeader('Set-Cookie'),
        },
      },
      this,
    );
    return reason === undefined ? writeHead.call(this, status) : writeHead.call(this, status, reason);
  } as ServerResponse['writeHead'];
}

/** Moves headers given to writeHead onto the response, as Node itself does when some were set before. */
function takeHeaders(response: ServerResponse, headers: unknown): void {
  if (Array.isArray(headers)) {
    const flat = (headers as unknown[]).flat() as string[];
    for (let i = 0; i < flat.length; i += 2) response.removeHeader(flat[i]!);
    for (let i = 0; i < flat.length; i += 2) response.appendHeader(flat[i]!, flat[i + 1]!);
  } else if (headers && typeof headers === 'object') {
    for (const [name, value] of Object.entries(headers as OutgoingHttpHeaders)) if (value !== undefined) response.setHeader(name, value);
  }
}
