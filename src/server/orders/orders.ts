/**
 * Orders: reading them, for their buyers and their sellers. This module owns the orders, order_items and
 * order_events tables; an order's parts, and moving them along, are in order-parts.ts.
 */
import { and, asc, count, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import { getDb, type Database } from '../db/client';
import { orderEvents, orderItems, orderParts, orders, users } from '../db/schema';
import { clientLineFields, clientOrderFields, type ClientLineFields, type ClientOrderFields } from './client-order-fields';
import { NotFound } from '../errors';
import { paginate, pageWindow, type Pagination } from '../../lib/pagination';
import { mayPrepare, ORDER_PROGRESS_LABELS, orderProgress, type OrderProgress, type OrderStatus, type PaymentStatus } from '../../lib/order-rules';
import { orderMoney, type OrderMoney } from '../../lib/order-money';
import { attemptsOf, moneyMovementsOf, type MoneyMovements } from '../payments/ledger';
import { productPicturesAndSellers } from '../catalog/products';
import { paymentConfirmations, type Payment } from '../payments/payments';
import { approvalSecondsLeft } from '../../lib/mobile-money';
import { approvalWindowMs } from '../payments/approval-window';
import { listDeliveryLocations, type DeliveryLocation } from './delivery-locations';
import { handoverCodesOf, mayDispute, partsListedFor, partsOfOrders, type OrderPart } from './order-parts';
import { heldUntil } from './unpaid-orders';
import { orderReturns, type PartReturnWindow, type ReturnView } from '../returns/returns';
import type { SessionUser } from '../accounts/sessions';
import { message } from '../../lib/messages/message';
import { orderEventStatus, type OrderEventEntry, type OrderEventKind } from '../../lib/order-events';
import { sayOrderEvent } from '../../lib/order-event-words';

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

/** Whether the user has ordered the product in a part that was not cancelled (a verified purchase). */
export async function hasOrderedProduct(db: Database, userId: number, productId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .innerJoin(orderItems, eq(orderItems.order_id, orders.id))
    .innerJoin(orderParts, eq(orderParts.id, orderItems.part_id))
    .where(and(eq(orders.user_id, userId), eq(orderItems.product_id, productId), ne(orderParts.status, 'cancelled')))
    .limit(1);
  return row !== undefined;
}

/** A line as the API shows it: its status is its part's. */
export type OrderItem = typeof orderItems.$inferSelect & ClientLineFields & { feature_photo: string; status: OrderStatus };
/** A part with its lines, as the buyer and the API see it. */
export type OrderPartView = OrderPart & { lines: OrderItem[] };
/**
 * A timeline entry as the API shows it: its kind and values, the status code the spec's clients read, and
 * `note`, its words in English (a reply says them in the language asked: `orderInReplyLanguage`, http/order-labels.ts).
 */
export type OrderEvent = OrderEventEntry & { status: string; note: string; created_at: Date };

/** An order as its buyer sees it: items, delivery, the latest payment attempt and the timeline. */
export type OrderRow = typeof orders.$inferSelect;

/** An order's lines as the `items` text of the order list: JSON in the cart's names. */
function itemsText(lines: (typeof orderItems.$inferSelect)[]): string {
  return JSON.stringify(
    lines.map((line) => ({
      product_id: line.product_id,
      product_name: line.product_name,
      ...clientLineFields(line),
      color: line.color,
      size: line.size,
      variant: line.variant,
    })),
  );
}

export type OrderDetails = OrderRow &
  ClientOrderFields & {
    items: OrderItem[];
    /**
     * The order's lines by the vendor who sends them, each part with its own status and until when it may be
     * returned; a part on its way carries the code its buyer gives the rider (`handover_code`, null otherwise), and
     * a part delivered without it whether the buyer may still say it never came (`may_dispute`).
     */
    parts: (OrderPartView & PartReturnWindow & { handover_code: string | null; may_dispute: boolean })[];
    /** Returns the buyer asked for, newest first. */
    returns: ReturnView[];
    /** How far the order has come, as a code ("partly_shipped"), and in words: "Partly shipped" while some parts wait. */
    progress: OrderProgress;
    status_label: string;
    /** Where it goes, and in how many days delivery there usually arrives. */
    delivery_location: { id: number; name: string; region: string; delivery_days_min: number; delivery_days_max: number } | null;
    /** Its money part by part: costs, what comes back and how, what is left to pay the rider. */
    money: OrderMoney;
    /** The latest attempt; a mobile money request still waiting says how many seconds are left to approve it. */
    payment: (Payment & { approval_seconds_left: number | null }) | null;
    /** An order paid online still waiting for its money: until when its items are kept for it (ISO); null otherwise. */
    held_until: string | null;
    events: OrderEvent[];
  };

/** How far an order has come from its parts, as a code and in English words (the API says them in the language asked: http/order-labels.ts). */
function progressOf(parts: readonly { status: string }[]): { progress: OrderProgress; status_label: string } {
  const progress = orderProgress(parts.map((part) => part.status as OrderStatus));
  return { progress, status_label: ORDER_PROGRESS_LABELS[progress] };
}

/** The order's money from its parts, their lines and what moved for it (moneyMovementsOf). */
function moneyOf(order: OrderRow, parts: readonly OrderPart[], lines: readonly { part_id: number; subtotal: number }[], movements: MoneyMovements): OrderMoney {
  return orderMoney({
    parts: parts
      .filter((part) => part.order_id === order.id)
      .map((part) => ({ id: part.id, status: part.status as OrderStatus, lines: lines.filter((line) => line.part_id === part.id) })),
    delivery_fee: order.delivery_fee,
    payment_status: order.payment_status as PaymentStatus,
    ...movements,
  });
}

/** Lines with their product's picture and their part's status. */
async function viewedLines(lines: (typeof orderItems.$inferSelect)[], parts: readonly OrderPart[]): Promise<OrderItem[]> {
  return linesWithPictures(lines, parts, await productPicturesAndSellers(lines.map((line) => line.product_id)));
}

function linesWithPictures(
  lines: (typeof orderItems.$inferSelect)[],
  parts: readonly OrderPart[],
  pictures: ReadonlyMap<number, { feature_photo: string }>,
): OrderItem[] {
  const statuses = new Map(parts.map((part) => [part.id, part.status as OrderStatus]));
  return lines.map((line) => ({
    ...line,
    ...clientLineFields(line),
    feature_photo: pictures.get(line.product_id)?.feature_photo ?? '',
    status: statuses.get(line.part_id) ?? 'pending',
  }));
}

/** An order_events row as the order's reply shows it. */
function timelineEvent({ kind, values, created_at }: { kind: OrderEventKind; values: Record<string, unknown>; created_at: Date }): OrderEvent {
  const entry = { kind, values } as OrderEventEntry;
  return { ...entry, status: orderEventStatus(entry), note: sayOrderEvent(entry, 'en'), created_at };
}

/** Everything an order's reply is made of: read back from the database, or just written (newOrderDetails). */
type OrderRecord = {
  order: OrderRow;
  items: OrderItem[];
  parts: readonly OrderPart[];
  events: readonly { kind: OrderEventKind; values: Record<string, unknown>; created_at: Date }[];
  attempts: readonly Payment[];
  location: DeliveryLocation | undefined;
  confirmation: string | undefined;
  movements: MoneyMovements;
  email: string;
  codes: ReadonlyMap<number, string>;
  returnsSide: { returns: ReturnView[]; windowOf: (partId: number) => PartReturnWindow };
};

/** The order as its buyer sees it, from its record. */
function detailsOf({ order, items, parts, events, attempts, location, confirmation, movements, email, codes, returnsSide }: OrderRecord): OrderDetails {
  const payment = attempts.at(-1);
  const money = moneyOf(order, parts, items, movements);
  return {
    ...order,
    ...clientOrderFields(order, confirmation, email, money),
    items,
    parts: parts.map((part) => ({
      ...part,
      lines: items.filter((item) => item.part_id === part.id),
      ...returnsSide.windowOf(part.id),
      handover_code: codes.get(part.id) ?? null,
      may_dispute: mayDispute(part),
    })),
    returns: returnsSide.returns,
    ...progressOf(parts),
    delivery_location: location
      ? {
          id: location.id,
          name: location.name,
          region: location.region,
          delivery_days_min: location.delivery_days_min,
          delivery_days_max: location.delivery_days_max,
        }
      : null,
    money,
    payment: payment ? { ...payment, approval_seconds_left: approvalSecondsLeft(payment, Date.now(), approvalWindowMs()) } : null,
    held_until: heldUntil(order, attempts)?.toISOString() ?? null,
    events: events.map(timelineEvent),
  };
}

async function orderDetails(order: OrderRow): Promise<OrderDetails> {
  const db = await getDb();
  const [lines, parts, events, attempts, locations, confirmations, movements, email, codes] = await Promise.all([
    db.select().from(orderItems).where(eq(orderItems.order_id, order.id)).orderBy(asc(orderItems.id)),
    partsOfOrders([order.id]),
    db
      .select({ kind: orderEvents.kind, values: orderEvents.values, created_at: orderEvents.created_at })
      .from(orderEvents)
      .where(eq(orderEvents.order_id, order.id))
      // By id, not time: a timestamp is its transaction's start, and news waiting on the order's lock starts earlier than it lands.
      .orderBy(asc(orderEvents.id)),
    attemptsOf(db, order.id),
    listDeliveryLocations(),
    paymentConfirmations([order.id]),
    moneyMovementsOf([order.id]),
    buyerEmail(order.user_id),
    handoverCodesOf(order.id),
  ]);
  const [items, returnsSide] = await Promise.all([viewedLines(lines, parts), orderReturns(order.id, parts, lines)]);
  return detailsOf({
    order,
    items,
    parts,
    events,
    attempts,
    location: locations.find((place) => place.id === order.delivery_location_id),
    confirmation: confirmations.get(order.id),
    movements: movements.get(order.id)!,
    email,
    codes,
    returnsSide,
  });
}

/** An order just written, as its rows came back from their inserts, and what the reply adds to them. */
export type WrittenOrder = {
  order: OrderRow;
  lines: (typeof orderItems.$inferSelect)[];
  parts: readonly OrderPart[];
  events: readonly { kind: OrderEventKind; values: Record<string, unknown>; created_at: Date }[];
  /** Its one payment attempt, as starting it left it, not yet paid. */
  payment: Payment;
  location: DeliveryLocation;
  /** Each product's picture, as placing the order read it. */
  pictures: ReadonlyMap<number, { feature_photo: string }>;
  /** The buyer's account email. */
  email: string;
};

/**
 * An order placed a moment ago, exactly as getOrder reads it back, without reading it: nothing of it is paid,
 * shipped, delivered or returned yet, so it has no confirmation, no money in or out, no handover codes and no
 * returns. Only for an order whose payment attempt has not moved since it was written (placeOrder checks).
 */
export function newOrderDetails({ order, lines, parts, events, payment, location, pictures, email }: WrittenOrder): OrderDetails {
  const byId = <Row extends { id: number }>(rows: readonly Row[]) => rows.toSorted((a, b) => a.id - b.id);
  const sortedParts = byId(parts);
  return detailsOf({
    order,
    items: linesWithPictures(byId(lines), sortedParts, pictures),
    parts: sortedParts,
    events,
    attempts: [payment],
    location,
    confirmation: undefined,
    movements: { paid: 0, refunds: [], cash_on_delivery: payment.gateway === 'cash_on_delivery' },
    email,
    codes: new Map(),
    returnsSide: { returns: [], windowOf: () => ({ return_until: null, returnable: [] }) },
  });
}

/** One of the user's orders; anyone else's is 'Order not found', exactly as if it did not exist. */
export async function getOrder(userId: number, orderId: number): Promise<OrderDetails> {
  const db = await getDb();
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.user_id, userId)))
    .limit(1);
  if (!order) throw new NotFound(message('order', 'notFound'));
  return orderDetails(order);
}

export const ORDERS_PER_PAGE = 10;

/** An order in the list: its own fields, the spec clients' fields, how far it has come and its lines as their `items` text. */
export type ListedOrder = OrderRow &
  ClientOrderFields & { items: string; progress: OrderProgress; status_label: string; money: Pick<OrderMoney, 'total' | 'refund_due' | 'refunded'> };

/** The account email of the buyer `userId`, which the spec's clients read as each order's `mail`. */
async function buyerEmail(userId: number): Promise<string> {
  const db = await getDb();
  const [buyer] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId)).limit(1);
  return buyer?.email ?? '';
}

/** The user's orders `rows` as the list shows them. */
async function listedOrders(userId: number, rows: OrderRow[]): Promise<ListedOrder[]> {
  const db = await getDb();
  const ids = rows.map((order) => order.id);
  const [lines, confirmations, parts, email, movements] = await Promise.all([
    ids.length ? db.select().from(orderItems).where(inArray(orderItems.order_id, ids)).orderBy(asc(orderItems.id)) : [],
    paymentConfirmations(ids),
    partsOfOrders(ids),
    buyerEmail(userId),
    moneyMovementsOf(ids),
  ]);
  return rows.map((order) => {
    const money = moneyOf(order, parts, lines, movements.get(order.id)!);
    return {
      ...order,
      ...clientOrderFields(order, confirmations.get(order.id), email, money),
      ...progressOf(parts.filter((part) => part.order_id === order.id)),
      items: itemsText(lines.filter((line) => line.order_id === order.id)),
      money: { total: money.total, refund_due: money.refund_due, refunded: money.refunded },
    };
  });
}

const newestFirst = [desc(orders.created_at), desc(orders.id)];

/**
 * The user's orders, newest first, with the spec's pagination object: each order's own fields, the spec
 * clients' fields and an `items` text (GET orders/{id} has the lines, the payment and the timeline).
 */
export async function listOrders(userId: number, page: number, url: URL): Promise<Pagination<ListedOrder>> {
  const db = await getDb();
  const { offset, limit } = pageWindow(page, ORDERS_PER_PAGE);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(orders)
      .where(eq(orders.user_id, userId))
      .orderBy(...newestFirst)
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(orders).where(eq(orders.user_id, userId)),
  ]);
  return paginate(await listedOrders(userId, rows), { page, perPage: ORDERS_PER_PAGE, total: total?.n ?? 0, url });
}

/** The most orders a plain list (GET orders without a page) holds. */
export const LATEST_ORDERS_LIMIT = 100;

/** The user's latest orders, newest first, as the list shows them: the plain list and the manifest's recent orders. */
export async function latestOrders(userId: number, limit = LATEST_ORDERS_LIMIT): Promise<ListedOrder[]> {
  const db = await getDb();
  const rows = await db
    .select()
    .from(orders)
    .where(eq(orders.user_id, userId))
    .orderBy(...newestFirst)
    .limit(Math.min(limit, LATEST_ORDERS_LIMIT));
  return listedOrders(userId, rows);
}

/** An order as its seller sees it: who receives it and where, and the parts they send, with their lines. */
export type SellerOrder = OrderRow & { parts: OrderPartView[]; delivery_location: string };

/**
 * Orders a vendor sends parts of, newest first, each with only that vendor's parts and lines; an
 * administrator sees every order with all its parts.
 */
export async function listSellerOrders(seller: SessionUser, page: number, url: URL): Promise<Pagination<SellerOrder>> {
  const db = await getDb();
  const sent = partsListedFor(seller);
  const hasParts =
    sent && inArray(orders.id, db.select({ id: orderParts.order_id }).from(orderParts).innerJoin(orders, eq(orders.id, orderParts.order_id)).where(sent));
  const { offset, limit } = pageWindow(page, ORDERS_PER_PAGE);
  const [rows, [total], locations] = await Promise.all([
    db.select().from(orders).where(hasParts).orderBy(desc(orders.created_at), desc(orders.id)).limit(limit).offset(offset),
    db.select({ n: count() }).from(orders).where(hasParts),
    listDeliveryLocations(),
  ]);
  const ids = rows.map((order) => order.id);
  const paymentOf = new Map(rows.map((order) => [order.id, order.payment_status as PaymentStatus]));
  const parts = (await partsOfOrders(ids)).filter(
    (part) => sent === undefined || (part.vendor_id === seller.id && (part.status !== 'pending' || mayPrepare(paymentOf.get(part.order_id)!))),
  );
  const lines = ids.length ? await db.select().from(orderItems).where(inArray(orderItems.order_id, ids)).orderBy(asc(orderItems.id)) : [];
  const items = await viewedLines(
    lines.filter((line) => parts.some((part) => part.id === line.part_id)),
    parts,
  );
  const sellerOrders = rows.map((order) => ({
    ...order,
    parts: parts.filter((part) => part.order_id === order.id).map((part) => ({ ...part, lines: items.filter((item) => item.part_id === part.id) })),
    delivery_location: locations.find((place) => place.id === order.delivery_location_id)?.name ?? '',
  }));
  return paginate(sellerOrders, { page, perPage: ORDERS_PER_PAGE, total: total?.n ?? 0, url });
}

/** The order a payment belongs to, for gateway notifications (which carry no user). */
export async function orderOfPayment(payment: Payment): Promise<OrderDetails> {
  const db = await getDb();
  const [order] = await db.select().from(orders).where(eq(orders.id, payment.order_id)).limit(1);
  if (!order) throw new NotFound(message('order', 'notFound'));
  return orderDetails(order);
}

/** The lines of an order's parts still to send (not cancelled, not yet shipped), with their vendors: what a payment lets them prepare. */
export async function linesToPrepare(tx: Database, orderId: number): Promise<{ supplier: number | null; name: string; quantity: number }[]> {
  return tx
    .select({ supplier: orderParts.vendor_id, name: orderItems.product_name, quantity: orderItems.quantity })
    .from(orderItems)
    .innerJoin(orderParts, eq(orderParts.id, orderItems.part_id))
    .where(and(eq(orderItems.order_id, orderId), inArray(orderParts.status, ['pending', 'processing'])))
    .orderBy(asc(orderItems.id));
}
