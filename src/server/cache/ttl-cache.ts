/**
 * An in-process TTL cache for catalogue reads. It holds nothing that matters: losing it costs a query,
 * so many stateless instances can each keep their own. Entries expire by time to live and are deleted
 * when read after expiry; a sweep removes the rest; the size is capped (least recently used go first);
 * a version change wipes everything. Concurrent misses for one key share a single computation.
 */
import { config } from '../config';
export const CACHE_VERSION = '1.0.0';
export const CACHE_MAX_BYTES = 50 * 1024 * 1024;
export const CACHE_WARN_BYTES = 40 * 1024 * 1024;
export const CACHE_CLEANUP_INTERVAL_MS = 24 * 60 * 60 * 1000;

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;

/** Time to live per kind of data, from the spec (section 9). */
export const TTL = {
  categories: 24 * HOUR,
  manifest: 12 * HOUR,
  products: 2 * HOUR,
  productDetails: 1 * HOUR,
  vendors: 6 * HOUR,
  searchResults: 30 * MINUTE,
  featured: 4 * HOUR,
  bannerCategories: 24 * HOUR,
  flashSales: 30 * MINUTE,
  superBuyer: 30 * MINUTE,
  topProducts: 30 * MINUTE,
} as const;

type Entry = { value: unknown; expiresAt: number; bytes: number };

/** Health (spec section 9): a hit rate under 30% is a warning and under 10% critical; so is a size above 40 MB (a warning). */
export const CACHE_HEALTH_THRESHOLDS = { warningHitRate: 0.3, criticalHitRate: 0.1, minLookups: 20 } as const;

export type CacheHealthStatus = 'healthy' | 'warning' | 'critical';

export type CacheHealth = CacheStats & {
  maxBytes: number;
  warnBytes: number;
  cleanupIntervalMs: number;
  lastCleanupAt: string | null;
  status: CacheHealthStatus;
  problems: string[];
};

export type CacheStats = {
  version: string;
  entries: number;
  bytes: number;
  hits: number;
  misses: number;
  hitRate: number;
};

export class TtlCache {
  private entries = new Map<string, Entry>();
  private pending = new Map<string, Promise<unknown>>();
  private bytes = 0;
  private lastCleanupAt: number | null = null;
  private hits = 0;
  private misses = 0;
  private version: string;
  /** Counts invalidations, so a computation that overlapped one does not store what it read before it. */
  private invalidations = 0;

  constructor(private readonly options: { maxBytes?: number; version?: string; now?: () => number } = {}) {
    this.version = options.version ?? CACHE_VERSION;
  }

  private now() {
    return this.options.now ? this.options.now() : Date.now();
  }

  get<T>(key: string): T | undefined {
    const entry = this.entries.get(key);
    if (!entry) {
      this.misses++;
      return undefined;
    }
    if (entry.expiresAt <= this.now()) {
      this.remove(key);
      this.misses++;
      return undefined;
    }
    // Re-inserting keeps Map order = least recently used first, which is what eviction walks.
    this.entries.delete(key);
    this.entries.set(key, entry);
    this.hits++;
    return entry.value as T;
  }

  set(key: string, value: unknown, ttlMs: number): void {
    this.remove(key);
    const bytes = estimateBytes(key, value);
    const maxBytes = this.options.maxBytes ?? CACHE_MAX_BYTES;
    if (bytes > maxBytes) return;
    this.entries.set(key, { value, expiresAt: this.now() + ttlMs, bytes });
    this.bytes += bytes;
    for (const oldest of this.entries.keys()) {
      if (this.bytes <= maxBytes) break;
      this.remove(oldest);
    }
  }

  /** Returns the cached value or computes, stores and returns it. Failures are not cached. */
  async wrap<T>(key: string, ttlMs: number, compute: () => Promise<T>): Promise<T> {
    const cached = this.get<T>(key);
    if (cached !== undefined) return cached;
    const inFlight = this.pending.get(key);
    if (inFlight) return inFlight as Promise<T>;
    const generation = this.version;
    const invalidationsAtStart = this.invalidations;
    const promise = compute()
      .then((value) => {
        // A write committed while this was being read may have been missed by it: answer, but keep nothing.
        if (generation === this.version && invalidationsAtStart === this.invalidations) this.set(key, value, ttlMs);
        return value;
      })
      .finally(() => this.pending.delete(key));
    this.pending.set(key, promise);
    return promise;
  }

  /** Drops every entry whose key starts with one of the prefixes (writes call this, after they commit). */
  invalidate(...prefixes: string[]): void {
    this.invalidations++;
    for (const key of [...this.entries.keys()]) {
      if (prefixes.some((prefix) => key.startsWith(prefix))) this.remove(key);
    }
    for (const key of [...this.pending.keys()]) {
      if (prefixes.some((prefix) => key.startsWith(prefix))) this.pending.delete(key);
    }
  }

  /** Removes expired entries; returns how many went. */
  sweep(): number {
    const now = this.now();
    this.lastCleanupAt = now;
    let removed = 0;
    for (const [key, entry] of this.entries) {
      if (entry.expiresAt <= now) {
        this.remove(key);
        removed++;
      }
    }
    return removed;
  }

  /** A different version means the cached shapes may be stale: start empty. */
  setVersion(version: string): void {
    if (version === this.version) return;
    this.version = version;
    this.clear();
  }

  clear(): void {
    this.entries.clear();
    this.pending.clear();
    this.bytes = 0;
  }

  stats(): CacheStats {
    const lookups = this.hits + this.misses;
    return {
      version: this.version,
      entries: this.entries.size,
      bytes: this.bytes,
      hits: this.hits,
      misses: this.misses,
      hitRate: lookups ? this.hits / lookups : 0,
    };
  }

  /** The kinds of entry holding the most, by key up to its first number or query (for the memory report). */
  heaviestKinds(count: number): { kind: string; entries: number; bytes: number }[] {
    const kinds = new Map<string, { kind: string; entries: number; bytes: number }>();
    for (const [key, entry] of this.entries) {
      const kind = /^[^0-9{"]*/.exec(key)![0];
      const figures = kinds.get(kind) ?? { kind, entries: 0, bytes: 0 };
      figures.entries++;
      figures.bytes += entry.bytes;
      kinds.set(kind, figures);
    }
    return [...kinds.values()].sort((a, b) => b.bytes - a.bytes).slice(0, count);
  }

  /** The figures with a verdict. A hit rate is judged only after enough lookups to mean something. */
  health(): CacheHealth {
    const stats = this.stats();
    const warnBytes = Math.min(CACHE_WARN_BYTES, this.options.maxBytes ?? CACHE_MAX_BYTES);
    const problems: string[] = [];
    let status: CacheHealthStatus = 'healthy';
    const judged = stats.hits + stats.misses >= CACHE_HEALTH_THRESHOLDS.minLookups;
    const percent = (rate: number) => `${Math.round(rate * 100)}%`;
    if (judged && stats.hitRate < CACHE_HEALTH_THRESHOLDS.criticalHitRate) {
      status = 'critical';
      problems.push(`Hit rate ${percent(stats.hitRate)} is under ${percent(CACHE_HEALTH_THRESHOLDS.criticalHitRate)}`);
    } else if (judged && stats.hitRate < CACHE_HEALTH_THRESHOLDS.warningHitRate) {
      status = 'warning';
      problems.push(`Hit rate ${percent(stats.hitRate)} is under ${percent(CACHE_HEALTH_THRESHOLDS.warningHitRate)}`);
    }
    if (stats.bytes > warnBytes) {
      if (status === 'healthy') status = 'warning';
      problems.push(`Size ${(stats.bytes / 1024 / 1024).toFixed(1)} MB is above ${(warnBytes / 1024 / 1024).toFixed(0)} MB`);
    }
    return {
      ...stats,
      maxBytes: this.options.maxBytes ?? CACHE_MAX_BYTES,
      warnBytes,
      cleanupIntervalMs: CACHE_CLEANUP_INTERVAL_MS,
      lastCleanupAt: this.lastCleanupAt === null ? null : new Date(this.lastCleanupAt).toISOString(),
      status,
      problems,
    };
  }

  private remove(key: string) {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.bytes -= entry.bytes;
    this.entries.delete(key);
  }
}

/** Rough size: UTF-16 length of the JSON form, good enough to keep the cap honest. */
function estimateBytes(key: string, value: unknown): number {
  return (key.length + (JSON.stringify(value)?.length ?? 0)) * 2;
}

const CACHE_KEY = Symbol.for('marketplace.cache');
type Holder = { [CACHE_KEY]?: TtlCache };

/** The process-wide catalogue cache, shared by the start script and the built app (see db/client.ts), sized by CATALOG_CACHE_MB. */
export function getCache(): TtlCache {
  const holder = globalThis as Holder;
  if (!holder[CACHE_KEY]) {
    const cache = new TtlCache({ maxBytes: config.CATALOG_CACHE_MB * 1024 * 1024 });
    holder[CACHE_KEY] = cache;
    setInterval(() => cache.sweep(), CACHE_CLEANUP_INTERVAL_MS).unref();
  }
  return holder[CACHE_KEY];
}

/** Set CATALOG_CACHE=off to measure the database without the cache in front (benchmarks). */
export function cacheEnabled(): boolean {
  return config.CATALOG_CACHE !== 'off';
}

/** Reads through the process cache (or straight from `compute` when the cache is switched off). */
export function cached<T>(key: string, ttlMs: number, compute: () => Promise<T>): Promise<T> {
  return cacheEnabled() ? getCache().wrap(key, ttlMs, compute) : compute();
}
