/**
 * The manifest the client loads once: the store's categories, delivery places, search suggestions and
 * counts, plus the caller's own part when logged in. The shared part is cached (manifest TTL);
 * the caller's part is read fresh.
 */
import { cached, TTL } from '../cache/ttl-cache';
import { listCategories, type ApiCategory } from '../catalog/categories';
import { countActiveProducts } from '../catalog/products';
import { countVendors } from '../catalog/vendors';
import { countUsers } from '../accounts/users';
import type { SessionUser } from '../accounts/sessions';
import { listDeliveryLocations, type DeliveryLocation } from '../orders/delivery-locations';
import { orderCountsFor, recentOrdersFor, type OrderCounts } from '../orders/orders';
import { wishlistCount } from '../wishlist/wishlist';
import { popularSearches } from '../search/history';
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
  delivery_locations: DeliveryLocation[];
  recent_orders: Awaited<ReturnType<typeof recentOrdersFor>>;
  recent_search_suggestions: string[];
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
      listDeliveryLocations(),
      countActiveProducts(),
      countVendors(),
      countUsers(),
    ]);
    return { categories, delivery_locations, total_products, total_users, ...vendors };
  });
}

export async function buildManifest(user: SessionUser | null): Promise<Manifest> {
  const [shared, recent_search_suggestions, orderCounts, recent_orders, wishlist_count] = await Promise.all([
    sharedPart(),
    cached('manifest:searches', TTL.searchResults, () => popularSearches()),
    user ? orderCountsFor(user.id) : NO_ORDERS,
    user ? recentOrdersFor(user.id) : [],
    user ? wishlistCount(user.id) : 0,
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
    counts: {
      ...storeCounts,
      ...orderCounts,
      total_categories: categories.length,
      wishlist_count,
      // The cart lives in the browser and is never sent to the server.
      cart_count: 0,
      notifications_count: 0,
      unread_messages_count: 0,
    },
  };
}
