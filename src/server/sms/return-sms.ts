/**
 * Texts about returns, queued inside the transaction of the step they report (see sms.ts): the vendor's when
 * a buyer asks (in English), the buyer's when the return is accepted, refused, received and refunded (in the
 * order's language). They are sent once the step has committed.
 */
import type { Database } from '../db/client';
import { vendorPhones } from '../catalog/vendors';
import type { StoreEvents } from '../events/store-events';
import { vendorNumber } from './order-sms';
import { queueTexts } from './sms';
import { returnAcceptedText, returnReceivedText, returnRefundedText, returnRefusedText, returnRequestedText } from './return-texts';

/** Queues the vendor's text about a new return (the store's own parts have no vendor to text). */
export async function textReturnRequested(tx: Database, { vendorId, orderId, lines, origin }: StoreEvents['return.requested']): Promise<void> {
  if (vendorId === null) return;
  const phones = await vendorPhones(tx, [vendorId]);
  await queueTexts(tx, [
    {
      to: vendorNumber(phones.get(vendorId)),
      kind: 'vendor_return_requested',
      orderId,
      body: returnRequestedText(orderId, lines, `${origin}/vendor-dashboard/returns`),
    },
  ]);
}

/** Queues the buyer's text about their return's new step. */
export async function textReturnStep(tx: Database, { phone, back, step }: StoreEvents['return.step']): Promise<void> {
  const text =
    step.status === 'awaiting_item'
      ? { kind: 'return_accepted' as const, body: returnAcceptedText(back) }
      : step.status === 'refused'
        ? { kind: 'return_refused' as const, body: returnRefusedText(back, step.note) }
        : step.status === 'received'
          ? { kind: 'return_received' as const, body: returnReceivedText(back) }
          : { kind: 'return_refunded' as const, body: returnRefundedText(back, step.method) };
  await queueTexts(tx, [{ to: phone, orderId: back.orderId, ...text }]);
}
