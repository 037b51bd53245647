/**
 * The wishlist (spec section 4), shared by every heart, the header's count and the wishlist pages.
 * A guest's hearts are kept on the phone (localStorage, in every tab) and merged into the account's
 * wishlist when they log in or register. A logged-in shopper's list is the server's: changes show at
 * once and are undone if the server refuses them; made offline (or when the request gets no answer),
 * they wait in the queue of changes (stores/queued-changes.ts) with a mark until sent, and the list shows
 * them meanwhile. The states and transitions are lib/wishlist-state.ts; after an add or a removal the
 * manifest (its wishlist_count) is reloaded.
 */
import { atom, computed } from 'nanostores';
import { persistentAtom } from '@nanostores/persistent';
import { apiGet, apiPost, hasStoredLogin, isNetworkFailure } from '~/browser/api';
import { STORAGE_KEYS } from '~/lib/storage-keys';
import {
  added,
  addedLocally,
  emptyWishlist,
  failed,
  guestHeartsToMerge,
  loaded,
  parseGuestWishlist,
  removed,
  started,
  type WishlistEntry,
  type WishlistState,
} from '~/lib/wishlist-state';
import { waitingHeartIds, wishlistChange, withWaitingHearts } from '~/lib/queued-change-rules';
import { loadManifest } from './manifest';
import { $queuedChanges, dropWaitingChanges, onChangeSettled, queueAndSend, watchQueuedChanges } from './queued-changes';
import { WISHLIST_MESSAGES } from '~/lib/messages/wishlist-messages';

type Problem = 'loadFailed' | 'addFailed' | 'removeFailed';

/**
 * A problem in the page's language. The words are fetched only when something fails: this store wakes with
 * the hearts before any island (src/scripts/saved-hearts.ts), and the catalogue would weigh on every page that
 * has one. Texts that cannot be had (offline before any island loaded them) are the spec's English.
 */
async function problemText(problem: Problem): Promise<string> {
  try {
    const { islandTranslator, loadIslandTexts } = await import('~/lib/i18n/current');
    await loadIslandTexts();
    return islandTranslator().t.wishlist[problem];
  } catch {
    return WISHLIST_MESSAGES[problem];
  }
}

/** A guest's hearts, on this phone. */
export const $guestWishlist = persistentAtom<WishlistEntry[]>(STORAGE_KEYS.guestWishlist, [], { encode: JSON.stringify, decode: parseGuestWishlist });

/** Whose list the page shows: decided from the stored login each time the wishlist is loaded or changed. */
const $owner = atom<'guest' | 'account'>('guest');
/** The account's list as the server last gave it, with this page's changes applied. */
const $accountWishlist = atom<WishlistState>(emptyWishlist);

export const $wishlist = computed([$owner, $accountWishlist, $guestWishlist, $queuedChanges], (owner, account, guest, waiting) =>
  owner === 'guest' ? loaded(guest) : withWaitingHearts(account, waiting),
);
export const $wishlistProductIds = computed($wishlist, (state) => new Set(state.items.map((item) => item.product_id)));
/** Products whose heart change is waiting to be sent. */
export const $waitingHeartIds = computed([$owner, $queuedChanges], (owner, waiting) => (owner === 'guest' ? new Set<number>() : waitingHeartIds(waiting)));
/** Whether the list shown is a guest's, kept on this phone. */
export const $guestOwnsWishlist = computed($owner, (owner) => owner === 'guest');

function whoseWishlist(): 'guest' | 'account' {
  const owner = hasStoredLogin() ? 'account' : 'guest';
  if ($owner.get() !== owner) $owner.set(owner);
  return owner;
}

/** What a heart knows of its product: enough to show the item before the server answers. */
export type WishlistProduct = { id: number; name: string; price_1: string | number; price_2?: string | number | null; feature_photo: string };

export function entryFor(product: WishlistProduct, now = new Date()): WishlistEntry {
  const stamp = now.toISOString();
  return {
    id: 0,
    user_id: 0,
    product_id: product.id,
    product_name: product.name,
    product_price: String(product.price_1),
    product_sale_price: product.price_2 == null ? '' : String(product.price_2),
    product_photo: product.feature_photo,
    created_at: stamp,
    updated_at: stamp,
  };
}

/** Whether this page has had the account's list from the server (until then the header keeps the count it had). */
let accountListKnown = false;

/** Keeps the header's wishlist count (plain HTML, set before paint) in step, and remembers the account's for the next page. */
function mirrorWishlistCount(): void {
  $wishlist.subscribe((state) => {
    if ($owner.get() === 'account' && !accountListKnown) return;
    const count = state.items.length;
    try {
      if ($owner.get() === 'account') localStorage.setItem(STORAGE_KEYS.wishlistCount, String(count));
    } catch {
      // Storage blocked: the count shows on this page only.
    }
    for (const badge of document.querySelectorAll<HTMLElement>('[data-wishlist-count]')) {
      badge.textContent = String(count);
      badge.hidden = count === 0;
    }
  });
}

let lastLoad: Promise<void> | undefined;
let loadsAsked = 0;
let running = false;

/** The first time a page uses the wishlist: the count, the queue of changes, and what it hears of sent changes. */
function startOnce(): void {
  if (running || typeof document === 'undefined') return;
  running = true;
  mirrorWishlistCount();
  if ($owner.get() === 'guest') return;
  watchQueuedChanges();
  // A change sent or refused: the list becomes the server's again.
  onChangeSettled((news) => {
    if (news.change.kind.startsWith('wishlist')) void loadWishlist();
  });
}

export function loadWishlist(): Promise<void> {
  const owner = whoseWishlist();
  startOnce();
  if (owner === 'guest') {
    lastLoad = Promise.resolve();
    return lastLoad;
  }
  $accountWishlist.set(started($accountWishlist.get()));
  // Only the latest load's answer is shown: one asked before a change was sent may come back after it.
  const load = ++loadsAsked;
  lastLoad = apiGet<WishlistEntry[]>('/api/wishlist_get').then(
    (items) => {
      if (load !== loadsAsked) return;
      accountListKnown = true;
      $accountWishlist.set(loaded(items));
    },
    async () => {
      const problem = await problemText('loadFailed');
      if (load === loadsAsked) $accountWishlist.set(failed($accountWishlist.get(), problem));
    },
  );
  return lastLoad;
}

/**
 * Loads the wishlist once per page, however many hearts ask. A logged-in shopper's page first adds any
 * guest hearts left on the phone (a login that ended before they were merged).
 */
export function ensureWishlistLoaded(): Promise<void> {
  if (whoseWishlist() === 'guest') return loadWishlist();
  lastLoad ??= $guestWishlist.get().length > 0 ? mergeGuestWishlist().then(loadWishlist) : loadWishlist();
  return lastLoad;
}

/**
 * Saves the product, or takes it off if it is saved. A load still under way is waited for first, so
 * its answer (from before this change) cannot undo the change.
 */
export async function toggleWishlist(product: WishlistProduct): Promise<string | null> {
  await lastLoad;
  return $wishlistProductIds.get().has(product.id) ? removeFromWishlist(product.id) : addToWishlist(product);
}

/**
 * Sends a change to the account's list; made offline, or when the request gets no answer, keeps it in the
 * queue instead (as it does while earlier changes wait, so they go out in order). Answers the problem to
 * show, or null when the change was made or kept.
 */
async function changeAccountWishlist(
  action: 'add' | 'remove',
  entry: WishlistEntry,
  undo: (problem: string) => void,
  failure: Problem,
): Promise<string | null> {
  const refuse = async () => {
    const problem = await problemText(failure);
    undo(problem);
    return problem;
  };
  const wait = navigator.onLine === false || $queuedChanges.get().length > 0;
  if (!wait) {
    try {
      await apiPost(`/api/wishlist_${action}`, { product_id: entry.product_id });
      void loadManifest();
      return null;
    } catch (error) {
      if (!isNetworkFailure(error)) return refuse();
    }
  }
  try {
    await queueAndSend(wishlistChange(action, entry));
    return null;
  } catch {
    return refuse();
  }
}

/** Each action answers the problem to show, or null when it was done. */
export async function addToWishlist(product: WishlistProduct): Promise<string | null> {
  await lastLoad;
  const entry = entryFor(product);
  if (whoseWishlist() === 'guest') {
    $guestWishlist.set(addedLocally(loaded($guestWishlist.get()), entry).items);
    return null;
  }
  $accountWishlist.set(addedLocally(started($accountWishlist.get()), entry));
  const error = await changeAccountWishlist(
    'add',
    entry,
    (problem) => {
      const state = $accountWishlist.get();
      $accountWishlist.set(failed({ ...state, items: state.items.filter((item) => item !== entry) }, problem));
    },
    'addFailed',
  );
  if (!error) $accountWishlist.set(added($accountWishlist.get()));
  return error;
}

export async function removeFromWishlist(productId: number): Promise<string | null> {
  await lastLoad;
  if (whoseWishlist() === 'guest') {
    $guestWishlist.set(removed(loaded($guestWishlist.get()), productId).items);
    return null;
  }
  const before = $accountWishlist.get();
  const entry = $wishlist.get().items.find((item) => item.product_id === productId) ?? entryFor({ id: productId, name: '', price_1: '', feature_photo: '' });
  $accountWishlist.set({ ...removed(before, productId), isLoading: true });
  const error = await changeAccountWishlist(
    'remove',
    entry,
    (problem) => {
      const state = $accountWishlist.get();
      $accountWishlist.set(failed(before.items.some((item) => item.product_id === productId) ? addedLocally(state, entry) : state, problem));
    },
    'removeFailed',
  );
  if (!error) $accountWishlist.set(removed($accountWishlist.get(), productId));
  return error;
}

/**
 * Adds a guest's hearts to the account that just logged in or registered: each product once, skipping
 * those already saved, dropping quietly a product that no longer exists; a heart that cannot be sent now
 * waits in the queue. The phone's guest list is then emptied.
 */
export async function mergeGuestWishlist(): Promise<void> {
  const guest = $guestWishlist.get();
  if (guest.length === 0 || !hasStoredLogin()) return;
  let savedIds: number[] = [];
  try {
    savedIds = (await apiGet<WishlistEntry[]>('/api/wishlist_get')).map((item) => item.product_id);
  } catch {
    // Adding is harmless for a product already saved (the server keeps one): send them all.
  }
  const kept: WishlistEntry[] = [];
  for (const entry of guestHeartsToMerge(guest, savedIds)) {
    try {
      await apiPost('/api/wishlist_add', { product_id: entry.product_id });
    } catch (error) {
      if (!isNetworkFailure(error)) continue;
      await queueAndSend(wishlistChange('add', entry, { quietIfGone: true })).catch(() => kept.push(entry));
    }
  }
  $guestWishlist.set(kept);
}

/** Forgets what the phone holds of a wishlist when the shopper logs out: guest hearts, the account's count, changes waiting. */
export function forgetWishlistOnThisPhone(): void {
  $guestWishlist.set([]);
  $accountWishlist.set(emptyWishlist);
  try {
    localStorage.removeItem(STORAGE_KEYS.wishlistCount);
  } catch {
    // Storage blocked: nothing was kept.
  }
  dropWaitingChanges();
}
