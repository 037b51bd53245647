/**
 * Payout runs (owns payout_runs, payouts rows as they are made, and the vendor_earnings lines of kind payout).
 * A run pays every vendor what its available balance exceeds zero by, less any debit still pending (cash its riders
 * hold: balances.ts), when that reaches PAYOUT_MINIMUM, never a vendor that owes; that has a payout method whose
 * destination is not waiting after a change (PAYOUT_METHOD_WAIT_HOURS), and whose payouts are not held. Each payout is one short transaction under the vendor's balance lock
 * (`lockVendorBalance`): the balance is read again under it, the payout and its ledger line are written, and it
 * commits; only then is the money sent, outside any lock. Runs started at once, twice, or on two instances
 * therefore pay each vendor once: the second finds the balance already taken. Bank payouts stay PENDING for an
 * administrator to mark paid or failed; mobile money payouts that get no final answer are settled by
 * payout-reconcile.ts.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, gte, ne, sql } from 'drizzle-orm';
import { getDb } from '../db/client';
import { payoutAccounts, payoutEvents, payoutRuns, payouts, vendorEarnings } from '../db/schema';
import { lockVendorBalance, payableNow, payableSum } from './balances';
import { waitingAfterChange } from './payout-accounts';
import { payoutMethodWaitHours, payoutMinimum } from './payout-settings';
import { recordPayoutNews, type Payout } from './payout-news';
import { disbursementFor, type Disbursement, type DisbursementNetwork } from '../payments/disbursement';
import { log } from '../log';

/** How long a run holds a payout it has just made while it sends it: the reconciler leaves it alone till then. */
export const SEND_LEASE_MS = 60_000;
/** Payouts sent to the networks at once by a run. */
const SENDS_AT_ONCE = 8;

export const isMobileMoney = (method: string): method is DisbursementNetwork => method === 'mtn_momo' || method === 'airtel_money';

/** Who started a run: an administrator, or the schedule on a payout day (YYYY-MM-DD, Africa/Kampala). */
export type RunStart = { startedBy: number } | { scheduledFor: string };
export type RunSummary = { run_id: number; payouts: number; total: number };

type Candidate = { vendorId: number };

/** Every vendor a run may pay, in one query: enough available, a settled method, no hold. Read again under each lock. */
async function payableVendors(minimum: number): Promise<Candidate[]> {
  const db = await getDb();
  return db
    .select({ vendorId: vendorEarnings.vendor_id })
    .from(vendorEarnings)
    .innerJoin(payoutAccounts, eq(payoutAccounts.vendor_id, vendorEarnings.vendor_id))
    .where(
      and(
        ne(payoutAccounts.method, ''),
        eq(payoutAccounts.hold_reason, ''),
        sql`(${payoutAccounts.destination_changed_at} IS NULL OR ${payoutAccounts.destination_changed_at} <= now() - make_interval(hours => ${payoutMethodWaitHours()}))`,
      ),
    )
    .groupBy(vendorEarnings.vendor_id)
    .having(gte(payableSum(), minimum))
    .orderBy(vendorEarnings.vendor_id);
}

/** Takes what may be paid to the vendor (its available balance net of pending debits) into a PENDING payout of this run, or null when there is nothing to pay now. */
async function takePayout(runId: number, vendorId: number, minimum: number): Promise<Payout | null> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const account = await lockVendorBalance(tx, vendorId);
    if (!account.method || account.hold_reason || waitingAfterChange(account)) return null;
    const amount = await payableNow(tx, vendorId);
    if (amount < minimum) return null;
    const mobile = isMobileMoney(account.method);
    const [payout] = await tx
      .insert(payouts)
      .values({
        vendor_id: vendorId,
        run_id: runId,
        amount,
        method: account.method,
        destination: mobile ? { phone: account.phone } : { account_name: account.account_name, account_number: account.account_number, bank: account.bank },
        gateway_reference: mobile ? randomUUID() : '',
        claimed_until: mobile ? new Date(Date.now() + SEND_LEASE_MS) : null,
      })
      .returning();
    await tx.insert(vendorEarnings).values({ vendor_id: vendorId, kind: 'payout', payout_id: payout!.id, net: -amount, available_at: sql`now()` });
    await tx
      .insert(payoutEvents)
      .values({ payout_id: payout!.id, source: 'store', reported: 'MADE', status_before: '', status_after: 'PENDING', outcome: 'applied' });
    return payout!;
  });
}

/** The network a mobile money payout goes through; throws when that network's disbursement is not set up. */
export function networkFor(payout: Payout): Disbursement {
  const network = disbursementFor(payout.method);
  if (!network) throw new Error(`${payout.method} disbursement is not set up`);
  return network;
}

/**
 * Asks the network to send a mobile money payout under its reference, and records the answer. A call that gets
 * no answer leaves the payout PENDING: the reconciler asks the network about it later.
 */
export async function sendPayout(payout: Payout): Promise<Payout> {
  const db = await getDb();
  await db
    .update(payouts)
    .set({ attempts: sql`${payouts.attempts} + 1`, sent_at: sql`coalesce(${payouts.sent_at}, now())`, updated_at: new Date() })
    .where(eq(payouts.id, payout.id));
  const source = `${payout.method} send`;
  try {
    const answer = await networkFor(payout).send({
      reference: payout.gateway_reference,
      amount: payout.amount,
      phone: payout.destination.phone ?? '',
      note: `Payout #${payout.id}`,
    });
    return await recordPayoutNews(payout.id, { state: answer.state, source, reference: answer.transactionId, reason: answer.reason });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    log.error(`[payouts] sending payout ${payout.id} got no answer (asked again later): ${reason}`);
    return recordPayoutNews(payout.id, { state: 'PENDING', source, details: { no_answer: reason } });
  } finally {
    await db.update(payouts).set({ claimed_until: null }).where(eq(payouts.id, payout.id));
  }
}

/** Sends the payouts a few at a time; a send that fails is left to the reconciler. */
async function sendAll(made: readonly Payout[]): Promise<void> {
  const queue = made.filter((payout) => isMobileMoney(payout.method));
  const worker = async () => {
    for (let payout = queue.shift(); payout; payout = queue.shift()) {
      await sendPayout(payout).catch((error: unknown) => log.error({ err: error }, `[payouts] payout ${payout!.id} not sent`));
    }
  };
  await Promise.all(Array.from({ length: SENDS_AT_ONCE }, worker));
}

/**
 * Starts a run: makes every payout due, then sends the mobile money ones. A scheduled run is started once per
 * day across instances (its key is unique): null when another already started it.
 */
export async function runPayouts(start: RunStart): Promise<RunSummary | null> {
  const db = await getDb();
  const manual = 'startedBy' in start;
  const [run] = await db
    .insert(payoutRuns)
    .values({ key: manual ? `manual:${randomUUID()}` : `scheduled:${start.scheduledFor}`, started_by: manual ? start.startedBy : null })
    .onConflictDoNothing()
    .returning();
  if (!run) return null;
  // A payout is never of nothing, whatever PAYOUT_MINIMUM says.
  const minimum = Math.max(1, payoutMinimum());
  const made: Payout[] = [];
  for (const { vendorId } of await payableVendors(minimum)) {
    const payout = await takePayout(run.id, vendorId, minimum);
    if (payout) made.push(payout);
  }
  const total = made.reduce((sum, payout) => sum + payout.amount, 0);
  await db.update(payoutRuns).set({ payouts: made.length, total, finished_at: new Date() }).where(eq(payoutRuns.id, run.id));
  await sendAll(made);
  return { run_id: run.id, payouts: made.length, total };
}
