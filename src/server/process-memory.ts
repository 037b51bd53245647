/**
 * What a store process holds in memory, and the bound on libvips' cache. The other parts that grow with
 * traffic are bounded where they live: the page cache by PAGE_CACHE_MB (cache/page-cache.ts), the catalogue
 * cache by CACHE_MAX_BYTES (cache/ttl-cache.ts), the V8 heap by the flags `npm start` gives node (package.json).
 * `kill -USR2 <pid>` logs the report (`memory` in one JSON line): npm run bench:memory reads it, and so can
 * whoever runs the store.
 */
import v8 from 'node:v8';
import sharp from 'sharp';
import { getPageCache } from './cache/page-cache';
import { getCache } from './cache/ttl-cache';
import { log } from './log';
import { config } from './config';

/**
 * libvips keeps recent operations and open files for reuse (50 MB, 100 operations and 20 files by default).
 * The store encodes each picture size once and keeps it on disk, so a cached operation is never asked for
 * again: the cache only holds memory.
 */
export const PICTURE_CACHE = { memory: 0, files: 0, items: 0 } as const;

export function boundPictureMemory(): void {
  sharp.cache(PICTURE_CACHE);
}

const megabytes = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;

export type MemoryReport = ReturnType<typeof memoryReport>;

/** Sizes in MB (to 0.1): the process, the V8 heap, and the store's own caches. */
export function memoryReport() {
  const usage = process.memoryUsage();
  const heap = v8.getHeapStatistics();
  const newSpace = v8.getHeapSpaceStatistics().find((space) => space.space_name === 'new_space');
  const pages = getPageCache().stats();
  const catalogue = getCache().health();
  const vips = sharp.cache();
  return {
    /** The flags node was started with (npm start's, in package.json). */
    nodeFlags: process.execArgv,
    /** glibc's malloc arenas (npm start sets 2: one per thread by default, each holding freed memory of its own). */
    mallocArenas: config.MALLOC_ARENA_MAX ?? null,
    rss: megabytes(usage.rss),
    heapUsed: megabytes(usage.heapUsed),
    heapTotal: megabytes(usage.heapTotal),
    heapLimit: megabytes(heap.heap_size_limit),
    newSpace: megabytes(newSpace?.space_size ?? 0),
    external: megabytes(usage.external),
    arrayBuffers: megabytes(usage.arrayBuffers),
    pageCache: { entries: pages.entries, size: megabytes(pages.bytes), limit: megabytes(pages.maxBytes) },
    catalogueCache: {
      entries: catalogue.entries,
      size: megabytes(catalogue.bytes),
      limit: megabytes(catalogue.maxBytes),
      heaviest: getCache()
        .heaviestKinds(3)
        .map(({ kind, entries, bytes }) => ({ kind, entries, size: megabytes(bytes) })),
    },
    // sharp gives libvips' figures in MB already.
    pictureCache: { size: vips.memory.current, limit: vips.memory.max, files: vips.files.max, items: vips.items.max },
    pictureThreads: sharp.concurrency(),
  };
}

/** Logs the report whenever the process receives SIGUSR2. */
export function reportMemoryOnSignal(): void {
  process.on('SIGUSR2', () => log.info({ memory: memoryReport() }, 'memory'));
}
