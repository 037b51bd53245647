/**
 * The logged-in user's wishlist (spec section 4), shared by every heart and the wishlist pages. Changes
 * show at once and are undone if the server refuses them; the states and transitions are
 * lib/wishlist-state.ts. After an add or a removal the manifest (its wishlist_count) is reloaded.
 */
import { atom, computed } from 'nanostores';
import { apiGet, apiPost, hasStoredLogin } from '~/lib/api';
import { added, addedLocally, emptyWishlist, failed, loaded, removed, started, type WishlistEntry, type WishlistState } from '~/lib/wishlist-state';
import { loadManifest } from './manifest';
import { WISHLIST_MESSAGES } from '~/lib/messages/wishlist-messages';

export const $wishlist = atom<WishlistState>(emptyWishlist);
export const $wishlistProductIds = computed($wishlist, (state) => new Set(state.items.map((item) => item.product_id)));

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

let lastLoad: Promise<void> | undefined;

export function loadWishlist(): Promise<void> {
  $wishlist.set(started($wishlist.get()));
  lastLoad = apiGet<WishlistEntry[]>('/api/wishlist_get').then(
    (items) => $wishlist.set(loaded(items)),
    () => $wishlist.set(failed($wishlist.get(), WISHLIST_MESSAGES.loadFailed)),
  );
  return lastLoad;
}

/** Loads the wishlist once per page for a logged-in user, however many hearts ask. */
export function ensureWishlistLoaded(): Promise<void> {
  if (!hasStoredLogin()) return Promise.resolve();
  return lastLoad ?? loadWishlist();
}

/**
 * Saves the product, or takes it off if it is saved. A load still under way is waited for first, so
 * its answer (from before this change) cannot undo the change.
 */
export async function toggleWishlist(product: WishlistProduct): Promise<string | null> {
  await lastLoad;
  return $wishlistProductIds.get().has(product.id) ? removeFromWishlist(product.id) : addToWishlist(product);
}

/** Each action answers the problem to show, or null when it was done. */
export async function addToWishlist(product: WishlistProduct): Promise<string | null> {
  await lastLoad;
  const entry = entryFor(product);
  $wishlist.set(addedLocally(started($wishlist.get()), entry));
  try {
    await apiPost('/api/wishlist_add', { product_id: product.id });
    $wishlist.set(added($wishlist.get()));
    void loadManifest();
    return null;
  } catch {
    const state = $wishlist.get();
    $wishlist.set(failed({ ...state, items: state.items.filter((item) => item !== entry) }, WISHLIST_MESSAGES.addFailed));
    return WISHLIST_MESSAGES.addFailed;
  }
}

export async function removeFromWishlist(productId: number): Promise<string | null> {
  await lastLoad;
  const before = $wishlist.get();
  const entry = before.items.find((item) => item.product_id === productId);
  $wishlist.set({ ...removed(before, productId), isLoading: true });
  try {
    await apiPost('/api/wishlist_remove', { product_id: productId });
    $wishlist.set(removed($wishlist.get(), productId));
    void loadManifest();
    return null;
  } catch {
    const state = $wishlist.get();
    $wishlist.set(failed(entry ? addedLocally(state, entry) : state, WISHLIST_MESSAGES.removeFailed));
    return WISHLIST_MESSAGES.removeFailed;
  }
}
