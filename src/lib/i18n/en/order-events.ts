/**
 * An order's timeline in English (see src/lib/order-events.ts): the words the API's `note` has always had, and
 * the status words the order pages show (./checkout.ts takes them from the same labels).
 */
import { formatUGX } from '../../money';
import type { OrderEventWords } from '../../order-events';
import { CANCEL_REASON_LABELS, ORDER_STATUS_LABELS, PAYMENT_STATUS_LABELS } from '../../order-rules';
import { RETURN_STATUS_LABELS } from '../../return-rules';

const orderEvents: OrderEventWords = {
  order: ({ status }) => ORDER_STATUS_LABELS[status],
  store_cancelled: ({ reason }) => CANCEL_REASON_LABELS[reason],
  payment: ({ status }) => PAYMENT_STATUS_LABELS[status],
  part: ({ status, vendor, items }) => `${ORDER_STATUS_LABELS[status]}: ${vendor} (${items.join(', ')})`,
  lines: ({ status, items }) => `${ORDER_STATUS_LABELS[status]}: ${items.join(', ')}`,
  return_requested: ({ lines }) => `${RETURN_STATUS_LABELS.requested}: ${lines.map((line) => `${line.quantity} × ${line.name}`).join(', ')}`,
  return_step: ({ status, return_id }) => `${RETURN_STATUS_LABELS[status]} (return #${return_id})`,
  refund_due: ({ amount }) => `Refund due: ${formatUGX(amount, 'en')}`,
  refunded: ({ amount }) => `Refunded: ${formatUGX(amount, 'en')}`,
};

export default orderEvents;
