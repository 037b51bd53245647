/**
 * The one way a write drops what it changed from the store's caches — the cached catalogue reads behind the
 * JSON API (TtlCache, by key prefix) and the cached pages (PageCache, by tag) — on every instance of the store.
 *
 * A write runs in `transactionWithPurge` and reports its changes; they are dropped here once the transaction
 * has committed (a read between a drop and the commit would put the old figures back; both caches also keep
 * nothing read while a drop happened), and with PostgreSQL they are sent with NOTIFY inside the transaction,
 * so PostgreSQL delivers them to every instance exactly when the write commits and never when it rolls back.
 * Each instance LISTENs on a connection of its own and ignores its own messages. A listener that loses its
 * connection drops everything, since it may have missed messages, and listens again. PGlite is one process:
 * the local drop is all there is. The writer also purges the edge caches in front of the store
 * (`purgeEdgeAfterWrite` in ./edge-purge.ts, a subscriber to the `cache.changed` event this announces after the
 * commit); dropping everything after a lost message never reaches them.
 */
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { getPageCache } from './page-cache';
import { getCache } from './ttl-cache';
import { log } from '../log';
import { deliverAfterCommit, gatherAnnouncements } from '../events/event-bus';
import type { Announcement } from '../events/store-events';
import type { Change } from './change';

export const PURGE_CHANNEL = 'store_catalogue_purge';

export type { Change };

/** NOTIFY refuses payloads from 8000 bytes; a change too large to name is sent as "drop everything". */
const MAX_PAYLOAD_CHARS = 7000;
const RECONNECT_MS = 500;

/** Set while this process shares a PostgreSQL with other instances (joinInstances). */
const JOINED_KEY = Symbol.for('marketplace.purge.joined');
const INSTANCE_KEY = Symbol.for('marketplace.purge.instance');
const LISTENERS_KEY = Symbol.for('marketplace.purge.listeners');
/** Hears what other instances changed (null: everything, after a lost connection or an unreadable message). */
export type AnnouncedChangeListener = (change: Change | null) => void;
type Holder = { [JOINED_KEY]?: boolean; [INSTANCE_KEY]?: string; [LISTENERS_KEY]?: AnnouncedChangeListener[] };
const holder = globalThis as Holder;
/** Names this process in its messages, so it does not drop again (and throw away pages rendered since) what it dropped itself. */
const instance = (holder[INSTANCE_KEY] ??= randomUUID());
const listeners = (holder[LISTENERS_KEY] ??= []);

/**
 * Lets what keeps its own copy of data outside the two caches (the static pages' search index) hear the
 * changes other instances announce; this instance's own writes rebuild such copies themselves before replying.
 */
export function onAnnouncedChange(listener: AnnouncedChangeListener): void {
  listeners.push(listener);
}

function tellListeners(change: Change | null): void {
  for (const listener of listeners) {
    try {
      listener(change);
    } catch (error) {
      log.error({ err: error }, '[cache] a purge listener failed');
    }
  }
}

/** One change naming everything the changes name, each once. */
function combined(changes: readonly Change[]): Change {
  return { reads: [...new Set(changes.flatMap((change) => change.reads))], pages: [...new Set(changes.flatMap((change) => change.pages))] };
}

/** Drops what the change names from this process's caches. */
function dropHere({ reads, pages }: Change): void {
  if (reads.length > 0) getCache().invalidate(...reads);
  if (pages.length > 0) getPageCache().invalidate(pages);
}

function dropEverythingHere(): void {
  getCache().clear();
  getPageCache().clear();
  tellListeners(null);
}

function payloadOf(change: Change): string {
  const payload = JSON.stringify({ from: instance, ...change });
  return payload.length > MAX_PAYLOAD_CHARS ? JSON.stringify({ from: instance, everything: true }) : payload;
}

/** Reads a message from another instance; anything malformed drops everything rather than nothing. */
function dropAnnounced(payload: string): void {
  try {
    const { from, everything, reads, pages } = JSON.parse(payload) as Change & { from?: string; everything?: boolean };
    if (from === instance) return;
    if (everything === true) return dropEverythingHere();
    const strings = (list: unknown) => Array.isArray(list) && list.every((item) => typeof item === 'string');
    if (strings(reads) && strings(pages)) {
      dropHere({ reads, pages });
      return tellListeners({ reads, pages });
    }
  } catch {
    // Falls through.
  }
  log.error({ payload: payload.slice(0, 200) }, '[cache] a purge message could not be read; dropping everything');
  dropEverythingHere();
}

/**
 * Runs `work` in a transaction; what it reports with `changed` is announced to the other instances inside the
 * transaction and dropped here after the commit, before this returns (so the write's reply already sees it).
 * What it announces (events/event-bus.ts `announce(tx, ...)`) is heard after the commit too: first that the
 * caches changed (the edges are purged), then the write's own events in their order.
 */
export async function transactionWithPurge<T>(db: Database, work: (tx: Database, changed: (change: Change) => void) => Promise<T>): Promise<T> {
  const changes: Change[] = [];
  let announced: Announcement[] = [];
  const result = await db.transaction(async (tx) => {
    announced = gatherAnnouncements(tx as unknown as Database);
    const value = await work(tx as unknown as Database, (change) => changes.push(change));
    if (changes.length > 0 && holder[JOINED_KEY]) await tx.execute(sql`SELECT pg_notify(${PURGE_CHANNEL}, ${payloadOf(combined(changes))})`);
    return value;
  });
  if (changes.length > 0) {
    const change = combined(changes);
    dropHere(change);
    announced.unshift({ name: 'cache.changed', payload: { change, instancesJoined: holder[JOINED_KEY] === true } });
  }
  await deliverAfterCommit(announced);
  return result;
}

/**
 * Joins the instances sharing a PostgreSQL: writes announce their changes from then on, and the others' are
 * heard on a connection of its own (a pooled one would be handed back, and its LISTEN with it). Returns what
 * stops listening.
 */
export async function joinInstances(connect: () => pg.Client): Promise<() => Promise<void>> {
  holder[JOINED_KEY] = true;
  let client: pg.Client | null = null;
  let stopped = false;

  const listen = async (): Promise<void> => {
    const next = connect();
    next.on('notification', (message) => {
      if (message.channel === PURGE_CHANNEL && message.payload) dropAnnounced(message.payload);
    });
    next.on('error', () => {
      // Reported by 'end' below, which follows every error that ends the connection.
    });
    next.on('end', () => {
      if (stopped || client !== next) return;
      client = null;
      dropEverythingHere();
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
      dropEverythingHere();
      log.info('[cache] listening for other instances again');
    } catch (error) {
      log.error({ err: error }, '[cache] could not listen for other instances, trying again');
      setTimeout(() => void reconnect(), RECONNECT_MS).unref();
    }
  };

  await listen();
  return async () => {
    stopped = true;
    delete holder[JOINED_KEY];
    await client?.end().catch(() => {});
  };
}
