/** The manifest (spec sections 3 and 4): loaded once; pending, fulfilled or rejected; user info can be cleared. */
import { atom } from 'nanostores';
import { apiGet } from '~/browser/api';

export type ManifestCounts = Record<string, number>;
export type Manifest = {
  app_name: string;
  is_authenticated: boolean;
  user: { id: number; first_name: string; last_name: string; email: string } | null;
  recent_orders: { id: number; status: string; total: number; created_at: string }[];
  counts: ManifestCounts;
};

export type ManifestState = { status: 'idle' | 'pending' | 'fulfilled' | 'rejected'; initialized: boolean; data: Manifest | null; error: string | null };

export const $manifest = atom<ManifestState>({ status: 'idle', initialized: false, data: null, error: null });

/** Counts that belong to the logged-in user, zeroed when they log out. */
const USER_COUNTS = [
  'total_orders',
  'pending_orders',
  'processing_orders',
  'completed_orders',
  'cancelled_orders',
  'orders_today',
  'total_revenue',
  'wishlist_count',
  'notifications_count',
  'unread_messages_count',
];

export async function loadManifest(): Promise<void> {
  $manifest.set({ ...$manifest.get(), status: 'pending', error: null });
  try {
    const data = await apiGet<Manifest>('/api/manifest');
    $manifest.set({ status: 'fulfilled', initialized: true, data, error: null });
  } catch (error) {
    $manifest.set({ ...$manifest.get(), status: 'rejected', error: (error as Error).message });
  }
}

export function clearUserInfo(): void {
  const state = $manifest.get();
  if (!state.data) return;
  const counts = { ...state.data.counts };
  for (const key of USER_COUNTS) counts[key] = 0;
  $manifest.set({ ...state, data: { ...state.data, is_authenticated: false, user: null, recent_orders: [], counts } });
}
