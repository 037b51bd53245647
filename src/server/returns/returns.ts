/**
 * Returns: within 7 days of a part's delivery its buyer asks to send back some of its lines (how many of each,
 * why, up to 3 pictures); the part's vendor or an administrator answers and moves the return along
 * (return-moves.ts). A return holds lines of one part, so one vendor handles it.
 *
 * This module owns the returns and return_lines tables: asking, and reading returns for the buyer's order
 * page, the API and the vendor's returns page. It reads the orders' lines and parts it returns from
 * (the orders module's tables), and writes the order's timeline entry when a return is asked.
 */
import { and, asc, count, desc, eq, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import { getDb, type Database } from '../db/client';
import { orderEvents, orderItems, orderParts, orders, returnLines, returns } from '../db/schema';
import { orderEventRow } from '../orders/order-timeline';
import { Conflict, Forbidden, Invalid, NotFound, TooLarge } from '../errors';
import type { SessionUser } from '../accounts/sessions';
import { isAdmin, sellerRefusal } from '../accounts/roles';
import { productPicturesAndSellers } from '../catalog/products';
import { removeStoredImages, storeUploadedImage } from '../media/uploads';
import type { VariantSize } from '../media/variants';
import { refundsOfReturns, withOrderLocked } from '../payments/ledger';
import { paysBackItself } from '../payments/payments';
import { announce } from '../events/event-bus';
import { partsOfOrders, type OrderPartRow } from '../orders/order-parts';
import type { ReturnRequest } from './return-input';
import type { PartReturnWindow, ReturnLineView, ReturnRow, ReturnView } from './return-view';
import { returnWindowMs } from './return-window';
import { paginate, pageWindow, type Pagination } from '../../lib/pagination';
import { kampalaDate } from '../../lib/dates';
import {
  OPEN_RETURN_STATUSES,
  RETURN_REASON_LABELS,
  RETURN_STATUS_LABELS,
  returnableQuantity,
  returnWindowEnd,
  withinReturnWindow,
  type ReturnReason,
  type ReturnStatus,
} from '../../lib/return-rules';
import { message, type Message } from '../../lib/messages/message';

export type { PartReturnWindow, ReturnLineView, ReturnRow, ReturnView };

export const RETURNS_PER_PAGE = 20;

/** The last moment a return may be asked for this part, or null while it is not delivered. */
function returnUntil(part: Pick<OrderPartRow, 'status' | 'delivered_at'>): Date | null {
  return part.status === 'delivered' && part.delivered_at ? returnWindowEnd(part.delivered_at, returnWindowMs()) : null;
}

/** Units of each line already in returns that were not refused. */
async function unitsInReturns(db: Database, itemIds: readonly number[]): Promise<Map<number, number>> {
  if (itemIds.length === 0) return new Map();
  const rows = await db
    .select({ item: returnLines.order_item_id, units: sql<number>`sum(${returnLines.quantity})::int` })
    .from(returnLines)
    .innerJoin(returns, eq(returns.id, returnLines.return_id))
    .where(and(inArray(returnLines.order_item_id, [...itemIds]), ne(returns.status, 'refused')))
    .groupBy(returnLines.order_item_id);
  return new Map(rows.map((row) => [row.item, row.units]));
}

/** The returns as the API shows them, in the order given. */
export async function viewReturns(rows: readonly ReturnRow[]): Promise<ReturnView[]> {
  if (rows.length === 0) return [];
  const db = await getDb();
  const orderIds = [...new Set(rows.map((row) => row.order_id))];
  const [lines, parts, buyers] = await Promise.all([
    db
      .select({ return_id: returnLines.return_id, quantity: returnLines.quantity, item: orderItems })
      .from(returnLines)
      .innerJoin(orderItems, eq(orderItems.id, returnLines.order_item_id))
      .where(
        inArray(
          returnLines.return_id,
          rows.map((row) => row.id),
        ),
      )
      .orderBy(asc(returnLines.id)),
    partsOfOrders(orderIds),
    db.select({ id: orders.id, customer_name: orders.customer_name, customer_phone: orders.customer_phone }).from(orders).where(inArray(orders.id, orderIds)),
  ]);
  const [pictures, owed] = await Promise.all([
    productPicturesAndSellers([...new Set(lines.map((line) => line.item.product_id))]),
    refundsOfReturns(
      db,
      rows.map((row) => row.id),
    ),
  ]);
  return rows.map((row) => {
    const part = parts.find((candidate) => candidate.id === row.part_id);
    const buyer = buyers.find((order) => order.id === row.order_id);
    const until = part ? returnUntil(part) : null;
    const refunds = owed.filter((refund) => refund.return_id === row.id);
    const pending = refunds.find((refund) => (refund.status === 'due' || refund.status === 'refunding') && paysBackItself(refund.gateway));
    return {
      ...row,
      status_label: RETURN_STATUS_LABELS[row.status as ReturnStatus] ?? row.status,
      reason_label: RETURN_REASON_LABELS[row.reason as ReturnReason] ?? row.reason,
      vendor_id: part?.vendor_id ?? null,
      vendor_name: part?.vendor_name ?? '',
      customer_name: buyer?.customer_name ?? '',
      customer_phone: buyer?.customer_phone ?? '',
      return_until: until?.toISOString() ?? null,
      lines: lines
        .filter((line) => line.return_id === row.id)
        .map(({ quantity, item }) => ({
          order_item_id: item.id,
          product_id: item.product_id,
          product_name: item.product_name,
          color: item.color,
          size: item.size,
          variant: item.variant,
          unit_price: item.unit_price,
          quantity,
          subtotal: item.unit_price * quantity,
          feature_photo: pictures.get(item.product_id)?.feature_photo ?? '',
        })),
      refunds: refunds.map(({ amount, status, gateway }) => ({ amount, status, gateway })),
      refund_pending_through: pending?.gateway ?? null,
    };
  });
}

/** One return as the API shows it. */
export async function returnById(returnId: number): Promise<ReturnView> {
  const db = await getDb();
  const [row] = await db.select().from(returns).where(eq(returns.id, returnId));
  if (!row) throw new NotFound(message('return', 'notFound'));
  return (await viewReturns([row]))[0]!;
}

/**
 * The returns side of a buyer's order page: the order's returns, newest first, and for each part until when a
 * return may be asked and how many of each line may still be (none once the window has passed).
 */
export async function orderReturns(
  orderId: number,
  parts: readonly Pick<OrderPartRow, 'id' | 'status' | 'delivered_at'>[],
  lines: readonly { id: number; part_id: number; quantity: number }[],
): Promise<{ returns: ReturnView[]; windowOf: (partId: number) => PartReturnWindow }> {
  const db = await getDb();
  const [rows, taken] = await Promise.all([
    db.select().from(returns).where(eq(returns.order_id, orderId)).orderBy(desc(returns.created_at), desc(returns.id)),
    unitsInReturns(
      db,
      lines.map((line) => line.id),
    ),
  ]);
  const now = new Date();
  const windowOf = (partId: number): PartReturnWindow => {
    const part = parts.find((candidate) => candidate.id === partId);
    const until = part ? returnUntil(part) : null;
    const open = part?.delivered_at && withinReturnWindow(part.delivered_at, now, returnWindowMs());
    const returnable = open
      ? lines
          .filter((line) => line.part_id === partId)
          .map((line) => ({ order_item_id: line.id, quantity: returnableQuantity(line.quantity, taken.get(line.id) ?? 0) }))
          .filter((line) => line.quantity > 0)
      : [];
    return { return_until: until?.toISOString() ?? null, returnable };
  };
  return { returns: await viewReturns(rows), windowOf };
}

/** The buyer asking, and the order they ask about. */
export type ReturnAskScope = { buyer: SessionUser; orderId: number };

/**
 * Checks who may ask before anything they sent is read: only the order's buyer. The part's vendor and
 * administrators, who see the order, are told so; anyone else finds no such order.
 */
export async function returnAskScope(caller: SessionUser, orderId: number): Promise<ReturnAskScope> {
  const db = await getDb();
  const [order] = await db.select({ id: orders.id, user_id: orders.user_id }).from(orders).where(eq(orders.id, orderId));
  if (!order) throw new NotFound(message('order', 'notFound'));
  if (order.user_id === caller.id) return { buyer: caller, orderId };
  const sendsPart =
    sellerRefusal(caller) === null &&
    (isAdmin(caller) ||
      (
        await db
          .select({ id: orderParts.id })
          .from(orderParts)
          .where(and(eq(orderParts.order_id, orderId), eq(orderParts.vendor_id, caller.id)))
          .limit(1)
      ).length > 0);
  if (sendsPart) throw new Forbidden(message('return', 'askRefused', message('return', 'buyerOnly')));
  throw new NotFound(message('order', 'notFound'));
}

/** What a request becomes once checked against the order: its part, the lines with how many, and what they are worth. */
type ReturnPlan = { part: OrderPartRow; lines: { item: typeof orderItems.$inferSelect; quantity: number }[]; amount: number };

/**
 * Checks a request against the order as it stands: the lines are the order's and of one part, the part is
 * delivered and inside its window at `now`, and no line is asked back more times than it was ordered.
 */
async function planReturn(db: Database, orderId: number, request: ReturnRequest, now: Date): Promise<ReturnPlan> {
  const refused = (reason: Message) => message('return', 'askRefused', reason);
  const items = await db.select().from(orderItems).where(eq(orderItems.order_id, orderId));
  const lines = request.lines.map((line) => {
    const item = items.find((candidate) => candidate.id === line.order_item_id);
    if (!item) throw new Invalid(refused(message('return', 'lineNotInOrder')));
    return { item, quantity: line.quantity };
  });
  const partIds = [...new Set(lines.map((line) => line.item.part_id))];
  if (partIds.length > 1) throw new Invalid(refused(message('return', 'oneVendorAtATime')));
  if (request.part_id !== undefined && request.part_id !== partIds[0]) throw new Invalid(refused(message('return', 'partMismatch')));
  const [part] = await db.select().from(orderParts).where(eq(orderParts.id, partIds[0]!));
  if (!part || part.status !== 'delivered' || !part.delivered_at) throw new Conflict(refused(message('return', 'notDelivered')));
  if (!withinReturnWindow(part.delivered_at, now, returnWindowMs())) {
    throw new Conflict(refused(message('return', 'windowClosed', kampalaDate(part.delivered_at.toISOString()))));
  }
  const taken = await unitsInReturns(
    db,
    lines.map((line) => line.item.id),
  );
  for (const { item, quantity } of lines) {
    const left = returnableQuantity(item.quantity, taken.get(item.id) ?? 0);
    if (quantity > left) throw new Conflict(refused(message('return', 'tooMany', item.product_name, left)));
  }
  return { part, lines, amount: lines.reduce((sum, line) => sum + line.item.unit_price * line.quantity, 0) };
}

/** Stores the buyer's pictures through the upload checks: all of them, or none when one is refused. */
/** Return photos are shown only as thumbnails (the buyer's order page and the vendor's returns page). */
const RETURN_PHOTO_SIZES: readonly VariantSize[] = [{ width: 160, format: 'webp', quality: 'standard' }];

async function storePhotos(files: readonly File[]): Promise<string[]> {
  const stored: string[] = [];
  try {
    for (const file of files) stored.push(await storeUploadedImage(file, 'photos', 'return', RETURN_PHOTO_SIZES));
    return stored;
  } catch (error) {
    await removeStoredImages(stored);
    if (error instanceof TooLarge) throw new TooLarge(message('return', 'askRefused', error.said));
    if (error instanceof Invalid) throw new Invalid(message('return', 'askRefused', error.said));
    throw error;
  }
}

/**
 * The buyer asks to return lines of one delivered part. The request is checked before the pictures are
 * stored and again under the order's lock, so two requests at once never ask back more than was ordered
 * and none arrives after the window. The return is announced (`return.requested`): the vendor is texted with
 * it, and the buyer and the vendor are mailed once it is written.
 */
export async function askReturn(scope: ReturnAskScope, request: ReturnRequest, origin: string): Promise<ReturnView> {
  const db = await getDb();
  await planReturn(db, scope.orderId, request, new Date());
  const photos = await storePhotos(request.photos);
  let returnId: number | null;
  try {
    returnId = await withOrderLocked(scope.orderId, async (tx) => {
      const plan = await planReturn(tx, scope.orderId, request, new Date());
      const [created] = await tx
        .insert(returns)
        .values({
          order_id: scope.orderId,
          part_id: plan.part.id,
          user_id: scope.buyer.id,
          reason: request.reason,
          details: request.details,
          photos,
          amount: plan.amount,
        })
        .returning({ id: returns.id });
      await tx.insert(returnLines).values(plan.lines.map((line) => ({ return_id: created!.id, order_item_id: line.item.id, quantity: line.quantity })));
      const what = plan.lines.map((line) => ({ name: line.item.product_name, quantity: line.quantity }));
      await tx.insert(orderEvents).values(orderEventRow(scope.orderId, { kind: 'return_requested', values: { lines: what } }));
      await announce(tx, 'return.requested', { returnId: created!.id, orderId: scope.orderId, vendorId: plan.part.vendor_id, lines: what, origin });
      return created!.id;
    });
  } catch (error) {
    await removeStoredImages(photos);
    throw error;
  }
  if (returnId === null) throw new NotFound(message('order', 'notFound'));
  return returnById(returnId);
}

/** Which returns a person sees: their own; a vendor also those on its parts; an administrator all. `handled`: only those they answer. */
function returnsSeenBy(viewer: SessionUser, handled: boolean): SQL | undefined {
  if (isAdmin(viewer)) return undefined;
  const answers = sellerRefusal(viewer) === null ? eq(orderParts.vendor_id, viewer.id) : undefined;
  if (handled) return answers ?? sql`false`;
  return answers ? or(answers, eq(returns.user_id, viewer.id)) : eq(returns.user_id, viewer.id);
}

export type ReturnListOptions = {
  page: number;
  url: URL;
  status?: ReturnStatus;
  /** Only the returns the viewer answers (a vendor's parts; every return for an administrator). */
  handled?: boolean;
  /** Returns still to act on first (to answer, then awaiting the items, then to pay back), then the rest; newest first within each. */
  toAnswerFirst?: boolean;
};

/** Returns the viewer may see, newest first (or those to act on first), with the spec's pagination object. */
export async function listReturns(viewer: SessionUser, options: ReturnListOptions): Promise<Pagination<ReturnView>> {
  const db = await getDb();
  const where = and(returnsSeenBy(viewer, options.handled ?? false), options.status ? eq(returns.status, options.status) : undefined);
  const { offset, limit } = pageWindow(options.page, RETURNS_PER_PAGE);
  const stage = sql`CASE ${returns.status} WHEN 'requested' THEN 0 WHEN 'awaiting_item' THEN 1 WHEN 'received' THEN 2 ELSE 3 END`;
  const [rows, [total]] = await Promise.all([
    db
      .select({ row: returns })
      .from(returns)
      .innerJoin(orderParts, eq(orderParts.id, returns.part_id))
      .where(where)
      .orderBy(...(options.toAnswerFirst ? [asc(stage)] : []), desc(returns.created_at), desc(returns.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(returns).innerJoin(orderParts, eq(orderParts.id, returns.part_id)).where(where),
  ]);
  const views = await viewReturns(rows.map(({ row }) => row));
  return paginate(views, { page: options.page, perPage: RETURNS_PER_PAGE, total: total?.n ?? 0, url: options.url });
}

/** How many returns a vendor (every return for an administrator) still has to act on, by step. */
export async function returnCounts(viewer: SessionUser): Promise<{ to_answer: number; awaiting_item: number; to_refund: number }> {
  const db = await getDb();
  const rows = await db
    .select({ status: returns.status, n: count() })
    .from(returns)
    .innerJoin(orderParts, eq(orderParts.id, returns.part_id))
    .where(and(returnsSeenBy(viewer, true), inArray(returns.status, [...OPEN_RETURN_STATUSES])))
    .groupBy(returns.status);
  const of = (status: ReturnStatus) => rows.find((row) => row.status === status)?.n ?? 0;
  return { to_answer: of('requested'), awaiting_item: of('awaiting_item'), to_refund: of('received') };
}
