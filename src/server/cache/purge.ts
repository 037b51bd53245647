/**
 * The one way to drop cached catalogue reads, on every instance of the store. The instance that wrote
 * drops them at once; with PostgreSQL it also sends the prefixes with NOTIFY, and every instance (itself
 * included, harmlessly) LISTENs and drops the same, so a write on one is seen on the others within moments.
 * A listener that loses its connection drops everything, since it may have missed messages, and listens
 * again. PGlite is one process: the local drop is all there is.
 *
 * Writes call this after their transaction commits: a read between a drop and the commit would put the
 * old figures back (and the cache keeps nothing read while a drop happened: see TtlCache.wrap).
 */
import type pg from 'pg';
import { getCache } from './ttl-cache';

export const PURGE_CHANNEL = 'store_catalogue_purge';

const RECONNECT_MS = 500;

type Announce = (prefixes: string[]) => Promise<unknown>;
const ANNOUNCE_KEY = Symbol.for('marketplace.purge.announce');
type Holder = { [ANNOUNCE_KEY]?: Announce };
const holder = globalThis as Holder;

/** Drops every cached read whose key starts with one of the prefixes, here and on every other instance. */
export function purge(...prefixes: string[]): void {
  getCache().invalidate(...prefixes);
  holder[ANNOUNCE_KEY]?.(prefixes).catch((error: unknown) => {
    console.error('[cache] could not tell the other instances to drop', prefixes, error instanceof Error ? error.message : error);
  });
}

/**
 * Joins the instances sharing a PostgreSQL: purges are announced through `pool` and heard on a connection
 * of its own (a pooled one would be handed back, and its LISTEN with it). Returns what stops listening.
 */
export async function joinInstances(pool: pg.Pool, connect: () => pg.Client): Promise<() => Promise<void>> {
  holder[ANNOUNCE_KEY] = (prefixes) => pool.query('SELECT pg_notify($1, $2)', [PURGE_CHANNEL, JSON.stringify(prefixes)]);
  let client: pg.Client | null = null;
  let stopped = false;

  const listen = async (): Promise<void> => {
    const next = connect();
    next.on('notification', (message) => {
      if (message.channel !== PURGE_CHANNEL || !message.payload) return;
      const prefixes = JSON.parse(message.payload) as string[];
      if (Array.isArray(prefixes) && prefixes.every((prefix) => typeof prefix === 'string')) getCache().invalidate(...prefixes);
    });
    next.on('error', () => {
      // Reported by 'end' below, which follows every error that ends the connection.
    });
    next.on('end', () => {
      if (stopped || client !== next) return;
      client = null;
      getCache().clear();
      setTimeout(() => void reconnect(), RECONNECT_MS).unref();
    });
    await next.connect();
    await next.query(`LISTEN ${PURGE_CHANNEL}`);
    client = next;
  };

  const reconnect = async () => {
    if (stopped) return;
    try {
      await listen();
      // Anything written while no one was listening here is forgotten with the rest.
      getCache().clear();
      console.log('[cache] listening for other instances again');
    } catch (error) {
      console.error('[cache] could not listen for other instances, trying again:', error instanceof Error ? error.message : error);
      setTimeout(() => void reconnect(), RECONNECT_MS).unref();
    }
  };

  await listen();
  return async () => {
    stopped = true;
    delete holder[ANNOUNCE_KEY];
    await client?.end().catch(() => {});
  };
}
