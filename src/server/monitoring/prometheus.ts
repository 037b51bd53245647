/**
 * The store's Prometheus metrics: one registry, and the counters the caches, the edge purges and the storage
 * feed. The HTTP metrics, the gauges read at scrape time and the `/metrics` route build on this registry.
 */
import { Counter, Registry } from 'prom-client';

export const metricsRegistry = new Registry();

/** Purges sent to the edge caches: each attempt, by where it went and how it ended. */
export const edgePurges = new Counter({
  name: 'store_edge_purges_total',
  help: 'Purge requests sent to edge caches, by target and outcome',
  labelNames: ['target', 'outcome'] as const,
  registers: [metricsRegistry],
});

/** Look-ups in the store's own page cache: hit (fresh), stale (served while rendered anew) or miss. */
export const pageCacheLookups = new Counter({
  name: 'store_page_cache_lookups_total',
  help: 'Page cache look-ups by result',
  labelNames: ['result'] as const,
  registers: [metricsRegistry],
});

/** Reads, writes and deletes of stored files, in the folder or the bucket. */
export const storageOperations = new Counter({
  name: 'store_storage_operations_total',
  help: 'Stored-file operations by backend, operation and outcome',
  labelNames: ['backend', 'operation', 'outcome'] as const,
  registers: [metricsRegistry],
});
