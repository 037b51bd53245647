/**
 * The wishlist's states and transitions (spec section 4), pure so they are tested alone: loading, adding
 * and removing set isLoading and clear the error; success clears isLoading; failure keeps the error.
 * A removal drops the item by product_id; an add leaves the items alone (the caller reloads the manifest);
 * a local duplicate product_id is ignored; syncing from the manifest fills an empty wishlist only.
 * A guest's hearts are kept on the phone in the same shape and merged into the account's list at login.
 */
export type WishlistEntry = {
  id: number;
  user_id: number;
  product_id: number;
  product_name: string;
  product_price: string;
  product_sale_price: string;
  product_photo: string;
  created_at: string;
  updated_at: string;
};

export type WishlistState = { items: WishlistEntry[]; isLoading: boolean; error: string | null };

export const emptyWishlist: WishlistState = { items: [], isLoading: false, error: null };

export const started = (state: WishlistState): WishlistState => ({ ...state, isLoading: true, error: null });
export const failed = (state: WishlistState, error: string): WishlistState => ({ ...state, isLoading: false, error });
export const loaded = (items: WishlistEntry[]): WishlistState => ({ items, isLoading: false, error: null });
export const added = (state: WishlistState): WishlistState => ({ ...state, isLoading: false });
export const removed = (state: WishlistState, productId: number): WishlistState => ({
  items: state.items.filter((item) => item.product_id !== productId),
  isLoading: false,
  error: null,
});

export function addedLocally(state: WishlistState, entry: WishlistEntry): WishlistState {
  if (state.items.some((item) => item.product_id === entry.product_id)) return state;
  return { ...state, items: [...state.items, entry] };
}

/** A manifest entry may name its fields differently: name, price_1, price_2 and image stand in. */
export type ManifestWishlistEntry = Partial<WishlistEntry> & {
  product_id: number;
  name?: string;
  price_1?: string | number;
  price_2?: string | number | null;
  image?: string;
};

export function fromManifestEntry(entry: ManifestWishlistEntry, now = new Date()): WishlistEntry {
  const stamp = now.toISOString();
  return {
    id: entry.id ?? entry.product_id,
    user_id: entry.user_id ?? 0,
    product_id: entry.product_id,
    product_name: entry.product_name ?? entry.name ?? '',
    product_price: entry.product_price ?? String(entry.price_1 ?? ''),
    product_sale_price: entry.product_sale_price ?? (entry.price_2 == null ? '' : String(entry.price_2)),
    product_photo: entry.product_photo ?? entry.image ?? '',
    created_at: entry.created_at ?? stamp,
    updated_at: entry.updated_at ?? stamp,
  };
}

export function syncFromManifest(state: WishlistState, entries: ManifestWishlistEntry[], now = new Date()): WishlistState {
  if (state.items.length > 0) return state;
  return { ...state, items: entries.map((entry) => fromManifestEntry(entry, now)) };
}

function isEntry(value: unknown): value is WishlistEntry {
  const entry = value as Partial<WishlistEntry> | null;
  return typeof entry === 'object' && entry !== null && Number.isInteger(entry.product_id) && typeof entry.product_name === 'string';
}

/** A guest's stored hearts: anything unreadable (edited by hand, an old format) counts as none; one entry per product. */
export function parseGuestWishlist(text: string | null | undefined): WishlistEntry[] {
  let stored: unknown;
  try {
    stored = JSON.parse(text || '[]');
  } catch {
    return [];
  }
  if (!Array.isArray(stored)) return [];
  const seen = new Set<number>();
  return stored.filter((entry): entry is WishlistEntry => isEntry(entry) && !seen.has(entry.product_id) && Boolean(seen.add(entry.product_id)));
}

/**
 * Which of a guest's hearts to add to the account's wishlist at login: each product once, in the order
 * the guest saved them, skipping those the account already holds.
 */
export function guestHeartsToMerge(guest: readonly WishlistEntry[], savedProductIds: Iterable<number>): WishlistEntry[] {
  const skip = new Set(savedProductIds);
  return guest.filter((entry) => !skip.has(entry.product_id) && Boolean(skip.add(entry.product_id)));
}
