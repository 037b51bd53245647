/**
 * Settling mobile money payouts the networks have not answered for good, and the payout schedule (writes
 * payouts' claims; the news itself goes through payout-news.ts). Each round, on every instance, claims the
 * PENDING mobile money payouts nobody holds (`claimed_until`, with SKIP LOCKED, so one instance asks about a
 * payout at a time) and asks the network by the payout's reference: SUCCESSFUL completes it, FAILED returns its
 * money, UNKNOWN (the transfer never reached the network: the store stopped between committing it and sending,
 * or the request was lost) sends it again under the same reference, which the network refuses to pay twice.
 * A network's callback is only a hint to ask now.
 *
 * The schedule: on a PAYOUT_DAYS day (Africa/Kampala) the run `scheduled:YYYY-MM-DD` is started, once across
 * instances (the run's key is unique).
 */
import { and, asc, count, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { config } from '../config';
import { getDb } from '../db/client';
import { payouts } from '../db/schema';
import { Conflict } from '../errors';
import { repeatEvery } from '../periodic';
import { failedInput, markPayoutFailed, recordPayoutNews, type Payout } from './payout-news';
import type { PayoutView } from './payout-list';
import { isMobileMoney, networkFor, runPayouts, sendPayout, SEND_LEASE_MS } from './payout-runs';
import { log } from '../log';
import { message } from '../../lib/messages/message';

const ROUND_EVERY_MS = 15_000;
const ROUND_BATCH = 50;

/** The days runs start by themselves (PAYOUT_DAYS, e.g. tue,fri; default tue,fri; empty: never). */
export const payoutDays = (): readonly string[] => config.PAYOUT_DAYS;

/** Today's date and weekday in Kampala. */
function kampalaToday(now: Date): { date: string; day: string } {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: 'Africa/Kampala',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    weekday: 'short',
  }).formatToParts(now);
  const part = (type: string) => parts.find((p) => p.type === type)!.value;
  return { date: `${part('year')}-${part('month')}-${part('day')}`, day: part('weekday').toLowerCase() };
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The next day after today (Kampala) on which a run starts by itself, as YYYY-MM-DD; null when runs never start by themselves. */
export function nextPayoutDay(now = new Date(), days: readonly string[] = payoutDays()): string | null {
  for (let ahead = 1; ahead <= 7; ahead++) {
    const day = kampalaToday(new Date(now.getTime() + ahead * DAY_MS));
    if (days.includes(day.day)) return day.date;
  }
  return null;
}

/** Starts today's scheduled run if today is a payout day and no instance started it yet. */
export async function runScheduledPayouts(now = new Date()): Promise<void> {
  const today = kampalaToday(now);
  if (!payoutDays().includes(today.day)) return;
  const summary = await runPayouts({ scheduledFor: today.date });
  if (summary) log.info(`[payouts] scheduled run ${today.date}: ${summary.payouts} payouts, UGX ${summary.total}`);
}

/** Claims up to `limit` PENDING mobile money payouts nobody holds (or only `ids`), for this caller alone. */
async function claimPending(limit: number, ids?: readonly number[]): Promise<Payout[]> {
  const db = await getDb();
  const free = db
    .select({ id: payouts.id })
    .from(payouts)
    .where(
      and(
        eq(payouts.status, 'PENDING'),
        inArray(payouts.method, ['mtn_momo', 'airtel_money']),
        or(isNull(payouts.claimed_until), lt(payouts.claimed_until, sql`now()`)),
        ids ? inArray(payouts.id, [...ids]) : undefined,
      ),
    )
    .orderBy(asc(payouts.id))
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(payouts)
    .set({ claimed_until: sql`now() + make_interval(secs => ${SEND_LEASE_MS / 1000})` })
    .where(inArray(payouts.id, free))
    .returning();
}

/** Asks the network about one claimed payout and acts on the answer; releases the claim. */
async function settle(payout: Payout): Promise<Payout> {
  const db = await getDb();
  const source = `${payout.method} status`;
  let answer;
  try {
    answer = await networkFor(payout).status(payout.gateway_reference);
  } catch (error) {
    await db.update(payouts).set({ claimed_until: null }).where(eq(payouts.id, payout.id));
    const reason = error instanceof Error ? error.message : String(error);
    return recordPayoutNews(payout.id, { state: 'PENDING', source, details: { no_answer: reason } });
  }
  const after = await recordPayoutNews(payout.id, { state: answer.state, source, reference: answer.transactionId, reason: answer.reason });
  if (answer.state === 'UNKNOWN' && after.status === 'PENDING') return sendPayout(after);
  await db.update(payouts).set({ claimed_until: null }).where(eq(payouts.id, payout.id));
  return after;
}

/** One round: asks about the payouts still pending. Returns how many were asked and how many were settled. */
export async function reconcilePayouts(): Promise<{ asked: number; settled: number }> {
  const claimed = await claimPending(ROUND_BATCH);
  let settled = 0;
  for (const payout of claimed) {
    const after = await settle(payout);
    if (after.status !== 'PENDING') settled++;
  }
  return { asked: claimed.length, settled };
}

/** How many payouts the networks have not settled (PENDING), sent or still to send. */
export async function pendingPayoutCount(): Promise<number> {
  const db = await getDb();
  const [row] = await db.select({ n: count() }).from(payouts).where(eq(payouts.status, 'PENDING'));
  return row?.n ?? 0;
}

/**
 * A network's callback naming a payout's reference: the network is asked at once (unless another instance is
 * asking already). False when no mobile money payout has this reference.
 */
export async function handlePayoutCallback(reference: string): Promise<boolean> {
  const db = await getDb();
  const [payout] = await db.select().from(payouts).where(eq(payouts.gateway_reference, reference)).limit(1);
  if (!payout || !isMobileMoney(payout.method)) return false;
  for (const claimed of await claimPending(1, [payout.id])) await settle(claimed);
  return true;
}

/**
 * An administrator marks a payout failed (its money goes back to available). A mobile money payout is failed only
 * when its network, asked now under the payout's claim (so no send or check runs meanwhile), says it failed or
 * never received it: a transfer the network paid or is still paying would otherwise be paid again by the next run.
 */
export async function failPayoutByAdministrator(adminId: number, payoutId: number, input: z.infer<typeof failedInput>): Promise<PayoutView> {
  const db = await getDb();
  const [payout] = await db.select().from(payouts).where(eq(payouts.id, payoutId));
  if (payout?.status === 'PENDING' && isMobileMoney(payout.method)) {
    const [claimed] = await claimPending(1, [payoutId]);
    if (!claimed) throw new Conflict(message('payoutRun', 'beingSent'));
    try {
      const answer = await networkFor(claimed)
        .status(claimed.gateway_reference)
        .catch(() => null);
      if (!answer) throw new Conflict(message('payoutRun', 'networkSilent'));
      if (answer.state === 'SUCCESSFUL' || answer.state === 'PENDING') {
        await recordPayoutNews(payoutId, { state: answer.state, source: `${claimed.method} status`, reference: answer.transactionId });
        throw new Conflict(answer.state === 'SUCCESSFUL' ? message('payoutRun', 'alreadySettled', 'COMPLETED') : message('payoutRun', 'networkStillSending'));
      }
    } finally {
      await db.update(payouts).set({ claimed_until: null }).where(eq(payouts.id, payoutId));
    }
  }
  return markPayoutFailed(adminId, payoutId, input);
}

/** Runs the schedule and the reconciler now and every ROUND_EVERY_MS, one round at a time; returns how to stop them. */
export function startPayoutRounds(): () => void {
  return repeatEvery(
    ROUND_EVERY_MS,
    async () => {
      // A failed scheduled start must not keep pending payouts from being settled.
      await runScheduledPayouts().catch((error: unknown) => log.error({ err: error }, '[payouts] scheduled run failed'));
      await reconcilePayouts();
    },
    (error) => log.error({ err: error }, '[payouts] payout round failed'),
  );
}
