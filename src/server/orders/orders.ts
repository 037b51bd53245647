/** Orders: reading them and moving them along. This module owns the orders, order_items and order_events tables. */
import { and, asc, count, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import { getDb, type Database } from '../db/client';
import { orderEvents, orderItems, orders } from '../db/schema';
import { HttpError, notFound } from '../http/errors';
import { messages } from '../../lib/messages';
import { paginate, pageWindow, type Pagination } from '../../lib/pagination';
import { canMoveOrder, ORDER_MESSAGES, ORDER_STATUS_LABELS, type OrderStatus } from '../../lib/orders';
import { productIdsSuppliedBy, productPicturesAndSellers, releaseStock } from '../catalog/products';
import { latestPayment, recordPaymentStatus, type Payment } from '../payments/payments';
import { listDeliveryLocations } from './delivery-locations';
import type { SessionUser } from '../accounts/sessions';
import { isAdmin as isAdminRole, sellerRefusal } from '../accounts/roles';

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

/** Whether the user has an order for the product that was not cancelled (a verified purchase). */
export async function hasOrderedProduct(db: Database, userId: number, productId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .innerJoin(orderItems, eq(orderItems.order_id, orders.id))
    .where(and(eq(orders.user_id, userId), eq(orderItems.product_id, productId), ne(orders.status, 'cancelled')))
    .limit(1);
  return row !== undefined;
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

export type OrderItem = typeof orderItems.$inferSelect & { feature_photo: string };
export type OrderEvent = { status: string; note: string; created_at: Date };

/** An order as its buyer sees it: items, delivery, the latest payment attempt and the timeline. */
export type OrderRow = typeof orders.$inferSelect;

export type OrderDetails = OrderRow & {
  items: OrderItem[];
  delivery_location: { id: number; name: string; region: string } | null;
  payment: Payment | null;
  events: OrderEvent[];
};

async function orderDetails(order: OrderRow): Promise<OrderDetails> {
  const db = await getDb();
  const [items, events, payment, locations] = await Promise.all([
    db.select().from(orderItems).where(eq(orderItems.order_id, order.id)).orderBy(asc(orderItems.id)),
    db
      .select({ status: orderEvents.status, note: orderEvents.note, created_at: orderEvents.created_at })
      .from(orderEvents)
      .where(eq(orderEvents.order_id, order.id))
      .orderBy(asc(orderEvents.created_at), asc(orderEvents.id)),
    latestPayment(order.id),
    listDeliveryLocations(),
  ]);
  const location = locations.find((place) => place.id === order.delivery_location_id);
  const pictures = await productPicturesAndSellers(items.map((item) => item.product_id));
  return {
    ...order,
    items: items.map((item) => ({ ...item, feature_photo: pictures.get(item.product_id)?.feature_photo ?? '' })),
    delivery_location: location ? { id: location.id, name: location.name, region: location.region } : null,
    payment,
    events,
  };
}

/** One of the user's orders; anyone else's is 'Order not found', exactly as if it did not exist. */
export async function getOrder(userId: number, orderId: number): Promise<OrderDetails> {
  const db = await getDb();
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.user_id, userId)))
    .limit(1);
  if (!order) throw notFound(messages.orderNotFound);
  return orderDetails(order);
}

export const ORDERS_PER_PAGE = 10;

/** The user's orders, newest first, with the spec's pagination object (each order's own fields; GET orders/{id} has the rest). */
export async function listOrders(userId: number, page: number, url: URL): Promise<Pagination<OrderRow>> {
  const db = await getDb();
  const { offset, limit } = pageWindow(page, ORDERS_PER_PAGE);
  const [rows, [total]] = await Promise.all([
    db.select().from(orders).where(eq(orders.user_id, userId)).orderBy(desc(orders.created_at), desc(orders.id)).limit(limit).offset(offset),
    db.select({ n: count() }).from(orders).where(eq(orders.user_id, userId)),
  ]);
  return paginate(rows, { page, perPage: ORDERS_PER_PAGE, total: total?.n ?? 0, url });
}

/** An order as its seller sees it: who receives it and where, and the lines they supply. */
export type SellerOrder = OrderRow & { items: OrderItem[]; delivery_location: string };

/**
 * Orders holding a vendor's products, newest first, each with only that vendor's lines; an administrator
 * sees every order with all its lines.
 */
export async function listSellerOrders(seller: SessionUser, page: number, url: URL): Promise<Pagination<SellerOrder>> {
  const db = await getDb();
  const supplied = isAdminRole(seller) ? undefined : inArray(orderItems.product_id, productIdsSuppliedBy(db, seller.id));
  const hasLines = supplied && inArray(orders.id, db.select({ id: orderItems.order_id }).from(orderItems).where(supplied));
  const { offset, limit } = pageWindow(page, ORDERS_PER_PAGE);
  const [rows, [total], locations] = await Promise.all([
    db.select().from(orders).where(hasLines).orderBy(desc(orders.created_at), desc(orders.id)).limit(limit).offset(offset),
    db.select({ n: count() }).from(orders).where(hasLines),
    listDeliveryLocations(),
  ]);
  const ids = rows.map((order) => order.id);
  const lines = ids.length ? await db.select().from(orderItems).where(and(inArray(orderItems.order_id, ids), supplied)).orderBy(asc(orderItems.id)) : [];
  const pictures = await productPicturesAndSellers(lines.map((line) => line.product_id));
  const sellerOrders = rows.map((order) => ({
    ...order,
    items: lines.filter((line) => line.order_id === order.id).map((line) => ({ ...line, feature_photo: pictures.get(line.product_id)?.feature_photo ?? '' })),
    delivery_location: locations.find((place) => place.id === order.delivery_location_id)?.name ?? '',
  }));
  return paginate(sellerOrders, { page, perPage: ORDERS_PER_PAGE, total: total?.n ?? 0, url });
}

/** The order a payment belongs to, for gateway notifications (which carry no user). */
export async function orderOfPayment(payment: Payment): Promise<OrderDetails> {
  const db = await getDb();
  const [order] = await db.select().from(orders).where(eq(orders.id, payment.order_id)).limit(1);
  if (!order) throw notFound(messages.orderNotFound);
  return orderDetails(order);
}

/**
 * Moves an order along (pending → processing → shipped → delivered, or cancelled before shipping).
 * Only an admin or an approved, active vendor whose product is in the order may; a cancelled order returns its stock
 * and cancels a payment still waiting. An admin may also confirm a manual transfer (payment_status).
 */
export async function changeOrderStatus(
  actor: SessionUser,
  orderId: number,
  change: { status?: OrderStatus; payment_status?: 'COMPLETED' },
): Promise<{ status: OrderStatus; payment_status: string }> {
  const refusal = sellerRefusal(actor);
  if (refusal) throw new HttpError(403, `${ORDER_MESSAGES.statusFailed}: ${refusal}`);
  const db = await getDb();
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId)).limit(1);
  if (!order) throw notFound(messages.orderNotFound);
  const isAdmin = isAdminRole(actor);
  const items = await db.select({ product_id: orderItems.product_id, quantity: orderItems.quantity }).from(orderItems).where(eq(orderItems.order_id, orderId));
  const sellers = await productPicturesAndSellers(items.map((item) => item.product_id));
  const sellsInOrder = items.some((item) => sellers.get(item.product_id)?.supplier === actor.id);
  if (!isAdmin && !sellsInOrder) throw new HttpError(403, `${ORDER_MESSAGES.statusFailed}: only the store or a vendor of this order can change it`);

  if (change.payment_status) {
    if (!isAdmin) throw new HttpError(403, `${ORDER_MESSAGES.statusFailed}: only the store confirms a payment`);
    const payment = await latestPayment(orderId);
    if (!payment || payment.gateway !== 'manual') throw new HttpError(409, `${ORDER_MESSAGES.statusFailed}: only a manual transfer is confirmed by hand`);
    await recordPaymentStatus(payment.id, 'COMPLETED', { confirmed_by: actor.id });
  }

  const from = order.status as OrderStatus;
  if (change.status && change.status !== from) {
    const to = change.status;
    if (!canMoveOrder(from, to)) throw new HttpError(409, `${ORDER_MESSAGES.statusFailed}: an order that is ${from} cannot become ${to}`);
    await db.transaction(async (tx) => {
      const [moved] = await tx
        .update(orders)
        .set({ status: to, updated_at: new Date() })
        .where(and(eq(orders.id, orderId), eq(orders.status, from)))
        .returning({ id: orders.id });
      if (!moved) throw new HttpError(409, `${ORDER_MESSAGES.statusFailed}: the order changed meanwhile, please reload`);
      await tx.insert(orderEvents).values({ order_id: orderId, status: to, note: ORDER_STATUS_LABELS[to] });
      if (to === 'cancelled') for (const item of items) await releaseStock(tx, item.product_id, item.quantity);
    });
    if (to === 'cancelled') {
      const payment = await latestPayment(orderId);
      if (payment && (payment.status === 'PENDING_PAYMENT' || payment.status === 'PAY_ON_DELIVERY')) await recordPaymentStatus(payment.id, 'CANCELLED');
    }
  }
  const [after] = await db.select({ status: orders.status, payment_status: orders.payment_status }).from(orders).where(eq(orders.id, orderId));
  return { status: after!.status as OrderStatus, payment_status: after!.payment_status };
}
