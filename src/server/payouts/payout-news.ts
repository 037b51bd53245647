/**
 * What becomes of a payout once it is made (owns payouts' status columns, payout_events, and the vendor_earnings
 * lines of kind payout_returned): every piece of news, from a network's status, the store's own send or an
 * administrator, is applied under the payout's row lock and written to payout_events, applied or ignored and why.
 * A payout moves from PENDING once: COMPLETED (the network's or bank's reference) or FAILED (its amount goes
 * back to available, exactly once: a unique index). The vendor's text is queued in the same transaction.
 */
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { getDb, type Database } from '../db/client';
import { payoutEvents, payouts, users, vendorEarnings } from '../db/schema';
import { Conflict, NotFound } from '../errors';
import { vendorNames, vendorPhones } from '../catalog/vendors';
import { viewPayout, type PayoutView } from './payout-list';
import { vendorNumber } from '../sms/order-sms';
import { payoutFailedText, payoutSentText, type PayoutForText } from '../sms/payout-texts';
import { queueTexts, sendQueuedTextsSoon } from '../sms/sms';
import type { Language } from '../../lib/i18n/languages';
import { message } from '../../lib/messages/message';

export type Payout = typeof payouts.$inferSelect;

/** News of a payout. SUCCESSFUL and FAILED settle it; PENDING and UNKNOWN are recorded and change nothing. */
export type PayoutNews = {
  state: 'PENDING' | 'SUCCESSFUL' | 'FAILED' | 'UNKNOWN';
  /** Who says it: 'mtn_momo status', 'airtel_money send', 'administrator' ... */
  source: string;
  /** COMPLETED: the network's transaction id or the bank transfer's reference. */
  reference?: string;
  /** FAILED: why. */
  reason?: string;
  details?: Record<string, unknown>;
};

const NETWORK_NAMES: Record<string, string> = { mtn_momo: 'MTN MoMo', airtel_money: 'Airtel Money' };

/** Where the money went, as the vendor's text names it: the network, or the bank. */
const destinationName = (payout: Payout) => NETWORK_NAMES[payout.method] ?? (payout.destination.bank || 'bank account');

async function textVendor(tx: Database, payout: Payout, news: PayoutNews): Promise<void> {
  const [vendor] = await tx.select({ language: users.language }).from(users).where(eq(users.id, payout.vendor_id));
  const phones = await vendorPhones(tx, [payout.vendor_id]);
  const about: PayoutForText = { id: payout.id, amount: payout.amount, where: destinationName(payout), language: (vendor?.language ?? 'en') as Language };
  const completed = news.state === 'SUCCESSFUL';
  await queueTexts(tx, [
    {
      to: vendorNumber(phones.get(payout.vendor_id)),
      kind: completed ? 'payout_completed' : 'payout_failed',
      body: completed ? payoutSentText(about, news.reference ?? '') : payoutFailedText(about, news.reason ?? ''),
    },
  ]);
}

/**
 * Applies news to a payout and records it. With `settle`, the payout must still be PENDING (an administrator
 * marking it paid or failed): Conflict otherwise. Returns the payout as it is after.
 */
export async function recordPayoutNews(payoutId: number, news: PayoutNews, options: { settle?: boolean } = {}): Promise<Payout> {
  const db = await getDb();
  let texted = false;
  const after = await db.transaction(async (tx) => {
    const [payout] = await tx.select().from(payouts).where(eq(payouts.id, payoutId)).for('update');
    if (!payout) throw new NotFound(message('payoutRun', 'notFound'));
    const settles = news.state === 'SUCCESSFUL' || news.state === 'FAILED';
    let next = payout;
    let outcome: string;
    if (payout.status !== 'PENDING') {
      if (options.settle) throw new Conflict(message('payoutRun', 'alreadySettled', payout.status));
      outcome = settles ? `ignored: already ${payout.status}` : 'ignored: already settled';
    } else if (!settles) {
      outcome = news.state === 'UNKNOWN' ? 'noted: the network has no transfer under this reference' : 'noted: still pending';
    } else {
      const now = new Date();
      const completed = news.state === 'SUCCESSFUL';
      const [updated] = await tx
        .update(payouts)
        .set(
          completed
            ? { status: 'COMPLETED', reference: news.reference ?? '', completed_at: now, claimed_until: null, updated_at: now }
            : { status: 'FAILED', failure_reason: news.reason || 'failed', completed_at: now, claimed_until: null, updated_at: now },
        )
        .where(eq(payouts.id, payoutId))
        .returning();
      next = updated!;
      if (!completed) {
        await tx
          .insert(vendorEarnings)
          .values({ vendor_id: payout.vendor_id, kind: 'payout_returned', payout_id: payout.id, net: payout.amount, available_at: now })
          .onConflictDoNothing();
      }
      await textVendor(tx, payout, news);
      texted = true;
      outcome = 'applied';
    }
    await tx.insert(payoutEvents).values({
      payout_id: payoutId,
      source: news.source,
      reported: news.state,
      status_before: payout.status,
      status_after: next.status,
      outcome,
      details: { ...(news.reference ? { reference: news.reference } : {}), ...(news.reason ? { reason: news.reason } : {}), ...news.details },
    });
    return next;
  });
  if (texted) sendQueuedTextsSoon();
  return after;
}

async function viewed(payout: Payout): Promise<PayoutView> {
  const names = await vendorNames(await getDb(), [payout.vendor_id]);
  return viewPayout(payout, names.get(payout.vendor_id) ?? '');
}

export const paidInput = z.object({ reference: z.string({ error: 'is required' }).trim().min(1, 'is required').max(100, 'must be at most 100 characters') });
export const failedInput = z.object({
  reason: z.string({ error: 'is required' }).trim().min(3, 'must say why, in 3 characters or more').max(300, 'must be at most 300 characters'),
});

/** An administrator marks a PENDING payout paid (a bank transfer made, or a stuck transfer confirmed), once. */
export async function markPayoutPaid(adminId: number, payoutId: number, input: z.infer<typeof paidInput>): Promise<PayoutView> {
  return viewed(
    await recordPayoutNews(payoutId, { state: 'SUCCESSFUL', source: 'administrator', reference: input.reference, details: { by: adminId } }, { settle: true }),
  );
}

/** An administrator marks a PENDING payout failed: its money goes back to the vendor's available balance, once. */
export async function markPayoutFailed(adminId: number, payoutId: number, input: z.infer<typeof failedInput>): Promise<PayoutView> {
  return viewed(
    await recordPayoutNews(payoutId, { state: 'FAILED', source: 'administrator', reason: input.reason, details: { by: adminId } }, { settle: true }),
  );
}
