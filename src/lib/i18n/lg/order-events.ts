/**
 * An order's timeline in Luganda (see src/lib/order-events.ts). The status words are the order pages' too:
 * ./checkout.ts takes them from here, so an order's status reads alike in its timeline and on its page.
 */
import { formatUGX } from '../../money';
import type { OrderEventWords } from '../../order-events';
import type { CancelReason, OrderStatus, PaymentStatus } from '../../order-rules';
import type { ReturnStatus } from '../../return-rules';

export const orderStatuses: Record<OrderStatus, string> = {
  pending: 'Oda eweerezeddwa',
  processing: 'Etegekebwa',
  shipped: 'Eri mu kkubo',
  delivered: 'Etuusiddwa',
  cancelled: 'Esaziddwamu',
};

export const paymentStatuses: Record<PaymentStatus, string> = {
  PENDING_PAYMENT: 'Tulindirira okusasula',
  COMPLETED: 'Kusasuddwa',
  FAILED: 'Okusasula kulemye',
  PAY_ON_DELIVERY: "Sasula ng'otuusiddwako",
  CANCELLED: 'Okusasula kusaziddwamu',
  REFUNDED: 'Ssente zizziddwayo',
  REVERSED: 'Okusasula kuzziddwayo',
};

export const cancelReasons: Record<CancelReason, string> = { unpaid: 'Esaziddwamu: tesasulwa mu budde' };

export const returnStatuses: Record<ReturnStatus, string> = {
  requested: 'Okuzzaayo kusabiddwa',
  awaiting_item: 'Kukkiriziddwa: zzaayo ebintu',
  refused: 'Okuzzaayo kugaaniddwa',
  received: 'Ebintu bituuse: ssente zikomawo',
  refunded: 'Ssente zizziddwayo',
};

const orderEvents: OrderEventWords = {
  order: ({ status }) => orderStatuses[status],
  store_cancelled: ({ reason }) => cancelReasons[reason],
  payment: ({ status }) => paymentStatuses[status],
  part: ({ status, vendor, items }) => `${orderStatuses[status]}: ${vendor} (${items.join(', ')})`,
  lines: ({ status, items }) => `${orderStatuses[status]}: ${items.join(', ')}`,
  return_requested: ({ lines }) => `${returnStatuses.requested}: ${lines.map((line) => `${line.quantity} × ${line.name}`).join(', ')}`,
  return_step: ({ status, return_id }) => `${returnStatuses[status]} (okuzzaayo #${return_id})`,
  refund_due: ({ amount }) => `Ssente ez'okuzzibwayo: ${formatUGX(amount, 'lg')}`,
  refunded: ({ amount }) => `Ssente zizziddwayo: ${formatUGX(amount, 'lg')}`,
};

export default orderEvents;
