/**
 * The store's rendered pages, kept in memory so a page that is the same for every visitor is served like a
 * file: compressed once when it enters, answered by Accept-Encoding, revalidated by ETag. A page is kept in the
 * encoding its first request took (brotli from browsers, gzip from an edge such as Varnish); the other is made
 * from it the first time it is asked for, so a store behind an edge or before browsers holds each page once.
 * Entries are named by path, query and data-saver mode (`pageKey`: a page comes in a normal and a light kind)
 * and labelled with tags naming what they show (src/server/cache/page-tags.ts); writes drop the tags they
 * changed (src/server/cache/purge.ts), on every instance, in every mode.
 *
 * A page is kept only when its route asked for it (Astro.cache.set, which sends CDN-Cache-Control) and the
 * reply is the same for everyone in its mode: status 200, no Set-Cookie, not private, not varying by cookie or
 * login.
 * The cache is bounded by bytes (least recently used go first). Like the database handle it lives on
 * globalThis: the server script and the built Astro bundle each carry a copy of this module.
 */
import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, brotliDecompress, brotliDecompressSync, constants as zlib, gunzipSync, gzip, gzipSync } from 'node:zlib';
import { chooseContentCoding, type ChosenCoding } from '../http/accept-encoding';
import { etagMatches, weakEtag } from '../http/etag';
import { dataSaverOf, type DataSaver } from '../../lib/data-saver';
import { log } from '../log';
import { config } from '../config';

const compressBrotli = promisify(brotliCompress);
const compressGzip = promisify(gzip);
const decompressBrotli = promisify(brotliDecompress);

/** Quality 5 brotli and level 6 gzip: a few milliseconds for a product page, within 10% of the smallest. */
const BROTLI_OPTIONS = { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } };
const GZIP_OPTIONS = { level: 6 };

/**
 * A page asked for again whose reply does not fit TCP's first window (about 14.6 KB with its headers) is
 * compressed again, in the background, with brotli at quality 10: the home (115 KB of HTML) goes from 13.3 to
 * 12.0 KB and arrives a round trip sooner on a slow link. About 30 ms of a pool thread, once per kept page, one
 * page at a time; pages beyond REFINES_WAITING are left as they are.
 */
const REFINED_BROTLI_OPTIONS = { params: { [zlib.BROTLI_PARAM_QUALITY]: 10 } };
const FIRST_WINDOW_BYTES = 14_600;
/**
 * What the HTTP server writes in a reply's head beside the headers kept with the page, which the first window
 * holds too: the status line, the security headers (src/server/http/security-headers.ts, HSTS included),
 * X-Request-Id, Date, Connection and Keep-Alive. 520 bytes over HTTPS as the store writes them today; without
 * them a category page of 14,660 bytes on the wire was counted as 14,220 and never compressed again.
 */
export const SERVER_HEAD_BYTES = 560;
const REFINES_WAITING = 32;

/** Query parameters that only track where a visitor came from: the page is the same without them. */
const TRACKING_PARAMETER = /^(utm_.*|fbclid|gclid|gbraid|wbraid|dclid|msclkid|twclid|yclid|mc_cid|mc_eid|_ga|_gl|ref)$/i;

/** Headers of the rendered reply that the cache sets itself, or that must not be replayed. */
const NOT_REPLAYED = new Set([
  'content-length',
  'content-encoding',
  'transfer-encoding',
  'set-cookie',
  'cdn-cache-control',
  'cache-tag',
  'x-astro-cache',
  'etag',
  'vary',
]);

type CacheStatus = 'HIT' | 'STALE' | 'MISS';

/**
 * Long header values that many pages share (the Content-Security-Policy, 1.3 KB and the same on every page),
 * kept once for all the pages that carry them: each render makes its own copy, and 1,900 kept pages held 2.5 MB
 * of the same policy. Values this long that differ per page would only come and go (the map is emptied when full).
 */
const SHARED_VALUE_MIN_LENGTH = 256;
const SHARED_VALUES_MAX = 64;
const sharedValues = new Map<string, string>();

function shared(value: string): string {
  if (value.length < SHARED_VALUE_MIN_LENGTH) return value;
  const kept = sharedValues.get(value);
  if (kept !== undefined) return kept;
  if (sharedValues.size >= SHARED_VALUES_MAX) sharedValues.clear();
  sharedValues.set(value, value);
  return value;
}

export type PageEntry = {
  status: number;
  /** The Vary header of every reply: Accept-Encoding and what the rendered reply varied by (Save-Data). */
  vary: string;
  /** The rendered reply's own headers (Content-Type, Cache-Control, the page's Content-Security-Policy ...). */
  headers: [string, string][];
  /** The whole header list of a hit in each encoding, flat as Node takes it, made once with that encoding's copy. */
  hitHeaders: Partial<Record<ChosenCoding, string[]>>;
  /** The page in brotli and in gzip: at least one of them once the page is kept. */
  br?: Buffer;
  gzip?: Buffer;
  /** Only on the page that answers the request that rendered it: kept entries hold the compressed copies alone. */
  identity?: Buffer;
  identityLength: number;
  etag: string;
  tags: string[];
  storedAt: number;
  maxAgeMs: number;
  staleMs: number;
  bytes: number;
  /** Its brotli copy was made again at quality 10, or is waiting to be (refineLater). */
  refined?: boolean;
};

export type PageCacheOptions = { maxAgeSeconds: number; staleSeconds: number; tags: string[] };

/** What a cached page answers to one request: status, headers (flat: name, value, name, value ...) and body (null for HEAD and 304). */
export type PageReply = { status: number; headers: string[]; body: Buffer | null };

/** The headers of a request that choose the reply: the encodings it takes and the copy it already has. */
export type ReplyRequest = { method: string; acceptEncoding: string | null; ifNoneMatch: string | null };

const PLAIN_GET: ReplyRequest = { method: 'GET', acceptEncoding: null, ifNoneMatch: null };

export type PageLookup = { entry: PageEntry; fresh: boolean };

export type PageCacheStats = { entries: number; bytes: number; maxBytes: number };

/** A page just rendered: the answer to the request that rendered it, and the entry once its copy is made. */
export type StoredPage = { reply: Promise<PageReply>; kept: Promise<PageEntry> };

/** A drop of the pages carrying these tags, of the pages at this path, or of every page (neither given). */
type Drop = { tags?: ReadonlySet<string>; path?: string };
/** How many of the latest drops a render in flight can be checked against; a render that missed more is not kept. */
const DROPS_REMEMBERED = 256;

/** Whether the page at `path` (`/about` or `/products?page=2`) is among those `invalidatePath(dropped)` drops. */
const pathDropped = (path: string, dropped: string) => path === dropped || (!dropped.includes('?') && path.startsWith(`${dropped}?`));

export class PageCache {
  private entries = new Map<string, PageEntry>();
  private bytes = 0;
  private invalidations = 0;
  /** The latest drops, the last one being number `invalidations`. */
  private drops: Drop[] = [];
  private revalidating = new Set<string>();

  constructor(
    private readonly maxBytes: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** The entry for `key` if it is fresh, or stale but still within its stale-while-revalidate window. */
  lookup(key: string): PageLookup | undefined {
    const entry = this.entries.get(key);
    const age = entry ? this.now() - entry.storedAt : 0;
    if (!entry || age > entry.maxAgeMs + entry.staleMs) {
      if (entry) this.remove(key);
      return undefined;
    }
    // Re-inserting keeps Map order = least recently used first, which is what eviction walks.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return { entry, fresh: age <= entry.maxAgeMs };
  }

  /** A mark to pass to `store`: whatever is rendered after it is kept only if nothing it shows is dropped meanwhile. */
  mark(): number {
    return this.invalidations;
  }

  /**
   * Compresses a rendered page in the encoding its request takes and keeps it under `key`, unless a write dropped this page's
   * tags or address since `mark` (the render may have read the figures before it); drops of other pages do not
   * keep it out, so a busy store's steady writes leave the pages they do not touch cacheable. `reply` answers the
   * request that rendered the page; `kept` settles once the copy is made, with the entry (kept or not).
   */
  store(
    key: string,
    rendered: { status: number; headers: [string, string][]; body: Buffer },
    options: PageCacheOptions,
    mark: number,
    request: ReplyRequest = PLAIN_GET,
  ): StoredPage {
    // A client that takes neither encoding (rare) is answered from gzip, which every other client takes.
    const encoding = keptEncoding(request);
    const compressed = encoding === 'br' ? compressBrotli(rendered.body, BROTLI_OPTIONS) : compressGzip(rendered.body, GZIP_OPTIONS);
    const page: PageEntry = {
      status: rendered.status,
      vary: varyOf(rendered.headers),
      headers: rendered.headers.filter(([name]) => !NOT_REPLAYED.has(name.toLowerCase())).map(([name, value]) => [name, shared(value)]),
      hitHeaders: {},
      identity: rendered.body,
      identityLength: rendered.body.length,
      etag: weakEtag(rendered.body),
      tags: options.tags,
      storedAt: this.now(),
      maxAgeMs: options.maxAgeSeconds * 1000,
      staleMs: options.staleSeconds * 1000,
      bytes: 0,
    };
    const kept = compressed.then((copy) => {
      // Only the compressed copy is kept: browsers, crawlers and edges all take one.
      const entry: PageEntry = { ...page, identity: undefined, bytes: key.length * 2 + 512 };
      addCopy(entry, encoding, ownMemory(copy));
      entry.hitHeaders.identity = replyHeaders(entry, 'identity', 'HIT');
      if (!this.droppedSince(mark, key, options.tags) && entry.bytes <= this.maxBytes) this.keep(key, entry);
      return entry;
    });
    kept.catch((error: unknown) => log.error({ err: error }, `[page cache] could not compress ${key}`));
    const reply = compressed.then((copy) => replyFrom({ ...page, [encoding]: copy }, request, 'MISS'));
    return { reply, kept };
  }

  /**
   * The reply of a kept page (found by `lookup`) to one request. A page kept in the other encoding gets a copy in
   * this one first, counted in the cache's size: one compression, on the first request that asks for it.
   */
  answer(key: string, entry: PageEntry, request: ReplyRequest, cacheStatus: CacheStatus): PageReply {
    const encoding = chooseContentCoding(request.acceptEncoding ?? undefined, ['br', 'gzip']);
    const wantsCopy = encoding !== 'identity' && !entry[encoding] && !(request.ifNoneMatch && etagMatches(request.ifNoneMatch, entry.etag));
    if (wantsCopy) {
      const before = entry.bytes;
      addCopy(entry, encoding, ownMemory(compressedCopy(entry, encoding)));
      if (this.entries.get(key) === entry) {
        this.bytes += entry.bytes - before;
        this.evictBeyondSize();
      }
    }
    if (cacheStatus === 'HIT' && encoding === 'br') this.refineLater(key, entry);
    return replyFrom(entry, request, cacheStatus);
  }

  private refining: Promise<void> = Promise.resolve();
  private refinesWaiting = 0;

  /** Queues a kept page's brotli copy to be made again at quality 10 when its reply misses TCP's first window. */
  private refineLater(key: string, entry: PageEntry): void {
    if (entry.refined || !entry.br || this.refinesWaiting >= REFINES_WAITING) return;
    const replyBytes = entry.br.length + entry.hitHeaders.br!.reduce((sum, part) => sum + part.length + 2, 0) + SERVER_HEAD_BYTES;
    if (replyBytes <= FIRST_WINDOW_BYTES) return;
    entry.refined = true;
    this.refinesWaiting++;
    this.refining = this.refining
      .then(() => this.refine(key, entry))
      .catch((error: unknown) => log.error({ err: error }, `[page cache] could not compress ${key} again`))
      .finally(() => this.refinesWaiting--);
  }

  private async refine(key: string, entry: PageEntry): Promise<void> {
    if (this.entries.get(key) !== entry) return;
    const smaller = await compressBrotli(await decompressBrotli(entry.br!), REFINED_BROTLI_OPTIONS);
    // Dropped or replaced meanwhile: the page it was is no longer answered.
    if (this.entries.get(key) !== entry || smaller.length >= entry.br!.length) return;
    const before = entry.bytes;
    entry.bytes -= entry.br!.length;
    addCopy(entry, 'br', ownMemory(smaller));
    this.bytes += entry.bytes - before;
  }

  /** Waits for the pages queued to be compressed again (tests). */
  refined(): Promise<void> {
    return this.refining;
  }

  /** Drops every page carrying one of the tags. */
  invalidate(tags: readonly string[]): void {
    const dropped = new Set(tags);
    this.dropped({ tags: dropped });
    for (const [key, entry] of this.entries) {
      if (entry.tags.some((tag) => dropped.has(tag))) this.remove(key);
    }
  }

  /** Drops the page at `path` in every mode (every query of it when `path` has none). */
  invalidatePath(path: string): void {
    this.dropped({ path });
    for (const key of [...this.entries.keys()]) if (pathDropped(pathOfKey(key), path)) this.remove(key);
  }

  clear(): void {
    this.dropped({});
    this.entries.clear();
    this.bytes = 0;
  }

  private dropped(drop: Drop): void {
    this.invalidations++;
    this.drops.push(drop);
    if (this.drops.length > DROPS_REMEMBERED) this.drops.shift();
  }

  /** Whether a drop since `mark` touched the page at `key` with `tags`. */
  private droppedSince(mark: number, key: string, tags: readonly string[]): boolean {
    const missed = this.invalidations - mark;
    if (missed === 0) return false;
    if (missed > this.drops.length) return true;
    return this.drops.slice(-missed).some((drop) => {
      if (drop.tags) return tags.some((tag) => drop.tags!.has(tag));
      if (drop.path !== undefined) return pathDropped(pathOfKey(key), drop.path);
      return true;
    });
  }

  /**
   * Runs `render` for a stale entry in the background, once per key at a time, so shoppers keep getting the
   * stale copy quickly while one request brings it up to date.
   */
  revalidate(key: string, render: () => Promise<unknown>): void {
    if (this.revalidating.has(key)) return;
    this.revalidating.add(key);
    render()
      .catch((error: unknown) => log.error({ err: error }, `[page cache] could not render ${key} again`))
      .finally(() => this.revalidating.delete(key));
  }

  stats(): PageCacheStats {
    return { entries: this.entries.size, bytes: this.bytes, maxBytes: this.maxBytes };
  }

  private keep(key: string, entry: PageEntry) {
    this.remove(key);
    this.entries.set(key, entry);
    this.bytes += entry.bytes;
    this.evictBeyondSize();
  }

  private evictBeyondSize() {
    for (const oldest of this.entries.keys()) {
      if (this.bytes <= this.maxBytes) break;
      this.remove(oldest);
    }
  }

  private remove(key: string) {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.bytes;
  }
}

/** The encoding a page rendered for this request is kept in: brotli when it takes it, else gzip. */
function keptEncoding(request: ReplyRequest): 'br' | 'gzip' {
  return chooseContentCoding(request.acceptEncoding ?? undefined, ['br', 'gzip']) === 'br' ? 'br' : 'gzip';
}

/** Gives a page its copy in one encoding, with the headers of a hit in it, and counts the copy in its size. */
function addCopy(entry: PageEntry, encoding: 'br' | 'gzip', copy: Buffer): void {
  entry[encoding] = copy;
  entry.bytes += copy.length;
  entry.hitHeaders[encoding] = replyHeaders(entry, encoding, 'HIT');
}

/** The page in an encoding it has no copy in yet, made from the one it has (a few milliseconds, on the event loop). */
function compressedCopy(entry: PageEntry, encoding: 'br' | 'gzip'): Buffer {
  return encoding === 'br' ? brotliCompressSync(plainOf(entry), BROTLI_OPTIONS) : gzipSync(plainOf(entry), GZIP_OPTIONS);
}

/** The page itself, from whichever copy it has. */
function plainOf(entry: PageEntry): Buffer {
  return entry.identity ?? (entry.br ? brotliDecompressSync(entry.br) : gunzipSync(entry.gzip!));
}

/**
 * zlib answers with a view of its output chunk (64 KB), which a kept page would hold whole: a 10 KB page would
 * cost 64 KB, and the cache several times its PAGE_CACHE_MB. A copy of its own holds only the page's bytes.
 */
function ownMemory(compressed: Buffer): Buffer {
  if (compressed.length === compressed.buffer.byteLength) return compressed;
  // Not from Buffer's shared pool either, where a small page would hold an 8 KB slab.
  const own = Buffer.allocUnsafeSlow(compressed.length);
  compressed.copy(own);
  return own;
}

/** A page's path and query as it is kept: the query sorted, without tracking parameters. */
export function pagePath(url: URL): string {
  const query = new URLSearchParams(url.search);
  for (const name of [...query.keys()]) if (TRACKING_PARAMETER.test(name)) query.delete(name);
  query.sort();
  const search = query.toString();
  return search ? `${url.pathname}?${search}` : url.pathname;
}

/** The headers of a request that choose which kind of a page it gets (src/lib/data-saver.ts). */
export type ModeHeaders = { saveData: string | null | undefined; cookie: string | null | undefined };

/**
 * The cache key of the page a request asks for: its path and query (`pagePath`; a target without a query, an
 * escape or a dot segment is its own path) in the request's data-saver mode. The HTTP server's hits
 * (src/server/http/cached-pages.ts) and Astro's cache provider both name pages with this, so a page is never
 * answered in the other mode's kind. Normal pages are named by their path alone; the others get a prefix
 * without a slash, which no path has.
 */
export function pageKey(target: URL | string, headers: ModeHeaders = { saveData: null, cookie: null }): string {
  const path = typeof target !== 'string' ? pagePath(target) : /[?%]|\/\./.test(target) ? pagePath(new URL(target, 'http://store')) : target;
  const mode: DataSaver = dataSaverOf(headers.saveData, headers.cookie);
  return mode === 'off' ? path : `${mode}:${path}`;
}

/** The page's path and query in a key, whatever its mode. */
function pathOfKey(key: string): string {
  return key.startsWith('/') ? key : key.slice(key.indexOf('/'));
}

/** Accept-Encoding (the cache answers in several) and whatever else the rendered reply said it varies by. */
function varyOf(headers: [string, string][]): string {
  const names = ['Accept-Encoding'];
  for (const [name, value] of headers) {
    if (name.toLowerCase() !== 'vary') continue;
    for (const token of value.split(',').map((part) => part.trim())) {
      if (token && !names.some((known) => known.toLowerCase() === token.toLowerCase())) names.push(token);
    }
  }
  return names.join(', ');
}

/** The reply a cached page gives to one request: 304 when the client's copy is current, else the body in its best encoding. */
export function replyFrom(entry: PageEntry, request: ReplyRequest, cacheStatus: CacheStatus): PageReply {
  if (request.ifNoneMatch && etagMatches(request.ifNoneMatch, entry.etag)) {
    const kept = entry.headers.filter(([name]) => /^(cache-control|content-location|date|expires|surrogate-control|xkey)$/i.test(name));
    return { status: 304, headers: [...kept, ...validators(entry, cacheStatus)].flat(), body: null };
  }
  const encoding = chooseContentCoding(request.acceptEncoding ?? undefined, ['br', 'gzip']);
  // Every browser and crawler takes gzip or brotli; the rare client that takes neither costs a decompression. A
  // copy the page does not have yet is made here for this reply alone (PageCache.answer keeps it).
  if (encoding !== 'identity' && !entry[encoding]) {
    return replyFrom({ ...entry, [encoding]: compressedCopy(entry, encoding), hitHeaders: {} }, request, cacheStatus);
  }
  const body = encoding === 'br' ? entry.br! : encoding === 'gzip' ? entry.gzip! : plainOf(entry);
  const headers = (cacheStatus === 'HIT' ? entry.hitHeaders[encoding] : undefined) ?? replyHeaders(entry, encoding, cacheStatus);
  return { status: entry.status, headers, body: request.method === 'HEAD' ? null : body };
}

function validators(entry: PageEntry, cacheStatus: CacheStatus): [string, string][] {
  return [
    ['ETag', entry.etag],
    ['Vary', entry.vary],
    ['X-Astro-Cache', cacheStatus],
  ];
}

function replyHeaders(entry: PageEntry, encoding: ChosenCoding, cacheStatus: CacheStatus): string[] {
  const length = encoding === 'br' ? entry.br!.length : encoding === 'gzip' ? entry.gzip!.length : entry.identityLength;
  const coding: [string, string][] = encoding === 'identity' ? [] : [['Content-Encoding', encoding]];
  return [...entry.headers, ...validators(entry, cacheStatus), ['Content-Length', String(length)], ...coding].flat();
}

const CACHE_KEY = Symbol.for('marketplace.pageCache');
type Holder = { [CACHE_KEY]?: PageCache };
const holder = globalThis as Holder;

/** The process's page cache, sized by PAGE_CACHE_MB (32 MB unless set). */
export function getPageCache(): PageCache {
  return (holder[CACHE_KEY] ??= new PageCache(config.PAGE_CACHE_MB * 1024 * 1024));
}
