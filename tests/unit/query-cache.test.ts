import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cacheKey, clearQueries, fetchQuery, readQuery, refetchQueries, setQueryData, watchQuery } from '~/islands/query-cache';

/** A fetcher whose answers the test gives one by one. */
function controlledFetcher<T>() {
  const calls: { key: unknown; resolve: (value: T) => void; reject: (error: Error) => void }[] = [];
  const fetcher = vi.fn(
    (key: unknown) =>
      new Promise<T>((resolve, reject) => {
        calls.push({ key, resolve, reject });
      }),
  );
  return { fetcher, calls };
}

describe("the islands' query cache", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    clearQueries();
  });
  afterEach(() => {
    clearQueries();
    vi.useRealTimers();
  });

  it('asks once for a key while a request is under way, shares the answer and tells the watchers', async () => {
    const { fetcher, calls } = controlledFetcher<string>();
    const heard = vi.fn();
    const stop = watchQuery('/api/reviews?product_id=1', heard);
    const first = fetchQuery('/api/reviews?product_id=1', fetcher);
    const second = fetchQuery('/api/reviews?product_id=1', fetcher);
    expect(fetcher).toHaveBeenCalledTimes(1);
    expect(readQuery('/api/reviews?product_id=1')).toEqual({ fetching: true });
    calls[0]!.resolve('page one');
    await Promise.all([first, second]);
    expect(readQuery('/api/reviews?product_id=1')).toEqual({ data: 'page one', fetching: false });
    expect(heard).toHaveBeenCalledTimes(2);
    stop();
  });

  it('keeps an answer fresh for freshMs, then asks again; a forced ask goes at once', async () => {
    const fetcher = vi.fn(async (key: string) => `${key} at ${Date.now()}`);
    await fetchQuery('/a', fetcher, { freshMs: 300_000 });
    vi.advanceTimersByTime(299_000);
    await fetchQuery('/a', fetcher, { freshMs: 300_000 });
    expect(fetcher).toHaveBeenCalledTimes(1);
    await fetchQuery('/a', fetcher, { freshMs: 300_000 }, true);
    expect(fetcher).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(300_001);
    await fetchQuery('/a', fetcher, { freshMs: 300_000 });
    expect(fetcher).toHaveBeenCalledTimes(3);
  });

  it('keeps the last answer beside an error and retries as many times as asked, then stops', async () => {
    const { fetcher, calls } = controlledFetcher<string>();
    const ask = fetchQuery('/b', fetcher, { retries: 1, retryMs: 5_000 });
    calls[0]!.resolve('old');
    await ask;
    const again = fetchQuery('/b', fetcher, { retries: 1, retryMs: 5_000 }, true);
    calls[1]!.reject(new Error('no network'));
    await again;
    expect(readQuery('/b')).toEqual({ data: 'old', error: new Error('no network'), fetching: false });
    await vi.advanceTimersByTimeAsync(5_000);
    expect(fetcher).toHaveBeenCalledTimes(3);
    calls[2]!.reject(new Error('still none'));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetcher).toHaveBeenCalledTimes(3);
    expect(readQuery('/b').error?.message).toBe('still none');
  });

  it('a forced ask during a request asks again once it is answered, so a write is never hidden by an older answer', async () => {
    const { fetcher, calls } = controlledFetcher<string>();
    void fetchQuery('/c', fetcher);
    const forced = fetchQuery('/c', fetcher, {}, true);
    calls[0]!.resolve('before the write');
    await vi.waitFor(() => expect(calls).toHaveLength(2));
    calls[1]!.resolve('after the write');
    await forced;
    expect(readQuery('/c').data).toBe('after the write');
  });

  it('asks again for the keys a filter picks, with the fetcher each was last asked with, and takes data put in by hand', async () => {
    const fetcher = vi.fn(async (key: string) => `fresh ${key}`);
    await fetchQuery('/api/reviews?product_id=7&page=1', fetcher);
    await fetchQuery('/api/reviews/stats?product_id=7', fetcher);
    await fetchQuery('/api/reviews?product_id=8&page=1', fetcher);
    fetcher.mockClear();
    await refetchQueries((key) => key.startsWith('/api/reviews?product_id=7&') || key === '/api/reviews/stats?product_id=7');
    expect(fetcher.mock.calls.map(([key]) => key).sort()).toEqual(['/api/reviews/stats?product_id=7', '/api/reviews?product_id=7&page=1']);
    setQueryData('/api/reviews/user-review?product_id=7', null);
    expect(readQuery('/api/reviews/user-review?product_id=7')).toEqual({ data: null, fetching: false });
  });

  it('names list keys by their items and asks for no key at all when given null', () => {
    expect(cacheKey(['current-products', 3, 5])).toBe('["current-products",3,5]');
    expect(cacheKey(null)).toBe('');
    expect(readQuery(null)).toBe(readQuery(null));
    expect(watchQuery(null, () => {})).toBeTypeOf('function');
  });
});
