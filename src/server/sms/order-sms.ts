/**
 * Texts about orders, queued inside the transaction of the change they report (see sms.ts; subscribers of the
 * order events, events/subscribers.ts): the buyer's when the order is placed, paid, shipped, delivered or
 * cancelled, and each vendor's when an order holds their products. The buyer's texts are in the order's
 * language (`OrderForText.language`), the vendors' in English. They are sent once the change has committed.
 */
import type { Database } from '../db/client';
import { vendorPhones } from '../catalog/vendors';
import { phoneOnRecord } from '../../lib/phone-on-record';
import { mayPrepare, type OrderStatus, type PaymentStatus } from '../../lib/order-rules';
import { linesToPrepare } from '../orders/orders';
import type { StoreEvents } from '../events/store-events';
import { queueTexts, type NewText, type TextKind } from './sms';
import {
  orderCancelledText,
  orderDeliveredText,
  orderOnDeliveryText,
  orderPaidText,
  orderPlacedText,
  orderShippedText,
  partStatusText,
  receivedQuestionText,
  vendorDisputeText,
  vendorOrderText,
  type OrderForText,
  type VendorLine,
} from './order-texts';

/** The number to text a vendor on: its phone on record (the shop's if it is a mobile, else its own). */
export const vendorNumber = phoneOnRecord;

/** One text to each vendor whose products these lines hold, telling it of work it may do. */
async function vendorTexts(
  tx: Database,
  orderId: number,
  lines: readonly (VendorLine & { supplier: number | null })[],
  ordersUrl: string | null,
  paidNow = false,
) {
  const bySupplier = new Map<number, VendorLine[]>();
  for (const line of lines) {
    if (line.supplier === null) continue;
    const own = bySupplier.get(line.supplier) ?? [];
    own.push({ name: line.name, quantity: line.quantity });
    bySupplier.set(line.supplier, own);
  }
  const phones = await vendorPhones(tx, [...bySupplier.keys()]);
  return [...bySupplier].map(([supplier, own]): NewText => ({
    to: vendorNumber(phones.get(supplier)),
    kind: 'vendor_new_order',
    orderId,
    body: vendorOrderText(orderId, own, ordersUrl, paidNow),
  }));
}

/**
 * Queues the buyer's "order placed" text, and each vendor's whose products the order holds when it may prepare them
 * at once (cash on delivery); an order to be paid first is news to its vendors once it is paid.
 */
export async function textOrderPlaced(tx: Database, { order, lines, origin }: StoreEvents['order.placed']): Promise<void> {
  const texts: NewText[] = [{ to: order.customer_phone, kind: 'order_placed', orderId: order.id, body: orderPlacedText(order, origin) }];
  if (mayPrepare(order.payment_status as PaymentStatus)) texts.push(...(await vendorTexts(tx, order.id, lines, `${origin}/vendor-dashboard/orders`)));
  await queueTexts(tx, texts);
}

/**
 * Queues the buyer's "paid" text (the order's payment status has just become COMPLETED), and each vendor's "paid:
 * prepare it now" for its parts still to send; none for cash the buyer handed the rider, whose delivery text has
 * just thanked them.
 */
export async function textOrderPaid(tx: Database, { order, collectedAtDoor }: StoreEvents['payment.completed']): Promise<void> {
  if (collectedAtDoor) return;
  const body = orderPaidText({ ...order, cancelled: order.status === 'cancelled' }, order.total);
  const texts: NewText[] = [{ to: order.customer_phone, kind: 'order_paid', orderId: order.id, body }];
  if (order.status !== 'cancelled') texts.push(...(await vendorTexts(tx, order.id, await linesToPrepare(tx, order.id), null, true)));
  await queueTexts(tx, texts);
}

/**
 * Queues the buyer's text that an unpaid order is now paid on delivery, and each vendor's "new order" for its parts:
 * the order may be prepared from now on.
 */
export async function textOrderOnDelivery(tx: Database, { order }: StoreEvents['payment.on_delivery']): Promise<void> {
  const texts: NewText[] = [{ to: order.customer_phone, kind: 'order_on_delivery', orderId: order.id, body: orderOnDeliveryText(order) }];
  texts.push(...(await vendorTexts(tx, order.id, await linesToPrepare(tx, order.id), null)));
  await queueTexts(tx, texts);
}

const STATUS_TEXTS: Partial<Record<OrderStatus, { kind: TextKind; text: (order: OrderForText) => string }>> = {
  shipped: { kind: 'order_shipped', text: orderShippedText },
  delivered: { kind: 'order_delivered', text: orderDeliveredText },
  cancelled: { kind: 'order_cancelled', text: orderCancelledText },
};

/**
 * Queues the buyer's text for the order's new status: shipped, delivered or cancelled (the others get none;
 * an order the store cancelled says why). `order.payment_status` is the one before the change (a paid order
 * cancelled is refunded).
 */
export async function textOrderStatus(tx: Database, { status, order, reason, codes, unconfirmed }: StoreEvents['order.status_changed']): Promise<void> {
  const text = STATUS_TEXTS[status];
  if (!text) return;
  const body =
    reason && status === 'cancelled'
      ? orderCancelledText(order, reason)
      : status === 'shipped'
        ? orderShippedText(order, codes)
        : status === 'delivered' && unconfirmed
          ? receivedQuestionText(order)
          : text.text(order);
  await queueTexts(tx, [{ to: order.customer_phone, kind: text.kind, orderId: order.id, body }]);
}

const PART_TEXTS: Partial<Record<OrderStatus, TextKind>> = { shipped: 'order_shipped', delivered: 'order_delivered', cancelled: 'order_cancelled' };

/** Queues the buyer's text when one vendor's part of the order is shipped, delivered or cancelled on its own. */
export async function textPartStatus(tx: Database, { status, order, vendorName, code, unconfirmed }: StoreEvents['part.status_changed']): Promise<void> {
  const kind = PART_TEXTS[status];
  if (!kind) return;
  const body =
    status === 'delivered' && unconfirmed
      ? receivedQuestionText(order)
      : partStatusText(order, status as 'shipped' | 'delivered' | 'cancelled', vendorName, code);
  await queueTexts(tx, [{ to: order.customer_phone, kind, orderId: order.id, body }]);
}

/** Queues the vendor's text when its buyer says the part never arrived (the store's own parts: nobody to text). */
export async function textPartDisputed(tx: Database, { orderId, vendorId, origin }: StoreEvents['part.disputed']): Promise<void> {
  if (vendorId === null) return;
  const phones = await vendorPhones(tx, [vendorId]);
  await queueTexts(tx, [
    { to: vendorNumber(phones.get(vendorId)), kind: 'vendor_part_disputed', orderId, body: vendorDisputeText(orderId, `${origin}/vendor-dashboard/orders`) },
  ]);
}
