/**
 * The manifest the client loads once: the store's categories, delivery places, search suggestions and
 * counts, plus the caller's own part when logged in (their wishlist's rows, as wishlist_get lists them, and
 * their latest orders as the orders list shows them) and their recent searches (a guest's by session id). The shared
 * part is cached (manifest TTL); the caller's part is read fresh.
 */
import { cached, TTL } from '../cache/ttl-cache';
import { listCategories, type ApiCategory } from '../catalog/categories';
import { countActiveProducts } from '../catalog/products';
import { countVendors } from '../catalog/vendors';
import { countUsers } from '../accounts/users';
import type { SessionUser } from '../accounts/sessions';
import { listedDeliveryLocations, type ListedDeliveryLocation } from '../orders/delivery-locations';
import { latestOrders, orderCountsFor, type ListedOrder, type OrderCounts } from '../orders/orders';
import { wishlistRows, type WishlistRow } from '../wishlist/wishlist';
import { popularSearches, recentSearches, type SearchOwner } from '../search/history';
import { STORE } from '../../lib/store';

export type ManifestCounts = OrderCounts & {
  total_products: number;
  total_categories: number;
  total_users: number;
  total_vendors: number;
  active_vendors: number;
  wishlist_count: number;
  cart_count: number;
  notifications_count: number;
  unread_messages_count: number;
};

export type Manifest = {
  app_name: string;
  is_authenticated: boolean;
  user: SessionUser | null;
  categories: ApiCategory[];
  delivery_locations: ListedDeliveryLocation[];
  /** The caller's latest orders, as GET orders lists them (the spec's clients read order_total, order_state, date_created, items). */
  recent_orders: ListedOrder[];
  recent_search_suggestions: string[];
  /** The caller's wishlist rows ([] for a guest). */
  wishlist: WishlistRow[];
  counts: ManifestCounts;
};

const NO_ORDERS: OrderCounts = {
  total_orders: 0,
  pending_orders: 0,
  processing_orders: 0,
  completed_orders: 0,
  cancelled_orders: 0,
  orders_today: 0,
  total_revenue: 0,
};

async function sharedPart() {
  return cached('manifest:shared', TTL.manifest, async () => {
    const [categories, delivery_locations, total_products, vendors, total_users] = await Promise.all([
      listCategories(),
      listedDeliveryLocations(),
      countActiveProducts(),
      countVendors(),
      countUsers(),
    ]);
    return { categories, delivery_locations, total_products, total_users, ...vendors };
  });
}

/** How many of the caller's latest orders the manifest holds. */
const RECENT_ORDERS = 5;

/** How many search suggestions the manifest offers: the caller's own recent searches first, then popular ones. */
const SEARCH_SUGGESTIONS = 8;

async function searchSuggestionsFor(searcher: SearchOwner | null): Promise<string[]> {
  const [own, popular] = await Promise.all([
    searcher ? recentSearches(searcher, SEARCH_SUGGESTIONS) : [],
    cached('manifest:searches', TTL.searchResults, () => popularSearches()),
  ]);
  const seen = new Set<string>();
  const suggestions: string[] = [];
  for (const term of [...own.map((search) => search.query), ...popular]) {
    if (seen.has(term.toLowerCase()) || suggestions.length >= SEARCH_SUGGESTIONS) continue;
    seen.add(term.toLowerCase());
    suggestions.push(term);
  }
  return suggestions;
}

/** The manifest for `user` (null for a guest); `searcher` is whose recent searches lead its suggestions. */
export async function buildManifest(user: SessionUser | null, searcher: SearchOwner | null = user ? { userId: user.id } : null): Promise<Manifest> {
  const [shared, recent_search_suggestions, orderCounts, recent_orders, wishlist] = await Promise.all([
    sharedPart(),
    searchSuggestionsFor(searcher),
    user ? orderCountsFor(user.id) : NO_ORDERS,
    user ? latestOrders(user.id, RECENT_ORDERS) : [],
    user ? wishlistRows(user.id) : [],
  ]);
  const { categories, delivery_locations, ...storeCounts } = shared;
  return {
    app_name: STORE.name,
    is_authenticated: user !== null,
    user,
    categories,
    delivery_locations,
    recent_orders,
    recent_search_suggestions,
    wishlist,
    counts: {
      ...storeCounts,
      ...orderCounts,
      total_categories: categories.length,
      wishlist_count: wishlist.length,
      // The cart lives in the browser and is never sent to the server.
      cart_count: 0,
      notifications_count: 0,
      unread_messages_count: 0,
    },
  };
}
