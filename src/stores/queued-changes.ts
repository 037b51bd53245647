/**
 * The page's side of changes made offline (the queue itself is src/scripts/queued-changes.ts): the
 * logged-in shopper's changes still waiting, which the hearts and the review show as marks; sending them
 * when the connection comes back (the `online` event), when a page loads, by Background Sync where the
 * browser has it, and again every half minute while a connection that says it is up keeps failing; and
 * telling the shopper, in a toast, about a change the server refused. Every tab hears every outcome on
 * the queue's BroadcastChannel, so marks go everywhere at once.
 */
import { atom } from 'nanostores';
import { authHeaders, storedAccountId } from '~/browser/api';
import { STORAGE_KEYS } from '~/lib/storage-keys';
import type { ChangeRequest, QueuedChange } from '~/lib/queued-change-rules';
import {
  dropQueuedChanges,
  queueChange,
  QUEUED_CHANGES_CHANNEL,
  QUEUED_CHANGES_SYNC_TAG,
  readQueuedChanges,
  sendQueuedChanges,
  takeRefusals,
  type QueueNews,
} from '~/scripts/queued-changes';
import { showToast } from './toasts';

/** The logged-in shopper's changes waiting to be sent, oldest first. */
export const $queuedChanges = atom<QueuedChange[]>([]);

type SettledNews = Extract<QueueNews, { type: 'settled' }>;
const settledListeners = new Set<(news: SettledNews) => void>();

/** Calls `listener` for each change of this shopper's that was sent or refused, from any tab or the worker. */
export function onChangeSettled(listener: (news: SettledNews) => void): () => void {
  settledListeners.add(listener);
  return () => settledListeners.delete(listener);
}

const RETRY_MS = 30_000;

function setHint(on: boolean): void {
  try {
    if (on) localStorage.setItem(STORAGE_KEYS.queuedChanges, '1');
    else localStorage.removeItem(STORAGE_KEYS.queuedChanges);
  } catch {
    // Storage blocked: pages then find the queue only through its own marks and Background Sync.
  }
}

/** Reads the queue again. The page-load hint goes with the last change, but comes back if one was queued meanwhile. */
export async function refreshQueuedChanges(): Promise<void> {
  const account = storedAccountId();
  let all = await readQueuedChanges().catch(() => []);
  if (all.length === 0) {
    setHint(false);
    all = await readQueuedChanges().catch(() => []);
    if (all.length > 0) setHint(true);
  }
  $queuedChanges.set(all.filter((change) => change.account === account));
}

function registerBackgroundSync(): void {
  try {
    void navigator.serviceWorker?.ready
      .then((registration) =>
        (registration as ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } }).sync?.register(QUEUED_CHANGES_SYNC_TAG),
      )
      .catch(() => {});
  } catch {
    // No service worker here: the online event and the next page load send the changes.
  }
}

let retryTimer: ReturnType<typeof setTimeout> | undefined;

/** Sends what is waiting if the browser says it is online; tries again later while something is left. */
export async function sendWaitingChanges(): Promise<void> {
  clearTimeout(retryTimer);
  if (navigator.onLine === false) return;
  await sendQueuedChanges().catch(() => {});
  await refreshQueuedChanges();
  if ($queuedChanges.get().length > 0) retryTimer = setTimeout(() => void sendWaitingChanges(), RETRY_MS);
}

/** Shows, in a toast, the refusals waiting to be told to this shopper (only a page someone is looking at takes them). */
async function tellRefusals(): Promise<void> {
  if (document.visibilityState !== 'visible') return;
  const account = storedAccountId();
  for (const refusal of await takeRefusals().catch(() => [])) {
    if (refusal.account === account) showToast(refusal.message, 'error');
  }
}

let watching = false;

/** Starts the page's part (once): sends what waits now, and listens for the connection, the worker and other tabs. */
export function watchQueuedChanges(): void {
  if (watching || typeof window === 'undefined' || typeof indexedDB === 'undefined') return;
  watching = true;
  window.addEventListener('online', () => void sendWaitingChanges());
  document.addEventListener('visibilitychange', () => void tellRefusals());
  if (typeof BroadcastChannel !== 'undefined') {
    new BroadcastChannel(QUEUED_CHANGES_CHANNEL).onmessage = async ({ data }: MessageEvent<QueueNews>) => {
      await refreshQueuedChanges();
      if (data.type !== 'settled' || data.change.account !== storedAccountId()) return;
      for (const listener of settledListeners) listener(data);
      if (data.outcome === 'refused') await tellRefusals();
    };
  }
  void refreshQueuedChanges().then(() => {
    if ($queuedChanges.get().length === 0) return;
    registerBackgroundSync();
    void sendWaitingChanges();
  });
  void tellRefusals();
}

/**
 * Keeps a change to send as the logged-in shopper, then tries to send it. Answers 'queued', 'cancelled'
 * (it undid a change that was still waiting) or 'unsendable'; throws when the phone cannot keep it.
 */
export async function queueAndSend(request: ChangeRequest): Promise<'queued' | 'cancelled' | 'unsendable'> {
  const account = storedAccountId();
  if (account === null) throw new Error('Not logged in');
  watchQueuedChanges();
  const outcome = await queueChange({ ...request, account, headers: authHeaders(), queuedAt: Date.now(), attempts: 0 });
  setHint(true);
  await refreshQueuedChanges();
  if (outcome === 'queued') registerBackgroundSync();
  void sendWaitingChanges();
  return outcome;
}

/** Forgets every waiting change: they belonged to the login that just ended. */
export function dropWaitingChanges(): void {
  $queuedChanges.set([]);
  // The hint goes only once the queue is empty: a page left before that finds it and finishes the job.
  void dropQueuedChanges().then(
    () => setHint(false),
    () => {},
  );
}
