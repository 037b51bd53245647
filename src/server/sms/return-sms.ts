/**
 * Texts about returns, queued inside the transaction of the step they report (see sms.ts): the vendor's when
 * a buyer asks (in English), the buyer's when the return is accepted, refused, received and refunded (in the
 * order's language). The caller's `withOrderLocked` sends them once it has committed.
 */
import type { Database } from '../db/client';
import { vendorPhones } from '../catalog/vendors';
import type { RefundMethod } from '../../lib/return-rules';
import { vendorNumber } from './order-sms';
import type { VendorLine } from './order-texts';
import { queueTexts } from './sms';
import { returnAcceptedText, returnReceivedText, returnRefundedText, returnRefusedText, returnRequestedText, type ReturnForText } from './return-texts';

/** Queues the vendor's text about a new return (the store's own parts have no vendor to text). */
export async function textReturnRequested(tx: Database, vendorId: number | null, orderId: number, lines: readonly VendorLine[], origin: string): Promise<void> {
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

/** A step of the return the buyer is told of, with what the text needs beyond the return. */
export type BuyerReturnStep =
  { status: 'awaiting_item' } | { status: 'refused'; note: string } | { status: 'received' } | { status: 'refunded'; method: RefundMethod };

/** Queues the buyer's text about their return's new step. */
export async function textReturnStep(tx: Database, phone: string, back: ReturnForText, step: BuyerReturnStep): Promise<void> {
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
