/**
 * Answers of the API kept by key for the storefront's islands (the product page's reviews, the cart drawer's
 * current prices): one request per key at a time, an answer shared by everything that shows it, asked again
 * only once it is older than `freshMs`, one retry after a failure, and asked again on demand (after a write).
 * It does the little of SWR these islands used, in a fraction of its code, so the island code a catalogue page
 * may load stays within its budget (docs/performance.md); the checkout's and account's islands keep SWR.
 */

/** A key: the request path, a list (joined for the cache), or null for nothing to ask. */
export type QueryKey = string | readonly (string | number)[] | null;

export type QueryOptions = {
  /** How long an answer is fresh: no new request for the key within it. */
  freshMs?: number;
  /** Retries after a failure (each after `retryMs`). */
  retries?: number;
  retryMs?: number;
};

export type QueryState<T> = { data?: T; error?: Error; fetching: boolean };

type Entry = {
  state: QueryState<unknown>;
  fetchedAt: number;
  request?: Promise<void>;
  retryTimer?: ReturnType<typeof setTimeout>;
  /** How to ask for the key again (the last fetcher a view gave it). */
  refetch?: () => Promise<void>;
  listeners: Set<() => void>;
};

const DEFAULT_OPTIONS: Required<QueryOptions> = { freshMs: 2_000, retries: 0, retryMs: 5_000 };

const entries = new Map<string, Entry>();
/** The state of no key: one object, so a view of it is stable. */
const NOTHING: QueryState<never> = { fetching: false };

/** The cache's name for a key ('' for null). */
export function cacheKey(key: QueryKey): string {
  if (key === null) return '';
  return typeof key === 'string' ? key : JSON.stringify(key);
}

function entryOf(name: string): Entry {
  let entry = entries.get(name);
  if (!entry) {
    entry = { state: { fetching: false }, fetchedAt: 0, listeners: new Set() };
    entries.set(name, entry);
  }
  return entry;
}

function update(entry: Entry, state: QueryState<unknown>): void {
  entry.state = state;
  for (const listener of entry.listeners) listener();
}

/** What the cache holds for `key` now. */
export function readQuery<T>(key: QueryKey): QueryState<T> {
  const name = cacheKey(key);
  return (name ? entryOf(name).state : NOTHING) as QueryState<T>;
}

/** Calls `listener` whenever `key`'s state changes; answers the way to stop. */
export function watchQuery(key: QueryKey, listener: () => void): () => void {
  const name = cacheKey(key);
  if (!name) return () => {};
  const entry = entryOf(name);
  entry.listeners.add(listener);
  return () => entry.listeners.delete(listener);
}

/**
 * Asks for `key` with `fetcher` unless an answer younger than `freshMs` is held or a request is under way
 * (`force` asks anyway, after a write). A failure keeps the last answer beside the error and is retried.
 */
export function fetchQuery<T, K extends Exclude<QueryKey, null>>(
  key: K,
  fetcher: (key: K) => Promise<T>,
  options: QueryOptions = {},
  force = false,
): Promise<void> {
  const { freshMs, retries, retryMs } = { ...DEFAULT_OPTIONS, ...options };
  const entry = entryOf(cacheKey(key));
  entry.refetch = () => fetchQuery(key, fetcher, options, true);
  if (entry.request) return force ? entry.request.then(() => fetchQuery(key, fetcher, options, true)) : entry.request;
  if (!force && entry.fetchedAt > 0 && Date.now() - entry.fetchedAt < freshMs) return Promise.resolve();
  clearTimeout(entry.retryTimer);
  const attempt = (left: number): Promise<void> => {
    update(entry, { ...entry.state, fetching: true });
    const request = fetcher(key).then(
      (data) => {
        entry.fetchedAt = Date.now();
        entry.request = undefined;
        update(entry, { data, fetching: false });
      },
      (error: unknown) => {
        entry.request = undefined;
        update(entry, { data: entry.state.data, error: error instanceof Error ? error : new Error(String(error)), fetching: false });
        if (left > 0) entry.retryTimer = setTimeout(() => void (entry.request ??= attempt(left - 1)), retryMs);
      },
    );
    entry.request = request;
    return request;
  };
  return attempt(retries);
}

/** Puts `data` in the cache for `key` as a fresh answer (a write's result), without asking the server. */
export function setQueryData<T>(key: QueryKey, data: T): void {
  const name = cacheKey(key);
  if (!name) return;
  const entry = entryOf(name);
  entry.fetchedAt = Date.now();
  update(entry, { data, fetching: entry.state.fetching });
}

/** Asks again for every cached key `matches` picks (string keys), as views last asked for them. */
export function refetchQueries(matches: (key: string) => boolean): Promise<unknown> {
  const asked = [...entries].filter(([name]) => matches(name)).map(([, entry]) => entry.refetch?.());
  return Promise.all(asked);
}

/** Empties the cache (tests). */
export function clearQueries(): void {
  for (const entry of entries.values()) clearTimeout(entry.retryTimer);
  entries.clear();
}
