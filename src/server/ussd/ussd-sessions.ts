/**
 * USSD sessions in the database, so any store instance can answer any screen of one. This module owns the
 * ussd_sessions and ussd_numbers tables. A session's row is written once per reply, naming the step it follows: two
 * answers to one session (a callback the network sent twice, to two instances) cannot both land. Sessions are kept
 * a while after they end, for the "Continue your order?" of a shopper cut off, then pruned.
 */
import { and, desc, eq, gt, lt, ne, sql } from 'drizzle-orm';
import { getDb, preparedOnce } from '../db/client';
import { ussdNumbers, ussdSessions } from '../db/schema';
import type { Language } from '../../lib/i18n/languages';

export type UssdSessionRow = typeof ussdSessions.$inferSelect;
export type SessionStatus = 'open' | 'ended' | 'resumed' | 'dropped';

/** How long after its last screen a session cut off mid-order may be continued by dialling again. */
export const RESUME_WITHIN_MS = 5 * 60_000;
/** Sessions are pruned this long after their last screen. */
export const KEEP_SESSIONS_MS = 24 * 60 * 60_000;
/** One instance prunes at most this often. */
const PRUNE_EVERY_MS = 10 * 60_000;

let lastPruned = 0;

/** Read on every screen: built once, and a named statement on each PostgreSQL connection. */
const sessionById = preparedOnce((db) =>
  db
    .select()
    .from(ussdSessions)
    .where(eq(ussdSessions.id, sql.placeholder('id')))
    .limit(1)
    .prepare('ussd_session_by_id'),
);

export async function findSession(id: string): Promise<UssdSessionRow | null> {
  const [row] = await sessionById(await getDb()).execute({ id });
  return row ?? null;
}

export type NewSession = Pick<UssdSessionRow, 'id' | 'phone' | 'service_code' | 'network_code' | 'language' | 'state' | 'last_text' | 'last_reply'> & {
  status: SessionStatus;
};

/** Writes a session's first reply; false when another instance wrote it first (the caller reads that one). */
export async function createSession(session: NewSession): Promise<boolean> {
  const db = await getDb();
  const written = await db
    .insert(ussdSessions)
    .values({ ...session, step: 1 })
    .onConflictDoNothing()
    .returning({ id: ussdSessions.id });
  await pruneNowAndThen();
  return written.length > 0;
}

export type SessionChange = Pick<UssdSessionRow, 'language' | 'state' | 'last_text' | 'last_reply' | 'order_id'> & { status: SessionStatus };

/** Writes the reply that follows step `step`; false when another answer to that step landed first. */
export async function saveSession(id: string, step: number, change: SessionChange): Promise<boolean> {
  const db = await getDb();
  const written = await db
    .update(ussdSessions)
    .set({ ...change, step: step + 1, updated_at: new Date() })
    .where(and(eq(ussdSessions.id, id), eq(ussdSessions.step, step)))
    .returning({ id: ussdSessions.id });
  return written.length > 0;
}

/**
 * The number's latest session other than `exceptId` that was cut off (still open) less than RESUME_WITHIN_MS ago,
 * or null.
 */
export async function cutOffSession(phone: string, exceptId: string, now = new Date()): Promise<UssdSessionRow | null> {
  const db = await getDb();
  const [row] = await db
    .select()
    .from(ussdSessions)
    .where(
      and(
        eq(ussdSessions.phone, phone),
        ne(ussdSessions.id, exceptId),
        gt(ussdSessions.updated_at, new Date(now.getTime() - RESUME_WITHIN_MS)),
        eq(ussdSessions.status, 'open'),
      ),
    )
    .orderBy(desc(ussdSessions.updated_at))
    .limit(1);
  return row ?? null;
}

/** Marks a cut-off session as continued by another, or declined; only while it is still open. */
export async function closeCutOffSession(id: string, status: 'resumed' | 'dropped'): Promise<boolean> {
  const db = await getDb();
  const closed = await db
    .update(ussdSessions)
    .set({ status })
    .where(and(eq(ussdSessions.id, id), eq(ussdSessions.status, 'open')))
    .returning({ id: ussdSessions.id });
  return closed.length > 0;
}

export type SessionEnd = { status: string; durationSeconds: number | null; cost: string };

/**
 * Records Africa's Talking's end-of-session notification. A session still open that the network says is over
 * stays open: it was cut off, and may be continued for a few minutes. False when the session is unknown.
 */
export async function recordSessionEnd(id: string, end: SessionEnd): Promise<boolean> {
  const db = await getDb();
  const recorded = await db
    .update(ussdSessions)
    .set({ end_status: end.status, duration_seconds: end.durationSeconds, cost: end.cost })
    .where(eq(ussdSessions.id, id))
    .returning({ id: ussdSessions.id });
  return recorded.length > 0;
}

/** The language the number chose in the menu when it had no account, or null. */
export async function numberLanguage(phone: string): Promise<Language | null> {
  const db = await getDb();
  const [row] = await db.select({ language: ussdNumbers.language }).from(ussdNumbers).where(eq(ussdNumbers.phone, phone)).limit(1);
  return row?.language ?? null;
}

/** Remembers the language a number without an account chose. */
export async function rememberNumberLanguage(phone: string, language: Language): Promise<void> {
  const db = await getDb();
  await db
    .insert(ussdNumbers)
    .values({ phone, language })
    .onConflictDoUpdate({ target: ussdNumbers.phone, set: { language, updated_at: new Date() } });
}

/** Deletes sessions whose last screen is older than KEEP_SESSIONS_MS; gives how many. */
export async function pruneSessions(now = new Date()): Promise<number> {
  const db = await getDb();
  const pruned = await db
    .delete(ussdSessions)
    .where(lt(ussdSessions.updated_at, new Date(now.getTime() - KEEP_SESSIONS_MS)))
    .returning({ id: ussdSessions.id });
  return pruned.length;
}

/** Prunes when this instance has not for PRUNE_EVERY_MS (every instance does its share; a delete twice is harmless). */
async function pruneNowAndThen(): Promise<void> {
  const now = Date.now();
  if (now - lastPruned < PRUNE_EVERY_MS) return;
  lastPruned = now;
  await pruneSessions(new Date(now));
}
