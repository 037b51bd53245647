/**
 * Text messages to buyers and vendors, queued in the database and sent after the change they report has
 * committed. This module owns the sms_messages table.
 *
 * A text is written (`queueTexts`) inside the transaction of the change it reports (by a subscriber to the
 * change's event, events/subscribers.ts), so it exists exactly when that change commits and never when it rolls
 * back, and a failure to send can never undo an order. After the commit the subscriber calls
 * `sendQueuedTextsSoon()`; a periodic sender (`startSmsSender`, started
 * by serve.ts) sends what is left: texts from before a restart and retries. Each store instance claims due
 * texts with one UPDATE over rows locked `FOR UPDATE SKIP LOCKED`, so instances sharing a PostgreSQL never
 * send one text twice. A claim is a lease: a text whose instance died while sending it is claimed again
 * once the lease ends (that one text may then go out twice, the only case where it can).
 *
 * A failed send (no answer, an HTTP error, a recipient status other than Success, Sent or Queued) is tried
 * again after the delays of SMS_RETRY_SECONDS (default 60, 300, 1800 and 7200 seconds: five tries over about
 * two and a half hours), then marked failed with its last error. A number that is not a Ugandan mobile is
 * recorded as failed with the reason and never sent.
 */
import { and, asc, count, desc, eq, inArray, lt, lte, or, sql } from 'drizzle-orm';
import { getDb, type Database } from '../db/client';
import { smsMessages } from '../db/schema';
import { ugandanMsisdn } from '../../lib/mobile-money';
import { toGsm7 } from '../../lib/gsm7';
import { deliverText, SEND_TIMEOUT_MS, type Delivery } from './sms-transport';
import { weighTexts, type Verdict } from './sms-budget';
import { config } from '../config';
import { log } from '../log';

import type { TextKind } from './text-kinds';
export type { TextKind };
/** skipped: held back by the texts' budget (sms-budget.ts), never sent; why is in last_error. */
export type TextStatus = 'queued' | 'sending' | 'sent' | 'failed' | 'skipped';
export type SmsMessage = typeof smsMessages.$inferSelect;

/**
 * A text to queue: `to` as people write numbers (0772 123 456, +256 772 123456 ...); `account`, whose doing it
 * reports, when it is not the buyer of `orderId` (sms-budget.ts).
 */
export type NewText = { to: string; body: string; kind: TextKind; orderId?: number | null; account?: number | null };

/** How long a claim holds a text: well beyond a send's timeout, so only a dead instance loses its claim. */
const CLAIM_LEASE_MS = 5 * 60_000;
const CLAIM_BATCH = 20;
/** The periodic sender looks for due texts at least this often (more often when the first retry comes sooner). */
const SENDER_INTERVAL_MS = 15_000;
/** A writer that queued a text this recently may ask for a prompt send after its commit. */
const RECENT_QUEUE_MS = 60_000;

const HOLDER_KEY = Symbol.for('marketplace.sms.sender');
type SenderState = { running?: Promise<void>; again: boolean; stopped: boolean; lastQueuedAt: number; timer?: NodeJS.Timeout };
// On globalThis: serve.ts and the built Astro bundle each carry a copy of this module, and share one sender.
const state = ((globalThis as { [HOLDER_KEY]?: SenderState })[HOLDER_KEY] ??= { again: false, stopped: false, lastQueuedAt: 0 });

/** The waits before the second, third ... try, from SMS_RETRY_SECONDS (comma-separated seconds); a text gets one try more than there are waits. */
export const retryDelaysMs = (): readonly number[] => config.SMS_RETRY_SECONDS;

const skippedRow = (verdict: Verdict) => (verdict.skip ? { status: 'skipped' satisfies TextStatus, attempts: 0, last_error: verdict.skip } : {});

/**
 * Writes texts to send, inside the caller's transaction, each past the texts' budget (sms-budget.ts): a text it
 * holds back is written as skipped, with why. Numbers go out in international form; a number that is not a
 * Ugandan mobile is recorded as failed, with the reason, and never sent. Bodies are made GSM-7.
 */
export async function queueTexts(db: Database, texts: readonly NewText[]): Promise<void> {
  if (texts.length === 0) return;
  const rows: (typeof smsMessages.$inferInsert)[] = [];
  const sendable: (NewText & { recipient: string })[] = [];
  for (const text of texts) {
    const msisdn = ugandanMsisdn(text.to);
    if (msisdn) {
      sendable.push({ ...text, recipient: `+${msisdn}` });
      continue;
    }
    const problem = text.to.trim() ? `"${text.to.trim()}" is not a Ugandan mobile number` : 'no phone number';
    log.warn(`[sms] ${text.kind} for order ${text.orderId ?? '-'} not sent: ${problem}`);
    const row = { recipient: text.to.trim(), body: toGsm7(text.body), kind: text.kind, order_id: text.orderId ?? null, account_id: text.account ?? null };
    rows.push({ ...row, status: 'failed' satisfies TextStatus, last_error: problem });
  }
  const verdicts = await weighTexts(db, sendable);
  let queued = false;
  sendable.forEach((text, index) => {
    const verdict = verdicts[index]!;
    if (verdict.skip) log.warn(`[sms] ${text.kind} for order ${text.orderId ?? '-'} to ${text.recipient} skipped: ${verdict.skip}`);
    else queued = true;
    rows.push({
      recipient: text.recipient,
      body: toGsm7(text.body),
      kind: text.kind,
      order_id: text.orderId ?? null,
      account_id: verdict.account,
      status: 'queued' satisfies TextStatus,
      ...skippedRow(verdict),
    });
  });
  // One statement for all of them: the texts of an order are written while its rows are locked.
  await db.insert(smsMessages).values(rows);
  if (queued) state.lastQueuedAt = Date.now();
}

/**
 * Sends a text that carries a one-time code at once, outside the queue, once the texts' budget lets it: the row
 * keeps `recorded` (the text with the code hidden), so no copy of a code is stored or logged, and there is no retry,
 * since a code that arrives late is worth less than the new one the shopper asks for. Never throws: a failure is
 * recorded and logged.
 */
export async function sendCodeText(text: {
  to: string;
  body: string;
  recorded: string;
  kind: Extract<TextKind, 'login_code' | 'reset_code' | 'change_code'>;
}): Promise<void> {
  try {
    const db = await getDb();
    const msisdn = ugandanMsisdn(text.to);
    if (!msisdn) throw new Error(`"${text.to}" is not a Ugandan mobile number`);
    const recipient = `+${msisdn}`;
    const row = await db.transaction(async (tx) => {
      const [verdict] = await weighTexts(tx, [{ recipient, kind: text.kind, account: null }]);
      const [inserted] = await tx
        .insert(smsMessages)
        .values({ recipient, body: toGsm7(text.recorded), kind: text.kind, status: 'sending', attempts: 1, ...skippedRow(verdict!) })
        .returning({ id: smsMessages.id });
      return { id: inserted!.id, skip: verdict!.skip };
    });
    if (row.skip) {
      log.warn(`[sms] ${text.kind} ${row.id} to ${recipient} skipped: ${row.skip}`);
      return;
    }
    const delivery = await deliverText(recipient, toGsm7(text.body), SEND_TIMEOUT_MS, toGsm7(text.recorded));
    const now = new Date();
    await db
      .update(smsMessages)
      .set(
        delivery.ok
          ? { status: 'sent', sent_at: now, provider_reference: delivery.reference, cost: delivery.cost, updated_at: now }
          : { status: 'failed', last_error: delivery.error, updated_at: now },
      )
      .where(eq(smsMessages.id, row.id));
    if (!delivery.ok) log.error(`[sms] ${text.kind} ${row.id} to ${recipient} failed: ${delivery.error}`);
  } catch (error) {
    log.error({ err: error }, `[sms] ${text.kind} not sent`);
  }
}

/** Claims up to `limit` texts that are due (or whose claim ran out), for this caller alone. */
async function claimDueTexts(db: Database, now: Date, limit: number): Promise<SmsMessage[]> {
  const due = db
    .select({ id: smsMessages.id })
    .from(smsMessages)
    .where(
      and(
        inArray(smsMessages.status, ['queued', 'sending']),
        lte(smsMessages.next_attempt_at, now),
        or(eq(smsMessages.status, 'queued'), lt(smsMessages.claimed_until, now)),
      ),
    )
    .orderBy(asc(smsMessages.next_attempt_at), asc(smsMessages.id))
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(smsMessages)
    .set({
      status: 'sending',
      attempts: sql`${smsMessages.attempts} + 1`,
      claimed_until: new Date(now.getTime() + CLAIM_LEASE_MS),
      updated_at: now,
    })
    .where(inArray(smsMessages.id, due))
    .returning();
}

/** Writes how a claimed send went; a text whose claim was taken over meanwhile is left to its new holder. */
async function recordDelivery(db: Database, text: SmsMessage, delivery: Delivery, now: Date): Promise<TextStatus> {
  const delays = retryDelaysMs();
  const stillOurs = and(eq(smsMessages.id, text.id), eq(smsMessages.status, 'sending'), eq(smsMessages.attempts, text.attempts));
  if (delivery.ok) {
    await db
      .update(smsMessages)
      .set({ status: 'sent', sent_at: now, provider_reference: delivery.reference, cost: delivery.cost, last_error: '', claimed_until: null, updated_at: now })
      .where(stillOurs);
    return 'sent';
  }
  const giveUp = !delivery.retry || text.attempts > delays.length;
  const wait = delays[text.attempts - 1] ?? 0;
  await db
    .update(smsMessages)
    .set({
      status: giveUp ? 'failed' : 'queued',
      last_error: delivery.error,
      next_attempt_at: giveUp ? text.next_attempt_at : new Date(now.getTime() + wait),
      claimed_until: null,
      updated_at: now,
    })
    .where(stillOurs);
  const tries = `try ${text.attempts} of ${delays.length + 1}`;
  log.error(
    `[sms] ${text.kind} ${text.id} to ${text.recipient} failed (${tries}): ${delivery.error}; ${giveUp ? 'given up' : `trying again in ${Math.round(wait / 1000)} s`}`,
  );
  return giveUp ? 'failed' : 'queued';
}

export type SendOptions = {
  /** The clock (tests move it on to reach retries). */
  now?: () => Date;
  timeoutMs?: number;
};

/** Sends every text that is due now, a claimed batch at a time; says how each went. */
export async function sendDueTexts(options: SendOptions = {}): Promise<{ sent: number; failed: number; retrying: number }> {
  const clock = options.now ?? (() => new Date());
  const db = await getDb();
  const outcome = { sent: 0, failed: 0, retrying: 0 };
  for (;;) {
    const claimed = await claimDueTexts(db, clock(), CLAIM_BATCH);
    if (claimed.length === 0) return outcome;
    for (const text of claimed) {
      const delivery = await deliverText(text.recipient, text.body, options.timeoutMs ?? SEND_TIMEOUT_MS);
      const status = await recordDelivery(db, text, delivery, clock());
      if (status === 'sent') outcome.sent++;
      else if (status === 'failed') outcome.failed++;
      else outcome.retrying++;
    }
  }
}

/** One sending pass at a time per process; a pass asked for while one runs runs again after it. */
function runSender(): Promise<void> {
  if (state.stopped) return Promise.resolve();
  if (state.running) {
    state.again = true;
    return state.running;
  }
  state.running = (async () => {
    do {
      state.again = false;
      try {
        await sendDueTexts();
      } catch (error) {
        log.error({ err: error }, '[sms] sending texts failed');
      }
    } while (state.again && !state.stopped);
  })().finally(() => {
    state.running = undefined;
  });
  return state.running;
}

/**
 * Sends what was just queued, without waiting: call it after the transaction that queued texts has
 * committed (before, the texts are not there to be found). Nothing happens when this process queued no
 * text lately; the periodic sender catches anything else.
 */
export function sendQueuedTextsSoon(): void {
  if (Date.now() - state.lastQueuedAt > RECENT_QUEUE_MS) return;
  void runSender();
}

/** How long stopping waits for a send under way; a text cut off is claimed again when its lease ends. */
const STOP_WAIT_MS = 3_000;

/**
 * Starts the periodic sender (texts queued before a restart, retries that came due); its timer does not keep
 * the process alive. Returns what stops it, waiting a little for a send under way.
 */
export function startSmsSender(): () => Promise<void> {
  state.stopped = false;
  const interval = Math.min(SENDER_INTERVAL_MS, ...retryDelaysMs());
  if (state.timer) clearInterval(state.timer);
  state.timer = setInterval(() => void runSender(), interval);
  state.timer.unref();
  void runSender();
  return async () => {
    state.stopped = true;
    if (state.timer) clearInterval(state.timer);
    state.timer = undefined;
    let waited: NodeJS.Timeout | undefined;
    await Promise.race([state.running, new Promise((resolve) => (waited = setTimeout(resolve, STOP_WAIT_MS)))]);
    clearTimeout(waited);
  };
}

/** How many texts are in each status, and the latest ones, for the status page. */
export async function smsSummary(latest = 10): Promise<{ counts: Record<TextStatus, number>; latest: SmsMessage[] }> {
  const db = await getDb();
  const [rows, recent] = await Promise.all([
    db.select({ status: smsMessages.status, n: count() }).from(smsMessages).groupBy(smsMessages.status),
    db.select().from(smsMessages).orderBy(desc(smsMessages.id)).limit(latest),
  ]);
  const counts: Record<TextStatus, number> = { queued: 0, sending: 0, sent: 0, failed: 0, skipped: 0 };
  for (const row of rows) if (row.status in counts) counts[row.status as TextStatus] = row.n;
  return { counts, latest: recent };
}

/** How many texts wait to be sent (queued) and how many an instance is sending: the due index's rows only. */
export async function textsToSend(): Promise<{ queued: number; sending: number }> {
  const db = await getDb();
  const rows = await db
    .select({ status: smsMessages.status, n: count() })
    .from(smsMessages)
    .where(inArray(smsMessages.status, ['queued', 'sending']))
    .groupBy(smsMessages.status);
  return { queued: rows.find((row) => row.status === 'queued')?.n ?? 0, sending: rows.find((row) => row.status === 'sending')?.n ?? 0 };
}

/** The texts about one order, oldest first. */
export async function textsOfOrder(orderId: number): Promise<SmsMessage[]> {
  const db = await getDb();
  return db.select().from(smsMessages).where(eq(smsMessages.order_id, orderId)).orderBy(asc(smsMessages.id));
}
