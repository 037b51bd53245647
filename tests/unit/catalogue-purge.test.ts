import { describe, expect, it } from 'vitest';
import { getCache, TTL } from '~/server/cache/ttl-cache';
import { forgetCatalogue, forgetShownProducts } from '~/server/catalog/products';

describe('catalogue purges', () => {
  it('a catalogue write drops every cached read that lists or counts products, the sitemap included', () => {
    const cache = getCache();
    const keys = ['products:list', 'product:7', 'categories:all', 'vendors:3', 'manifest:home', 'search:plan:x', 'filters:9', 'sitemap:count'];
    for (const key of keys) cache.set(key, 1, TTL.products);
    cache.set('delivery:locations', 1, TTL.categories);
    forgetCatalogue();
    for (const key of keys) expect(cache.get(key), key).toBeUndefined();
    expect(cache.get('delivery:locations')).toBe(1);
  });

  it('a stock or rating change drops details, lists, filters and home sections but keeps the category tree', () => {
    const cache = getCache();
    for (const key of ['products:list', 'product:7', 'filters:9', 'manifest:home', 'categories:all']) cache.set(key, 1, TTL.products);
    forgetShownProducts();
    for (const key of ['products:list', 'product:7', 'filters:9', 'manifest:home']) expect(cache.get(key), key).toBeUndefined();
    expect(cache.get('categories:all')).toBe(1);
  });
});
