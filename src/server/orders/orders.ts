/** Orders as the rest of the store reads them. This module owns the orders and order_items tables. */
import { desc, eq, sql } from 'drizzle-orm';
import { getDb } from '../db/client';
import { orders } from '../db/schema';

export type OrderCounts = {
  total_orders: number;
  pending_orders: number;
  processing_orders: number;
  completed_orders: number;
  cancelled_orders: number;
  orders_today: number;
  total_revenue: number;
};

const countWhere = (condition: ReturnType<typeof sql>) => sql<number>`count(*) FILTER (WHERE ${condition})::int`;

/** One user's order counts and spend (cancelled orders excluded from the spend). */
export async function orderCountsFor(userId: number): Promise<OrderCounts> {
  const db = await getDb();
  const startOfDay = new Date();
  startOfDay.setHours(0, 0, 0, 0);
  const [row] = await db
    .select({
      total_orders: sql<number>`count(*)::int`,
      pending_orders: countWhere(sql`${orders.status} = 'pending'`),
      processing_orders: countWhere(sql`${orders.status} IN ('processing', 'shipped')`),
      completed_orders: countWhere(sql`${orders.status} = 'delivered'`),
      cancelled_orders: countWhere(sql`${orders.status} = 'cancelled'`),
      orders_today: countWhere(sql`${orders.created_at} >= ${startOfDay}`),
      total_revenue: sql<number>`coalesce(sum(${orders.total}) FILTER (WHERE ${orders.status} <> 'cancelled'), 0)::int`,
    })
    .from(orders)
    .where(eq(orders.user_id, userId));
  return {
    total_orders: row?.total_orders ?? 0,
    pending_orders: row?.pending_orders ?? 0,
    processing_orders: row?.processing_orders ?? 0,
    completed_orders: row?.completed_orders ?? 0,
    cancelled_orders: row?.cancelled_orders ?? 0,
    orders_today: row?.orders_today ?? 0,
    total_revenue: row?.total_revenue ?? 0,
  };
}

export async function recentOrdersFor(userId: number, limit = 5) {
  const db = await getDb();
  return db
    .select({
      id: orders.id,
      status: orders.status,
      payment_status: orders.payment_status,
      total: orders.total,
      currency: orders.currency,
      created_at: orders.created_at,
    })
    .from(orders)
    .where(eq(orders.user_id, userId))
    .orderBy(desc(orders.created_at))
    .limit(limit);
}
