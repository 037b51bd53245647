/**
 * How a write tells the rest of the store what happened (the events of store-events.ts), and who hears it.
 *
 * A write inside `transactionWithPurge` (cache/purge.ts) calls `announce(tx, name, payload)`. Subscribers hear it
 * at one of two moments:
 * - `inTransaction`: at once, inside the write's transaction, with its handle: what they write (the texts of the
 *   SMS outbox) commits or rolls back with the write, and a throw rolls the write back;
 * - `afterCommit`: once the write has committed, in the order the events were announced, before the write's
 *   caller goes on: a throw is logged and the write stays. A write that rolls back announces nothing.
 *
 * Subscribers are registered once per process (subscribers.ts, at start). The registry lives on globalThis: the
 * start script and the built Astro bundle each carry a copy of this module, and a write in either is heard.
 */
import type { Database } from '../db/client';
import { log } from '../log';
import type { Announcement, EventName, StoreEvents } from './store-events';

export type Subscriber<Name extends EventName> = {
  inTransaction?: (tx: Database, payload: StoreEvents[Name]) => Promise<void>;
  afterCommit?: (payload: StoreEvents[Name]) => Promise<void> | void;
};

type AnySubscriber = { inTransaction?: (tx: Database, payload: unknown) => Promise<void>; afterCommit?: (payload: unknown) => Promise<void> | void };
type Bus = {
  subscribers: Map<EventName, AnySubscriber[]>;
  /** What each open transaction (by its handle) has announced, for after its commit. */
  open: WeakMap<object, Announcement[]>;
  /** Set once the store's subscribers are registered in this process. */
  started: boolean;
  /** Registers them when an event comes first (a process that runs writes without starting the store: the unit tests). */
  startLate?: () => Promise<void>;
};

const BUS_KEY = Symbol.for('marketplace.events.bus');
const holder = globalThis as { [BUS_KEY]?: Bus };
const bus: Bus = (holder[BUS_KEY] ??= { subscribers: new Map(), open: new WeakMap(), started: false });

/** Adds a subscriber to the event; returns what removes it. */
export function subscribe<Name extends EventName>(name: Name, subscriber: Subscriber<Name>): () => void {
  const list = bus.subscribers.get(name) ?? [];
  const added = subscriber as AnySubscriber;
  bus.subscribers.set(name, [...list, added]);
  return () =>
    bus.subscribers.set(
      name,
      (bus.subscribers.get(name) ?? []).filter((other) => other !== added),
    );
}

/** True the first time it is asked in a process: whoever asks then registers the store's subscribers. */
export function firstStart(): boolean {
  if (bus.started) return false;
  bus.started = true;
  return true;
}

/** Has `start` register the store's subscribers when an event is announced before they were (see `startLate`). */
export function startSubscribersWhenNeeded(start: () => Promise<void>): void {
  bus.startLate = start;
}

async function ensureSubscribers(): Promise<void> {
  if (bus.started || !bus.startLate) return;
  await bus.startLate();
}

/** Lets `announce` be called with `tx` (a transaction just opened): its announcements gather in the list returned. */
export function gatherAnnouncements(tx: Database): Announcement[] {
  const gathered: Announcement[] = [];
  bus.open.set(tx, gathered);
  return gathered;
}

/**
 * Announces an event of the write running in `tx`: its in-transaction subscribers run now, its after-commit ones
 * once the write has committed (and never if it rolls back).
 */
export async function announce<Name extends EventName>(tx: Database, name: Name, payload: StoreEvents[Name]): Promise<void> {
  const gathered = bus.open.get(tx);
  if (!gathered) throw new Error(`"${name}" was announced outside a transaction opened by transactionWithPurge`);
  await ensureSubscribers();
  for (const subscriber of bus.subscribers.get(name) ?? []) await subscriber.inTransaction?.(tx, payload);
  gathered.push({ name, payload } as Announcement);
}

/** Tells the after-commit subscribers, in the order announced; one that throws is logged and the others still hear. */
export async function deliverAfterCommit(announcements: readonly Announcement[]): Promise<void> {
  if (announcements.length > 0) await ensureSubscribers();
  for (const { name, payload } of announcements) {
    for (const subscriber of bus.subscribers.get(name) ?? []) {
      if (!subscriber.afterCommit) continue;
      try {
        await subscriber.afterCommit(payload);
      } catch (error) {
        log.error({ err: error }, `[events] a subscriber to ${name} failed after the write committed`);
      }
    }
  }
}
