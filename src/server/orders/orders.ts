/** Orders: reading them and moving them along. This module owns the orders, order_items and order_events tables. */
import { and, asc, count, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import { getDb, type Database } from '../db/client';
import { orderEvents, orderItems, orders } from '../db/schema';
import { Conflict, Forbidden, NotFound } from '../errors';
import { paginate, pageWindow, type Pagination } from '../../lib/pagination';
import { canMoveOrder, ORDER_STATUS_LABELS, orderStatusOfLines, type OrderStatus } from '../../lib/order-rules';
import { productIdsSuppliedBy, productPicturesAndSellers, releaseStock } from '../catalog/products';
import { productFiguresChange } from '../catalog/catalogue-changes';
import { latestPayment, paymentConfirmations, recordPaymentNews, runFollowUps, type Payment } from '../payments/payments';
import { approvalSecondsLeft } from '../../lib/mobile-money';
import { approvalWindowMs } from '../payments/approval-window';
import { noFollowUps, settleOrder, withOrderLocked } from '../payments/ledger';
import { listDeliveryLocations } from './delivery-locations';
import type { SessionUser } from '../accounts/sessions';
import { isAdmin as isAdminRole, sellerRefusal } from '../accounts/roles';
import { ORDER_MESSAGES } from '../../lib/messages/order-messages';
import { textOrderStatus } from '../sms/order-sms';

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

/**
 * The order fields the spec's other clients read, beside ours: amounts under their names, the state as
 * they number it, how the payment was confirmed ('' until paid) and when it was placed.
 */
export type ClientOrderFields = {
  order_total: number;
  delivery_amount: number;
  payable_amount: number;
  order_state: number;
  payment_confirmation: string;
  date_created: string;
};

/** Their order states: 0 placed, 1 being prepared or on the way, 2 delivered, 3 cancelled. */
const ORDER_STATES: Record<OrderStatus, number> = { pending: 0, processing: 1, shipped: 1, delivered: 2, cancelled: 3 };

function clientOrderFields(order: OrderRow, confirmation: string | undefined): ClientOrderFields {
  return {
    order_total: order.subtotal,
    delivery_amount: order.delivery_fee,
    payable_amount: order.total,
    order_state: ORDER_STATES[order.status as OrderStatus] ?? 0,
    payment_confirmation: confirmation ?? '',
    date_created: order.created_at.toISOString(),
  };
}

/** An order's lines as the `items` text of the order list: JSON in the cart's names. */
function itemsText(lines: (typeof orderItems.$inferSelect)[]): string {
  return JSON.stringify(
    lines.map((line) => ({
      product_id: line.product_id,
      product_name: line.product_name,
      product_price_1: String(line.unit_price),
      product_quantity: line.quantity,
      color: line.color,
      size: line.size,
      variant: line.variant,
    })),
  );
}

export type OrderDetails = OrderRow &
  ClientOrderFields & {
    items: OrderItem[];
    delivery_location: { id: number; name: string; region: string } | null;
    /** The latest attempt; a mobile money request still waiting says how many seconds are left to approve it. */
    payment: (Payment & { approval_seconds_left: number | null }) | null;
    events: OrderEvent[];
  };

async function orderDetails(order: OrderRow): Promise<OrderDetails> {
  const db = await getDb();
  const [items, events, payment, locations, confirmations] = await Promise.all([
    db.select().from(orderItems).where(eq(orderItems.order_id, order.id)).orderBy(asc(orderItems.id)),
    db
      .select({ status: orderEvents.status, note: orderEvents.note, created_at: orderEvents.created_at })
      .from(orderEvents)
      .where(eq(orderEvents.order_id, order.id))
      // By id, not time: a timestamp is its transaction's start, and news waiting on the order's lock starts earlier than it lands.
      .orderBy(asc(orderEvents.id)),
    latestPayment(order.id),
    listDeliveryLocations(),
    paymentConfirmations([order.id]),
  ]);
  const location = locations.find((place) => place.id === order.delivery_location_id);
  const pictures = await productPicturesAndSellers(items.map((item) => item.product_id));
  return {
    ...order,
    ...clientOrderFields(order, confirmations.get(order.id)),
    items: items.map((item) => ({ ...item, feature_photo: pictures.get(item.product_id)?.feature_photo ?? '' })),
    delivery_location: location ? { id: location.id, name: location.name, region: location.region } : null,
    payment: payment && { ...payment, approval_seconds_left: approvalSecondsLeft(payment, Date.now(), approvalWindowMs()) },
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
  if (!order) throw new NotFound(ORDER_MESSAGES.notFound);
  return orderDetails(order);
}

export const ORDERS_PER_PAGE = 10;

/** An order in the list: its own fields, the spec clients' fields and its lines as their `items` text. */
export type ListedOrder = OrderRow & ClientOrderFields & { items: string };

/**
 * The user's orders, newest first, with the spec's pagination object: each order's own fields, the spec
 * clients' fields and an `items` text (GET orders/{id} has the lines, the payment and the timeline).
 */
export async function listOrders(userId: number, page: number, url: URL): Promise<Pagination<ListedOrder>> {
  const db = await getDb();
  const { offset, limit } = pageWindow(page, ORDERS_PER_PAGE);
  const [rows, [total]] = await Promise.all([
    db.select().from(orders).where(eq(orders.user_id, userId)).orderBy(desc(orders.created_at), desc(orders.id)).limit(limit).offset(offset),
    db.select({ n: count() }).from(orders).where(eq(orders.user_id, userId)),
  ]);
  const ids = rows.map((order) => order.id);
  const [lines, confirmations] = await Promise.all([
    ids.length ? db.select().from(orderItems).where(inArray(orderItems.order_id, ids)).orderBy(asc(orderItems.id)) : [],
    paymentConfirmations(ids),
  ]);
  const listed = rows.map((order) => ({
    ...order,
    ...clientOrderFields(order, confirmations.get(order.id)),
    items: itemsText(lines.filter((line) => line.order_id === order.id)),
  }));
  return paginate(listed, { page, perPage: ORDERS_PER_PAGE, total: total?.n ?? 0, url });
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
  const lines = ids.length
    ? await db
        .select()
        .from(orderItems)
        .where(and(inArray(orderItems.order_id, ids), supplied))
        .orderBy(asc(orderItems.id))
    : [];
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
  if (!order) throw new NotFound(ORDER_MESSAGES.notFound);
  return orderDetails(order);
}

/** Who is changing an order and which of its lines they may touch: all of them (null) for an administrator. */
export type OrderChangeScope = { actor: SessionUser; orderId: number; lineIds: number[] | null };

/** The text of a refused status change: the spec's failure, then why. */
const statusFailed = (reason: string) => `${ORDER_MESSAGES.statusFailed}: ${reason}`;

/**
 * Checks who may change an order before anything they sent is read: an administrator acts on the whole
 * order, an approved, active vendor only on the lines of its own products; anyone else is refused.
 */
export async function orderChangeScope(actor: SessionUser, orderId: number): Promise<OrderChangeScope> {
  const refusal = sellerRefusal(actor);
  if (refusal) throw new Forbidden(statusFailed(refusal));
  const db = await getDb();
  const [order] = await db.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId)).limit(1);
  if (!order) throw new NotFound(ORDER_MESSAGES.notFound);
  if (isAdminRole(actor)) return { actor, orderId, lineIds: null };
  const lines = await db
    .select({ id: orderItems.id })
    .from(orderItems)
    .where(and(eq(orderItems.order_id, orderId), inArray(orderItems.product_id, productIdsSuppliedBy(db, actor.id))));
  if (lines.length === 0) throw new Forbidden(statusFailed('only the store or a vendor of this order can change it'));
  return { actor, orderId, lineIds: lines.map((line) => line.id) };
}

/**
 * Moves lines of an order along (pending → processing → shipped → delivered, or cancelled before shipping):
 * a vendor its own lines, an administrator all of them. The order's status follows its lines; cancelled lines
 * return their stock, and what was paid for them is refunded (the payment ledger works that out under the
 * same lock). An administrator may also confirm a manual transfer (payment_status).
 */
export async function changeOrderStatus(
  scope: OrderChangeScope,
  change: { status?: OrderStatus; payment_status?: 'COMPLETED' },
): Promise<{ status: OrderStatus; payment_status: string }> {
  const { orderId } = scope;
  if (change.payment_status) {
    if (scope.lineIds) throw new Forbidden(statusFailed('only the store confirms a payment'));
    const payment = await latestPayment(orderId);
    if (!payment || payment.gateway !== 'manual') throw new Conflict(statusFailed('only a manual transfer is confirmed by hand'));
    await recordPaymentNews(payment.id, { reported: 'COMPLETED', source: 'administrator', details: { confirmed_by: scope.actor.id } });
  }
  if (change.status) {
    const to = change.status;
    const followUps = await withOrderLocked(orderId, async (tx, changed) => {
      const lines = await tx.select().from(orderItems).where(eq(orderItems.order_id, orderId)).orderBy(asc(orderItems.id));
      const moving = lines.filter((line) => (scope.lineIds === null || scope.lineIds.includes(line.id)) && line.status !== to);
      if (moving.length === 0) return noFollowUps();
      const stuck = moving.find((line) => !canMoveOrder(line.status as OrderStatus, to));
      if (stuck) {
        const what =
          scope.lineIds || moving.length < lines.length
            ? `${stuck.product_name} is ${ORDER_STATUS_LABELS[stuck.status as OrderStatus].toLowerCase()} and`
            : `an order that is ${stuck.status}`;
        throw new Conflict(statusFailed(`${what} cannot become ${to}`));
      }
      await tx
        .update(orderItems)
        .set({ status: to })
        .where(
          inArray(
            orderItems.id,
            moving.map((line) => line.id),
          ),
        );
      if (to === 'cancelled') {
        for (const line of moving) await releaseStock(tx, line.product_id, line.quantity);
        changed(
          await productFiguresChange(
            tx,
            moving.map((line) => line.product_id),
          ),
        );
      }

      const movedIds = new Set(moving.map((line) => line.id));
      const orderStatus = orderStatusOfLines(lines.map((line) => (movedIds.has(line.id) ? to : (line.status as OrderStatus))));
      const [order] = await tx
        .select({
          id: orders.id,
          status: orders.status,
          customer_name: orders.customer_name,
          customer_phone: orders.customer_phone,
          total: orders.total,
          payment_status: orders.payment_status,
        })
        .from(orders)
        .where(eq(orders.id, orderId));
      if (orderStatus !== order!.status) {
        await tx.update(orders).set({ status: orderStatus, updated_at: new Date() }).where(eq(orders.id, orderId));
        await textOrderStatus(tx, orderStatus, order!);
      }
      if (orderStatus === to && orderStatus !== order!.status) {
        await tx.insert(orderEvents).values({ order_id: orderId, status: to, note: ORDER_STATUS_LABELS[to] });
      } else {
        // Part of the order moved (one vendor's lines): the timeline names them.
        const names = moving.map((line) => line.product_name).join(', ');
        await tx.insert(orderEvents).values({ order_id: orderId, status: `lines:${to}`, note: `${ORDER_STATUS_LABELS[to]}: ${names}` });
      }
      return settleOrder(tx, orderId);
    });
    if (followUps) await runFollowUps(followUps);
  }
  const db = await getDb();
  const [after] = await db.select({ status: orders.status, payment_status: orders.payment_status }).from(orders).where(eq(orders.id, orderId));
  return { status: after!.status as OrderStatus, payment_status: after!.payment_status };
}
