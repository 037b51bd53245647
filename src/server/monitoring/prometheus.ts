/**
 * The store's Prometheus metrics: one registry, the counters the caches, the edge purges and the storage feed,
 * the HTTP requests (request-tracking.ts) and the gauges read at scrape time (scrape.ts). They live on globalThis:
 * the server script and the built Astro bundle each carry a copy of this module, and a count made in one must
 * show in the `/metrics` the other answers.
 */
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const registers = [registry];
  return {
    registry,
    /** Purges sent to the edge caches: each attempt, by where it went and how it ended. */
    edgePurges: new Counter({
      name: 'store_edge_purges_total',
      help: 'Purge requests sent to edge caches, by target and outcome',
      labelNames: ['target', 'outcome'] as const,
      registers,
    }),
    /** Look-ups in the store's own page cache: hit (fresh), stale (served while rendered anew) or miss. */
    pageCacheLookups: new Counter({
      name: 'store_page_cache_lookups_total',
      help: 'Page cache look-ups by result',
      labelNames: ['result'] as const,
      registers,
    }),
    /** Reads, writes and deletes of stored files, in the folder or the bucket. */
    storageOperations: new Counter({
      name: 'store_storage_operations_total',
      help: 'Stored-file operations by backend, operation and outcome',
      labelNames: ['backend', 'operation', 'outcome'] as const,
      registers,
    }),
    /**
     * Every request answered, by route pattern (never the raw address), method and status class; its `_count`
     * is the number of requests. Buckets from a cached page (under a millisecond) to a slow render.
     */
    httpRequests: new Histogram({
      name: 'store_http_request_duration_seconds',
      help: 'Time to answer a request, by route pattern, method and status class',
      labelNames: ['route', 'method', 'status'] as const,
      buckets: [0.001, 0.005, 0.025, 0.1, 0.25, 1, 2.5, 10],
      registers,
    }),
    /** The PostgreSQL pool's connections (none on PGlite, which has one connection and no pool). */
    databasePool: new Gauge({
      name: 'store_database_pool_connections',
      help: 'PostgreSQL pool connections: total, idle, and requests waiting for one',
      labelNames: ['state'] as const,
      registers,
    }),
    smsOutbox: new Gauge({
      name: 'store_sms_outbox_messages',
      help: 'Text messages still to send: queued (waiting for their attempt) or sending (claimed by an instance)',
      labelNames: ['status'] as const,
      registers,
    }),
    pendingPayments: new Gauge({
      name: 'store_payments_pending',
      help: 'Payment requests waiting for the buyer or the network (PENDING_PAYMENT), by gateway',
      labelNames: ['gateway'] as const,
      registers,
    }),
    pendingPayouts: new Gauge({
      name: 'store_payouts_pending',
      help: 'Vendor payouts sent or to send that the network has not settled (PENDING)',
      registers,
    }),
    queuesReadable: new Gauge({
      name: 'store_queue_gauges_up',
      help: '1 when the last scrape read the queues from the database, 0 when it could not',
      registers,
    }),
  };
}

const METRICS_KEY = Symbol.for('marketplace.metrics');
const holder = globalThis as { [METRICS_KEY]?: ReturnType<typeof createMetrics> };
const metrics = (holder[METRICS_KEY] ??= createMetrics());

export const {
  registry: metricsRegistry,
  edgePurges,
  pageCacheLookups,
  storageOperations,
  httpRequests,
  databasePool,
  smsOutbox,
  pendingPayments,
  pendingPayouts,
  queuesReadable,
} = metrics;
