/**
 * A view of one key of the islands' query cache (./query-cache.ts): asks for it on mount and when the key changes
 * (unless a fresh answer is held), shows `fallback` (the server's first answer) until one arrives, and with
 * `keepPrevious` the last key's answer while the next is on its way.
 */
import { useCallback, useEffect, useRef, useSyncExternalStore } from 'react';
import { fetchQuery, readQuery, setQueryData, watchQuery, type QueryKey, type QueryOptions } from './query-cache';

export type QueryView<T> = {
  data: T | undefined;
  error: Error | undefined;
  /** A request for this key is under way. */
  isValidating: boolean;
  /** Under way with nothing to show yet. */
  isLoading: boolean;
  /** Asks again; or, given data, shows it at once (and asks again unless `revalidate` is false). */
  mutate: (data?: T, options?: { revalidate?: boolean }) => Promise<void>;
};

export function useQuery<T, K extends Exclude<QueryKey, null>>(
  key: K | null,
  fetcher: (key: K) => Promise<T>,
  options: QueryOptions & { fallback?: T; keepPrevious?: boolean; refetchOnReconnect?: boolean } = {},
): QueryView<T> {
  const { fallback, keepPrevious = false, refetchOnReconnect = false, ...cacheOptions } = options;
  const name = key === null ? '' : typeof key === 'string' ? key : JSON.stringify(key);
  const state = useSyncExternalStore(
    useCallback((listener: () => void) => watchQuery(key, listener), [name]),
    () => readQuery<T>(key),
    () => readQuery<T>(key),
  );
  const latest = useRef({ key, fetcher, cacheOptions });
  latest.current = { key, fetcher, cacheOptions };
  const ask = useCallback((force = false) => {
    const { key: current, fetcher: fetchWith, cacheOptions: settings } = latest.current;
    return current === null ? Promise.resolve() : fetchQuery(current, fetchWith, settings, force);
  }, []);

  useEffect(() => {
    void ask();
    if (!refetchOnReconnect || key === null) return;
    const again = () => void ask(true);
    window.addEventListener('online', again);
    return () => window.removeEventListener('online', again);
  }, [name, refetchOnReconnect]);

  const previous = useRef<T | undefined>(undefined);
  if (state.data !== undefined) previous.current = state.data;
  const data = state.data !== undefined ? state.data : fallback !== undefined ? fallback : keepPrevious ? previous.current : undefined;
  const mutate = useCallback(
    async (next?: T, { revalidate = true }: { revalidate?: boolean } = {}) => {
      if (next !== undefined) setQueryData(latest.current.key, next);
      if (revalidate) await ask(true);
    },
    [ask],
  );
  return { data, error: state.error, isValidating: state.fetching, isLoading: state.fetching && data === undefined, mutate };
}
