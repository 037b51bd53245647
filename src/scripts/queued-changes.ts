/**
 * The queue of wishlist and review changes made offline, kept in IndexedDB until they are sent, and the
 * sender. Pages and the service worker both run this file (the worker on Background Sync:
 * `sendQueuedChanges()` for the sync tag `queued-changes`), so it uses only what a worker has too:
 * IndexedDB, fetch, BroadcastChannel and navigator.locks; never window or localStorage, and the DOM only
 * for the page's language when a page queues a change (the worker only sends).
 *
 * One sender at a time, however many tabs and workers ask: the Web Locks API's lock `queued-changes`
 * where the browser has it, otherwise a lease record in IndexedDB taken in the same transaction that
 * picks the next change. Changes go out oldest first, one by one; a lost connection stops the round and
 * the rest wait for the next. Every outcome is told on the BroadcastChannel `queued-changes`; refusals are
 * also kept in the database until a visible page takes them to show, so one reported by the worker while
 * no page was open is still told.
 */
import { languageOfChange, planQueueing, refusalText, replyOutcome, type QueuedChange, type ReplyOutcome } from '../lib/queued-change-rules';
import { LANGUAGE_TAGS, languageOfTag } from '../lib/i18n/languages';

export const QUEUED_CHANGES_CHANNEL = 'queued-changes';
/** The Background Sync tag and the Web Lock's name. */
export const QUEUED_CHANGES_SYNC_TAG = 'queued-changes';

const DATABASE = 'duuka-queued-changes';
const CHANGES = 'changes';
const REFUSALS = 'refusals';
const LEASES = 'leases';
const LEASE_MS = 60_000;
/** A request still unanswered after this long counts as a lost connection (it is sent again later: every change may be repeated safely). */
const SEND_TIMEOUT_MS = 20_000;

/** What the queue says on its channel. A settled change comes without its headers (they hold the login). */
export type QueueNews =
  { type: 'queued' } | { type: 'dropped' } | { type: 'settled'; change: Omit<QueuedChange, 'headers'>; outcome: ReplyOutcome['kind']; data?: unknown };

/** A refusal waiting to be told to its account's shopper. */
export type Refusal = { id?: number; account: number; message: string };

const hasDatabase = () => typeof indexedDB !== 'undefined';

let opening: Promise<IDBDatabase> | undefined;
function database(): Promise<IDBDatabase> {
  if (!hasDatabase()) return Promise.reject(new Error('This browser keeps no IndexedDB'));
  opening ??= new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open(DATABASE, 1);
    request.onupgradeneeded = () => {
      const db = request.result;
      db.createObjectStore(CHANGES, { keyPath: 'id', autoIncrement: true });
      db.createObjectStore(REFUSALS, { keyPath: 'id', autoIncrement: true });
      db.createObjectStore(LEASES);
    };
    request.onsuccess = () => {
      const db = request.result;
      // A newer version opened elsewhere (a later deploy): step aside and open again next time.
      db.onversionchange = () => {
        db.close();
        opening = undefined;
      };
      resolve(db);
    };
    request.onerror = () => {
      opening = undefined;
      reject(request.error ?? new Error('IndexedDB unavailable'));
    };
  });
  return opening;
}

/**
 * Runs `work` in one transaction and answers what it left in `result` once the transaction has committed.
 * `work` must only start requests and use their results in their callbacks, which keeps the transaction open.
 */
async function transact<T>(stores: string[], mode: IDBTransactionMode, work: (tx: IDBTransaction, result: (value: T) => void) => void): Promise<T> {
  const db = await database();
  return new Promise<T>((resolve, reject) => {
    const tx = db.transaction(stores, mode);
    let value: T;
    tx.oncomplete = () => resolve(value);
    tx.onerror = () => reject(tx.error);
    tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
    work(tx, (answer) => (value = answer));
  });
}

function whenDone<T>(request: IDBRequest<T>, then: (value: T) => void): void {
  request.onsuccess = () => then(request.result);
}

let channel: BroadcastChannel | undefined;
function tell(news: QueueNews): void {
  if (typeof BroadcastChannel === 'undefined') return;
  channel ??= new BroadcastChannel(QUEUED_CHANGES_CHANNEL);
  channel.postMessage(news);
}

/**
 * Puts a change in the queue, folded into what is already waiting (lib/queued-change-rules.ts). Answers
 * 'queued', 'cancelled' (it undid a change still waiting: nothing is left to send), or 'unsendable'. Called
 * by a page: the change keeps the page's language, which the server answers it in and the shopper is told in,
 * however much later and from wherever it is sent (the worker has no page to ask).
 */
export async function queueChange(request: QueuedChange): Promise<'queued' | 'cancelled' | 'unsendable'> {
  const pageLanguage = languageOfTag(typeof document === 'undefined' ? undefined : document.documentElement.lang);
  const change: QueuedChange = { ...request, headers: { 'Accept-Language': LANGUAGE_TAGS[pageLanguage], ...request.headers } };
  const outcome = await transact<'queued' | 'cancelled' | 'unsendable'>([CHANGES], 'readwrite', (tx, result) => {
    const changes = tx.objectStore(CHANGES);
    whenDone(changes.getAll() as IDBRequest<QueuedChange[]>, (queue) => {
      const plan = planQueueing(queue, change);
      for (const id of plan.remove) changes.delete(id);
      if (plan.add) changes.add(plan.add);
      result(plan.outcome);
    });
  });
  tell({ type: 'queued' });
  return outcome;
}

/** Every change still waiting, oldest first (none where the browser has no IndexedDB). */
export async function readQueuedChanges(): Promise<QueuedChange[]> {
  if (!hasDatabase()) return [];
  return transact<QueuedChange[]>([CHANGES], 'readonly', (tx, result) => whenDone(tx.objectStore(CHANGES).getAll() as IDBRequest<QueuedChange[]>, result));
}

/** Forgets every waiting change and refusal (the shopper logged out: they belonged to that login). */
export async function dropQueuedChanges(): Promise<void> {
  if (!hasDatabase()) return;
  await transact<void>([CHANGES, REFUSALS], 'readwrite', (tx) => {
    tx.objectStore(CHANGES).clear();
    tx.objectStore(REFUSALS).clear();
  });
  tell({ type: 'dropped' });
}

/** Takes the refusals waiting to be told: each is taken once, by whichever page asks first. */
export async function takeRefusals(): Promise<Refusal[]> {
  if (!hasDatabase()) return [];
  return transact<Refusal[]>([REFUSALS], 'readwrite', (tx, result) => {
    const refusals = tx.objectStore(REFUSALS);
    whenDone(refusals.getAll() as IDBRequest<Refusal[]>, (found) => {
      result(found);
      if (found.length > 0) refusals.clear();
    });
  });
}

type Lease = { owner: string; until: number };

/**
 * Picks the oldest change and marks it on its way. With a lease (no Web Locks), first checks that the
 * lease is still this sender's and extends it, and gives it up in the same transaction when the queue is
 * empty, so a change queued after that finds the lease free and is sent by its own caller.
 */
function pickNext(leaseOwner?: string): Promise<QueuedChange | null> {
  const stores = leaseOwner ? [CHANGES, LEASES] : [CHANGES];
  return transact<QueuedChange | null>(stores, 'readwrite', (tx, result) => {
    result(null);
    const pick = () =>
      whenDone(tx.objectStore(CHANGES).openCursor(), (cursor) => {
        if (!cursor) {
          if (leaseOwner) tx.objectStore(LEASES).delete('sender');
          return;
        }
        const change = { ...(cursor.value as QueuedChange), sendingSince: Date.now() };
        cursor.update(change);
        if (leaseOwner) tx.objectStore(LEASES).put({ owner: leaseOwner, until: Date.now() + LEASE_MS } satisfies Lease, 'sender');
        result(change);
      });
    if (!leaseOwner) return pick();
    whenDone(tx.objectStore(LEASES).get('sender') as IDBRequest<Lease | undefined>, (lease) => {
      if (lease?.owner === leaseOwner) pick();
    });
  });
}

async function send(change: QueuedChange): Promise<ReplyOutcome> {
  const headers: Record<string, string> = { Accept: 'application/json', ...change.headers };
  if (change.body) headers['Content-Type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(change.path, {
      method: change.method,
      headers,
      body: change.body ? JSON.stringify(change.body) : undefined,
      signal: typeof AbortSignal.timeout === 'function' ? AbortSignal.timeout(SEND_TIMEOUT_MS) : undefined,
    });
  } catch {
    return replyOutcome(change, 0, null);
  }
  const body = (await response.json().catch(() => null)) as Parameters<typeof replyOutcome>[2];
  return replyOutcome(change, response.status, body, languageOfChange(change));
}

/** Records how a change went: out of the queue when settled (a refusal kept to be told), back to waiting otherwise. */
function settle(change: QueuedChange, outcome: ReplyOutcome): Promise<void> {
  return transact<void>([CHANGES, REFUSALS], 'readwrite', (tx) => {
    const changes = tx.objectStore(CHANGES);
    if (outcome.kind === 'retry') {
      // Put back as it was (unless it was cancelled or dropped meanwhile), counting a server error.
      whenDone(changes.get(change.id!) as IDBRequest<QueuedChange | undefined>, (stored) => {
        if (!stored) return;
        const { sendingSince: _onItsWay, ...waiting } = stored;
        changes.put({ ...waiting, attempts: stored.attempts + (outcome.counted ? 1 : 0) });
      });
      return;
    }
    changes.delete(change.id!);
    if (outcome.kind === 'refused' && !outcome.quiet) {
      tx.objectStore(REFUSALS).add({ account: change.account, message: refusalText(change, outcome.message, languageOfChange(change)) } satisfies Refusal);
    }
  });
}

async function sendAll(leaseOwner?: string): Promise<void> {
  for (;;) {
    const change = await pickNext(leaseOwner);
    if (!change) return;
    const outcome = await send(change);
    await settle(change, outcome);
    if (outcome.kind === 'retry') return;
    const { headers: _login, ...told } = change;
    tell({ type: 'settled', change: told, outcome: outcome.kind, data: outcome.kind === 'sent' ? outcome.data : undefined });
  }
}

/** Takes the lease when nobody holds a live one (the Web Locks API's stand-in). */
function takeLease(owner: string): Promise<boolean> {
  return transact<boolean>([LEASES], 'readwrite', (tx, result) => {
    const leases = tx.objectStore(LEASES);
    result(false);
    whenDone(leases.get('sender') as IDBRequest<Lease | undefined>, (lease) => {
      if (lease && lease.until > Date.now()) return;
      leases.put({ owner, until: Date.now() + LEASE_MS } satisfies Lease, 'sender');
      result(true);
    });
  });
}

function releaseLease(owner: string): Promise<void> {
  return transact<void>([LEASES], 'readwrite', (tx) => {
    const leases = tx.objectStore(LEASES);
    whenDone(leases.get('sender') as IDBRequest<Lease | undefined>, (lease) => {
      if (lease?.owner === owner) leases.delete('sender');
    });
  });
}

/**
 * Sends every waiting change, oldest first, as the account that made it; stops at a lost connection (the
 * rest wait) and tells every page how each went. Safe to call from any number of tabs and workers at once:
 * one sends while the others wait their turn (or, without Web Locks, leave it to the one sending).
 */
export async function sendQueuedChanges(): Promise<void> {
  if (!hasDatabase() || navigator.onLine === false) return;
  const locks = (navigator as Navigator & { locks?: LockManager }).locks;
  if (locks?.request) {
    await locks.request(QUEUED_CHANGES_SYNC_TAG, () => sendAll());
    return;
  }
  const owner = `${Date.now()}-${Math.random().toString(36).slice(2)}`;
  if (!(await takeLease(owner))) return;
  try {
    await sendAll(owner);
  } finally {
    await releaseLease(owner);
  }
}
