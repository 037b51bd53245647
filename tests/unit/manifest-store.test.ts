import { describe, expect, it } from 'vitest';
import { $manifest, clearUserInfo } from '~/stores/manifest';

describe('manifest store', () => {
  it('clearing user info logs out of it and zeroes the order, wishlist, notification and message counts', () => {
    $manifest.set({
      status: 'fulfilled',
      initialized: true,
      error: null,
      data: {
        app_name: 'Duuka',
        is_authenticated: true,
        user: { id: 7, first_name: 'Nakato', last_name: 'N', email: 'nakato@example.com' },
        recent_orders: [{ id: 1, status: 'pending', total: 45_000, created_at: '2026-11-20T10:00:00Z' }],
        counts: {
          total_products: 580,
          total_orders: 3,
          pending_orders: 1,
          wishlist_count: 4,
          notifications_count: 2,
          unread_messages_count: 1,
          total_revenue: 90_000,
        },
      },
    });
    clearUserInfo();
    const data = $manifest.get().data!;
    expect(data).toMatchObject({ is_authenticated: false, user: null, recent_orders: [] });
    expect(data.counts).toMatchObject({
      total_products: 580,
      total_orders: 0,
      pending_orders: 0,
      wishlist_count: 0,
      notifications_count: 0,
      unread_messages_count: 0,
      total_revenue: 0,
    });
  });
});
