/**
 * An order's timeline in Swahili (see src/lib/order-events.ts). The status words are the order pages' too:
 * ./checkout.ts takes them from here, so an order's status reads alike in its timeline and on its page.
 */
import { formatUGX } from '../../money';
import type { OrderEventWords } from '../../order-events';
import type { CancelReason, OrderStatus, PaymentStatus } from '../../order-rules';
import type { ReturnStatus } from '../../return-rules';

export const orderStatuses: Record<OrderStatus, string> = {
  pending: 'Oda imewekwa',
  processing: 'Inaandaliwa',
  shipped: 'Iko njiani',
  delivered: 'Imefikishwa',
  cancelled: 'Imeghairiwa',
};

export const paymentStatuses: Record<PaymentStatus, string> = {
  PENDING_PAYMENT: 'Inasubiri malipo',
  COMPLETED: 'Imelipwa',
  FAILED: 'Malipo yameshindwa',
  PAY_ON_DELIVERY: 'Lipa unapopokea',
  CANCELLED: 'Malipo yameghairiwa',
  REFUNDED: 'Pesa imerudishwa',
  REVERSED: 'Malipo yamerejeshwa',
};

export const cancelReasons: Record<CancelReason, string> = { unpaid: 'Imeghairiwa: haikulipwa kwa wakati' };

export const returnStatuses: Record<ReturnStatus, string> = {
  requested: 'Urejeshaji umeombwa',
  awaiting_item: 'Umekubaliwa: rudisha bidhaa',
  refused: 'Urejeshaji umekataliwa',
  received: 'Bidhaa zimepokelewa: pesa inarudishwa',
  refunded: 'Pesa imerudishwa',
};

const orderEvents: OrderEventWords = {
  order: ({ status }) => orderStatuses[status],
  store_cancelled: ({ reason }) => cancelReasons[reason],
  payment: ({ status }) => paymentStatuses[status],
  part: ({ status, vendor, items }) => `${orderStatuses[status]}: ${vendor} (${items.join(', ')})`,
  lines: ({ status, items }) => `${orderStatuses[status]}: ${items.join(', ')}`,
  return_requested: ({ lines }) => `${returnStatuses.requested}: ${lines.map((line) => `${line.quantity} × ${line.name}`).join(', ')}`,
  return_step: ({ status, return_id }) => `${returnStatuses[status]} (urejeshaji #${return_id})`,
  refund_due: ({ amount }) => `Pesa ya kurudishwa: ${formatUGX(amount, 'sw')}`,
  refunded: ({ amount }) => `Imerudishwa: ${formatUGX(amount, 'sw')}`,
};

export default orderEvents;
