/**
 * The order fields the spec's other clients read beside ours, named and valued as the original store wrote
 * them: amounts under their names, where the order goes, whether it is paid (`pesapal_status` COMPLETED,
 * `payment_confirmation` PAID, `order_state` confirmed) and each line's quantity and price under the cart's
 * names as well as ours.
 */
import type { orderItems, orders } from '../db/schema';
import type { OrderStatus } from '../../lib/order-rules';

type OrderRow = typeof orders.$inferSelect;
type LineRow = typeof orderItems.$inferSelect;

/** How the original store named an order's progress: `confirmed` is placed and paid, not yet moving. */
export type ClientOrderState = 'pending' | 'confirmed' | Exclude<OrderStatus, 'pending'>;

export type ClientOrderFields = {
  order_total: number;
  delivery_amount: number;
  payable_amount: number;
  order_state: ClientOrderState;
  /** `PAID` once the money is in, else `""`. */
  payment_confirmation: 'PAID' | '';
  /** The gateway's confirmation code once paid, else `""`. */
  confirmation_code: string;
  /** The payment status, under the name the original gave it whatever the gateway. */
  pesapal_status: string;
  /** The buyer's account email. */
  mail: string;
  customer_phone_number_1: string;
  customer_address: string;
  date_created: string;
};

const paid = (order: OrderRow) => order.payment_status === 'COMPLETED';

/** The order's state as the original wrote it: its own status, but `confirmed` while a paid order waits to be prepared. */
export function clientOrderState(order: Pick<OrderRow, 'status' | 'payment_status'>): ClientOrderState {
  const status = order.status as OrderStatus;
  if (status === 'pending') return order.payment_status === 'COMPLETED' ? 'confirmed' : 'pending';
  return status;
}

/**
 * The clients' fields of `order`, placed by the account mailed at `buyerEmail`; `confirmationCode` is its paid
 * attempt's. The amounts are what the order costs now (`money`, from order-money.ts): a cancelled part and its
 * delivery no longer count, as the order's page says.
 */
export function clientOrderFields(
  order: OrderRow,
  confirmationCode: string | undefined,
  buyerEmail: string,
  money: { total: number; delivery_fee: number } = { total: order.total, delivery_fee: order.delivery_fee },
): ClientOrderFields {
  return {
    order_total: money.total - money.delivery_fee,
    delivery_amount: money.delivery_fee,
    payable_amount: money.total,
    order_state: clientOrderState(order),
    payment_confirmation: paid(order) ? 'PAID' : '',
    confirmation_code: confirmationCode ?? '',
    pesapal_status: order.payment_status,
    mail: buyerEmail,
    customer_phone_number_1: order.customer_phone,
    customer_address: order.delivery_address,
    date_created: order.created_at.toISOString(),
  };
}

/** A line's quantity and price under every name the clients read: ours, the cart's and the plain ones. */
export type ClientLineFields = { quantity: number; price: number; product_quantity: number; product_price_1: string };

export function clientLineFields(line: Pick<LineRow, 'quantity' | 'unit_price'>): ClientLineFields {
  return { quantity: line.quantity, price: line.unit_price, product_quantity: line.quantity, product_price_1: String(line.unit_price) };
}
