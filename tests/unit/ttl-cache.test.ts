import { describe, expect, it } from 'vitest';
import { TtlCache, TTL } from '~/server/cache/ttl-cache';

function clockedCache(options: { maxBytes?: number } = {}) {
  let now = 1_000_000;
  const cache = new TtlCache({ ...options, now: () => now });
  return { cache, advance: (ms: number) => (now += ms) };
}

describe('TtlCache', () => {
  it('keeps the spec TTLs', () => {
    expect(TTL.categories).toBe(24 * 3600_000);
    expect(TTL.manifest).toBe(12 * 3600_000);
    expect(TTL.products).toBe(2 * 3600_000);
    expect(TTL.productDetails).toBe(3600_000);
    expect(TTL.vendors).toBe(6 * 3600_000);
    expect(TTL.searchResults).toBe(30 * 60_000);
  });

  it('expires entries after their time to live and deletes them on read', () => {
    const { cache, advance } = clockedCache();
    cache.set('a', 1, 1000);
    advance(999);
    expect(cache.get('a')).toBe(1);
    advance(1);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.stats().entries).toBe(0);
  });

  it('counts hits and misses', () => {
    const { cache } = clockedCache();
    cache.set('a', 1, 1000);
    cache.get('a');
    cache.get('a');
    cache.get('b');
    expect(cache.stats()).toMatchObject({ hits: 2, misses: 1, hitRate: 2 / 3 });
  });

  it('sweeps expired entries', () => {
    const { cache, advance } = clockedCache();
    cache.set('short', 1, 10);
    cache.set('long', 2, 10_000);
    advance(100);
    expect(cache.sweep()).toBe(1);
    expect(cache.stats().entries).toBe(1);
  });

  it('invalidates by prefix', () => {
    const { cache } = clockedCache();
    cache.set('product:1', 1, 1000);
    cache.set('product:2', 2, 1000);
    cache.set('products:list', 3, 1000);
    cache.invalidate('product:');
    expect(cache.get('product:1')).toBeUndefined();
    expect(cache.get('products:list')).toBe(3);
  });

  it('evicts the least recently used entries above the size cap', () => {
    // Each entry here weighs 26 bytes (key + JSON, two bytes a character): two fit, three do not.
    const { cache } = clockedCache({ maxBytes: 60 });
    cache.set('a', 'x'.repeat(10), 1000);
    cache.set('b', 'y'.repeat(10), 1000);
    cache.get('a');
    cache.set('c', 'z'.repeat(10), 1000);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe('x'.repeat(10));
    expect(cache.stats().bytes).toBeLessThanOrEqual(60);
  });

  it('wipes everything on a version change', () => {
    const { cache } = clockedCache();
    cache.set('a', 1, 1000);
    cache.setVersion('1.0.0');
    expect(cache.get('a')).toBe(1);
    cache.setVersion('2.0.0');
    expect(cache.get('a')).toBeUndefined();
    expect(cache.stats().version).toBe('2.0.0');
  });

  it('computes a missing value once for concurrent readers and does not cache failures', async () => {
    const { cache } = clockedCache();
    let calls = 0;
    const compute = async () => {
      calls++;
      await new Promise((resolve) => setTimeout(resolve, 10));
      return 'value';
    };
    expect(await Promise.all([cache.wrap('k', 1000, compute), cache.wrap('k', 1000, compute)])).toEqual(['value', 'value']);
    expect(calls).toBe(1);

    await expect(cache.wrap('bad', 1000, async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await cache.wrap('bad', 1000, async () => 'recovered')).toBe('recovered');
  });

  it('does not keep a value read while a write dropped the cache: the read may have seen the old data', async () => {
    const { cache } = clockedCache();
    let release!: () => void;
    const reading = cache.wrap('product:7', 1000, () => new Promise<string>((resolve) => (release = () => resolve('old stock'))));
    cache.invalidate('product');
    release();
    expect(await reading).toBe('old stock');
    expect(cache.get('product:7')).toBeUndefined();
    expect(await cache.wrap('product:7', 1000, async () => 'new stock')).toBe('new stock');
    expect(cache.get('product:7')).toBe('new stock');
  });

  it('reports its health: healthy, a warning under 30% hits, critical under 10%, judged after 20 lookups', () => {
    const { cache } = clockedCache();
    const lookups = (hits: number, misses: number) => {
      cache.set('seen', 1, 60_000);
      for (let i = 0; i < hits; i++) cache.get('seen');
      for (let i = 0; i < misses; i++) cache.get(`missing-${i}`);
    };
    lookups(0, 19);
    expect(cache.health()).toMatchObject({
      status: 'healthy',
      problems: [],
      version: '1.0.0',
      maxBytes: 50 * 1024 * 1024,
      warnBytes: 40 * 1024 * 1024,
      cleanupIntervalMs: 24 * 3600_000,
    });
    lookups(1, 0);
    expect(cache.health()).toMatchObject({ status: 'critical', problems: ['Hit rate 5% is under 10%'] });
    lookups(5, 0);
    expect(cache.health()).toMatchObject({ status: 'warning', problems: ['Hit rate 24% is under 30%'] });
    lookups(20, 0);
    expect(cache.health().status).toBe('healthy');
  });

  it('warns when its size passes the warning mark, and records when it last swept', () => {
    const { cache } = clockedCache();
    expect(cache.health().lastCleanupAt).toBeNull();
    cache.set('big', 'x'.repeat(21 * 1024 * 1024), 60_000);
    expect(cache.health()).toMatchObject({ status: 'warning', problems: ['Size 42.0 MB is above 40 MB'] });
    cache.sweep();
    expect(cache.health().lastCleanupAt).toBe(new Date(1_000_000).toISOString());
  });
});
