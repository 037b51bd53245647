/**
 * Texts to a vendor about its money, queued inside the transaction of the change they report (see sms.ts): a
 * payout completed or failed, a new place for its payouts, and the earlier place put back. On the vendor's phone (vendorNumber), in its
 * language (users.language); sent once the change has committed.
 */
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { users } from '../db/schema';
import { vendorPhones } from '../catalog/vendors';
import type { PayoutDestination, StoreEvents } from '../events/store-events';
import type { Language } from '../../lib/i18n/languages';
import { vendorNumber } from './order-sms';
import { maskedNumber, payoutFailedText, payoutMethodChangedText, payoutSentText, type MaskedDestination, type PayoutForText } from './payout-texts';
import { queueTexts } from './sms';

const NETWORK_NAMES: Record<string, string> = { mtn_momo: 'MTN MoMo', airtel_money: 'Airtel Money' };

type Payout = StoreEvents['payout.completed']['payout'];

/** Where the money went, as the vendor's text names it: the network, or the bank. */
const destinationName = (payout: Payout) => NETWORK_NAMES[payout.method] ?? (payout.destination.bank || 'bank account');

async function payoutForText(tx: Database, payout: Payout): Promise<PayoutForText> {
  const [vendor] = await tx.select({ language: users.language }).from(users).where(eq(users.id, payout.vendor_id));
  return { id: payout.id, amount: payout.amount, where: destinationName(payout), language: (vendor?.language ?? 'en') as Language };
}

async function textVendor(
  tx: Database,
  vendorId: number,
  text: { kind: 'payout_completed' | 'payout_failed' | 'payout_method_changed' | 'payout_method_restored'; body: string },
) {
  const phones = await vendorPhones(tx, [vendorId]);
  await queueTexts(tx, [{ to: vendorNumber(phones.get(vendorId)), account: vendorId, ...text }]);
}

/** Queues the vendor's text about its payout that reached it. */
export async function textPayoutCompleted(tx: Database, { payout, reference }: StoreEvents['payout.completed']): Promise<void> {
  await textVendor(tx, payout.vendor_id, { kind: 'payout_completed', body: payoutSentText(await payoutForText(tx, payout), reference) });
}

/** Queues the vendor's text about its payout that failed. */
export async function textPayoutFailed(tx: Database, { payout, reason }: StoreEvents['payout.failed']): Promise<void> {
  await textVendor(tx, payout.vendor_id, { kind: 'payout_failed', body: payoutFailedText(await payoutForText(tx, payout), reason) });
}

function masked(method: PayoutDestination): MaskedDestination {
  return { method: method.method, number: maskedNumber(method.method === 'bank' ? method.account_number : method.phone, method.method) };
}

/**
 * Queues the vendor's text about where its payouts go now (and went before, numbers masked), with the link that
 * undoes the change. It goes to the phone on record, which no one changes without the owner's proof (and whose own
 * change was texted to the number before it).
 */
export async function textPayoutMethodChanged(tx: Database, { vendor, after, before, undo }: StoreEvents['payout_method.changed']): Promise<void> {
  const body = payoutMethodChangedText(vendor.language, masked(after), before && masked(before), undo?.link);
  await textVendor(tx, vendor.id, { kind: 'payout_method_changed', body });
}

/** Queues the vendor's text that an undone change put its payouts back where they went. */
export async function textPayoutMethodRestored(tx: Database, { vendor, restored, dropped }: StoreEvents['payout_method.restored']): Promise<void> {
  const body = payoutMethodChangedText(vendor.language, masked(restored), masked(dropped));
  await textVendor(tx, vendor.id, { kind: 'payout_method_restored', body });
}
