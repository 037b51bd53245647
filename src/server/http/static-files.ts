/**
 * Serves the built files (dist/client: scripts, styles, the search index, favicon) before the Astro
 * handler, in the coding the request accepts from the copies made at build time
 * (src/integrations/precompress-assets.ts), so no file is compressed per request.
 *
 * The folder is read once at start-up: the build does not change while the store runs. A request is
 * answered from that index by its exact path, never by joining the URL to a folder, so no URL (`..`,
 * `%2e%2e`, backslashes, NUL) can reach a file outside it; anything not in the index goes on to the app.
 * Headers match what @astrojs/node's static handler (`send`) sent before, except that each coding has
 * its own ETag, Range is not honoured (the whole file is sent, which HTTP allows) and files whose type
 * is not listed here are left to the adapter.
 */
import { createReadStream, readdirSync, readFileSync, statSync } from 'node:fs';
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import path from 'node:path';
import { chooseContentCoding, type ChosenCoding, type ContentCoding } from './accept-encoding';
import { etagMatches } from './etag';

/** Where each coding's copy of a file is kept: beside it, with this suffix. */
export const PRECOMPRESSED_SUFFIX: Record<ContentCoding, string> = { br: '.br', gzip: '.gz' };

/** The types `send` gave these files (mime-types); Pagefind's own files are gzip data it unpacks itself. */
export const CONTENT_TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.xml': 'application/xml',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.wasm': 'application/wasm',
  '.ico': 'image/vnd.microsoft.icon',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.pagefind': 'application/octet-stream',
  '.pf_fragment': 'application/octet-stream',
  '.pf_index': 'application/octet-stream',
  '.pf_meta': 'application/octet-stream',
};

/** Hashed build output: its name changes with its content. */
const IMMUTABLE_PREFIX = '/_astro/';
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** What `send` answers for every other file: a browser revalidates it each time (ETag, Last-Modified). */
const REVALIDATE = 'public, max-age=0';

/**
 * Files up to this size are held in memory, read once at start-up (all of today's build, about 1.5 MB
 * with the copies); larger ones are streamed from disk. Measured with autocannon on a 30 KB stylesheet:
 * a buffer written from memory answered 4 to 10 times more requests per second than a read stream.
 */
const IN_MEMORY_LIMIT = 512 * 1024;

type Representation = {
  file: string;
  /** The file's bytes when it is small enough to keep (IN_MEMORY_LIMIT). */
  body: Buffer | undefined;
  etag: string;
  headers: OutgoingHttpHeaders;
  /** What a 304 repeats of the 200's headers (RFC 9110 §15.4.5). */
  notModifiedHeaders: OutgoingHttpHeaders;
};

type StaticFile = {
  representations: Map<ChosenCoding, Representation>;
  codings: ContentCoding[];
  modifiedSeconds: number;
};

/** send's weak ETag (size and time in hex), with the coding added so each encoding has its own. */
const entityTag = (size: number, modifiedMs: number, coding: ChosenCoding) =>
  `W/"${size.toString(16)}-${Math.floor(modifiedMs).toString(16)}${coding === 'identity' ? '' : `-${coding}`}"`;

function describeFile(root: string, relative: string, contentType: string): [string, StaticFile] {
  const urlPath = `/${relative.split(path.sep).join('/')}`;
  const original = statSync(path.join(root, relative));
  const cacheControl = urlPath.startsWith(IMMUTABLE_PREFIX) ? IMMUTABLE : REVALIDATE;
  const lastModified = original.mtime.toUTCString();
  // The answer depends on Accept-Encoding only when a compressed copy exists.
  const codings = (Object.keys(PRECOMPRESSED_SUFFIX) as ContentCoding[]).filter((coding) =>
    statSync(path.join(root, relative + PRECOMPRESSED_SUFFIX[coding]), { throwIfNoEntry: false })?.isFile(),
  );
  const representations = new Map<ChosenCoding, Representation>();
  for (const coding of ['identity' as const, ...codings]) {
    const file = path.join(root, coding === 'identity' ? relative : relative + PRECOMPRESSED_SUFFIX[coding]);
    const size = coding === 'identity' ? original.size : statSync(file).size;
    const etag = entityTag(size, original.mtimeMs, coding);
    const notModifiedHeaders: OutgoingHttpHeaders = { ETag: etag, 'Cache-Control': cacheControl, 'Last-Modified': lastModified };
    if (codings.length) notModifiedHeaders.Vary = 'Accept-Encoding';
    const headers: OutgoingHttpHeaders = { ...notModifiedHeaders, 'Content-Type': contentType, 'Content-Length': size };
    if (coding !== 'identity') headers['Content-Encoding'] = coding;
    representations.set(coding, { file, etag, headers, notModifiedHeaders, body: size <= IN_MEMORY_LIMIT ? readFileSync(file) : undefined });
  }
  return [urlPath, { representations, codings, modifiedSeconds: Math.floor(original.mtimeMs / 1000) }];
}

/** Every file under `root` the store serves itself, by URL path; dotfiles and links are left out. */
function indexFolder(root: string): Map<string, StaticFile> {
  let entries;
  try {
    entries = readdirSync(root, { recursive: true, withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return new Map();
    throw error;
  }
  const files = new Map<string, StaticFile>();
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const relative = path.relative(root, path.join(entry.parentPath, entry.name));
    if (relative.split(path.sep).some((part) => part.startsWith('.'))) continue;
    const contentType = CONTENT_TYPES[path.extname(entry.name).toLowerCase()];
    if (!contentType) continue;
    const [urlPath, file] = describeFile(root, relative, contentType);
    files.set(urlPath, file);
  }
  return files;
}

/** If-None-Match wins over If-Modified-Since (RFC 9110 §13.2.2); ETags compare weakly. */
function notModified(req: IncomingMessage, file: StaticFile, representation: Representation): boolean {
  const ifNoneMatch = req.headers['if-none-match'];
  if (ifNoneMatch !== undefined) return etagMatches(ifNoneMatch, representation.etag);
  const since = Date.parse(req.headers['if-modified-since'] ?? '');
  return !Number.isNaN(since) && file.modifiedSeconds * 1000 <= since;
}

/** The URL's path as a key of the index, or undefined when it cannot be one. */
function lookupKey(url: string | undefined): string | undefined {
  if (!url?.startsWith('/')) return undefined;
  const query = url.indexOf('?');
  try {
    return decodeURI(query === -1 ? url : url.slice(0, query));
  } catch {
    // A malformed escape: the adapter answers it with 400.
    return undefined;
  }
}

/**
 * Indexes the built files under `root` and gives the function that answers a request for one of them.
 * It returns false, having written nothing, for anything else: other methods, other paths, and
 * requests with If-Match or If-Unmodified-Since (rare; the adapter evaluates them).
 */
export function createStaticFileServer(root: string): (req: IncomingMessage, res: ServerResponse) => boolean {
  const files = indexFolder(path.resolve(root));
  return (req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    const key = lookupKey(req.url);
    const file = key === undefined ? undefined : files.get(key);
    if (!file || req.headers['if-match'] !== undefined || req.headers['if-unmodified-since'] !== undefined) return false;

    const coding = file.codings.length ? chooseContentCoding(req.headers['accept-encoding'], file.codings) : 'identity';
    const representation = file.representations.get(coding)!;
    if (notModified(req, file, representation)) {
      res.writeHead(304, representation.notModifiedHeaders).end();
      return true;
    }
    res.writeHead(200, representation.headers);
    if (req.method === 'HEAD') res.end();
    else if (representation.body) res.end(representation.body);
    else
      createReadStream(representation.file)
        .on('error', () => res.destroy())
        .pipe(res);
    return true;
  };
}
