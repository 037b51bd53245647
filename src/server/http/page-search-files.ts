/**
 * Answers /pagefind/... from the static pages' search index this instance holds in memory
 * (src/server/content/page-search-index.ts), before the app, like the built files: each file with its type,
 * an ETag of its bytes (the index changes when a page is published, so browsers revalidate every time), and
 * a brotli or gzip copy of the text files made once per file.
 */
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { pageSearchFile } from '../content/page-search-index';
import { chooseContentCoding, type ContentCoding } from './accept-encoding';
import { etagMatches, weakEtag } from './etag';
import { CONTENT_TYPES } from './static-files';

const PREFIX = '/pagefind/';
type Prepared = { etag: string; type: string; copies: Partial<Record<ContentCoding, Buffer>> };
/** Keyed by the index's own bytes, so a rebuilt index's files are prepared anew and old ones are let go. */
const prepared = new WeakMap<Uint8Array, Prepared>();

function prepare(body: Uint8Array, pathname: string): Prepared {
  let found = prepared.get(body);
  if (!found) {
    const type = CONTENT_TYPES[path.extname(pathname).toLowerCase()] ?? 'application/octet-stream';
    // Pagefind's own index files are gzip data already; only its scripts, styles and JSON are worth compressing.
    const text = /^(text\/|application\/json)/.test(type);
    const copies = text ? { br: brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } }), gzip: gzipSync(body, { level: 9 }) } : {};
    found = { etag: weakEtag(body), type, copies };
    prepared.set(body, found);
  }
  return found;
}

/** Answers a GET or HEAD for a file of the search index; false (nothing written) for anything else. */
export function answerPageSearchFile(req: IncomingMessage, res: ServerResponse): boolean {
  if ((req.method !== 'GET' && req.method !== 'HEAD') || !req.url?.startsWith(PREFIX)) return false;
  const pathname = req.url.split('?')[0]!;
  const body = pageSearchFile(pathname);
  if (!body) return false;
  const { etag, type, copies } = prepare(body, pathname);
  const codings = Object.keys(copies) as ContentCoding[];
  const coding = codings.length ? chooseContentCoding(req.headers['accept-encoding'], codings) : 'identity';
  const headers: Record<string, string | number> = {
    ETag: coding === 'identity' ? etag : etag.replace(/"$/, `-${coding}"`),
    'Cache-Control': 'public, no-cache',
  };
  if (codings.length) headers.Vary = 'Accept-Encoding';
  if (req.headers['if-none-match'] !== undefined && etagMatches(req.headers['if-none-match'], String(headers.ETag))) {
    res.writeHead(304, headers).end();
    return true;
  }
  const sent = coding === 'identity' ? body : copies[coding]!;
  res.writeHead(200, { ...headers, 'Content-Type': type, 'Content-Length': sent.byteLength, ...(coding === 'identity' ? {} : { 'Content-Encoding': coding }) });
  res.end(req.method === 'HEAD' ? undefined : sent);
  return true;
}
