/**
 * The changes of a vendor's payout destination that replaced another (owns payout_destination_changes), each
 * named by a short signed token for the link in the vendor's text that undoes it: `<id>.<signature>`, the
 * signature an HMAC of the id under a key every instance shares (store_secrets), cut to 12 characters (72 bits: no
 * one guesses it in the day it works) so the text stays short. Which change a token may still undo, and the undoing,
 * are payout-accounts.ts's: it holds the destination's row lock.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, isNull } from 'drizzle-orm';
import { getDb, type Database } from '../db/client';
import { payoutDestinationChanges } from '../db/schema';
import { sharedSecret } from '../db/store-secrets';
import type { PayoutDestination } from '../events/store-events';

export type DestinationChange = typeof payoutDestinationChanges.$inferSelect;

const TOKEN = /^(\d{1,9})\.([A-Za-z0-9_-]{12})$/;
const KEY_HOLDER = Symbol.for('duuka.payoutUndoKey');
const holder = globalThis as { [KEY_HOLDER]?: string };

/**
 * Loads the signing key, made once in the database and shared by every instance. Called before the write that
 * signs or reads a token, never inside it: on PGlite's one connection a read beside an open transaction waits forever.
 */
export async function loadUndoKey(): Promise<void> {
  holder[KEY_HOLDER] ??= await sharedSecret(await getDb(), 'payout_undo');
}

function signatureOf(id: number): string {
  const key = holder[KEY_HOLDER];
  if (!key) throw new Error('loadUndoKey() must run before a payout change is signed');
  return createHmac('sha256', key).update(`payout-undo:${id}`).digest('base64url').slice(0, 12);
}

/** Records a change that replaced `before` (its wait: `beforeChangedAt`) with `after`, in the caller's write; gives its token. */
export async function recordDestinationChange(
  tx: Database,
  change: { vendorId: number; before: PayoutDestination; beforeChangedAt: Date | null; after: PayoutDestination },
): Promise<string> {
  const [row] = await tx
    .insert(payoutDestinationChanges)
    .values({ vendor_id: change.vendorId, before: change.before, before_changed_at: change.beforeChangedAt, after: change.after })
    .returning({ id: payoutDestinationChanges.id });
  return `${row!.id}.${signatureOf(row!.id)}`;
}

/** The change a token names, or null when it is no token the store signed. */
export async function changeOfToken(db: Database, token: string): Promise<DestinationChange | null> {
  const match = TOKEN.exec(token);
  if (!match) return null;
  const id = Number(match[1]);
  await loadUndoKey();
  const given = Buffer.from(match[2]!);
  const expected = Buffer.from(signatureOf(id));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const [change] = await db.select().from(payoutDestinationChanges).where(eq(payoutDestinationChanges.id, id));
  return change ?? null;
}

/** Whether the change is the vendor's latest, the one its destination came from. */
export async function isLatestChange(db: Database, change: DestinationChange): Promise<boolean> {
  const [latest] = await db
    .select({ id: payoutDestinationChanges.id })
    .from(payoutDestinationChanges)
    .where(eq(payoutDestinationChanges.vendor_id, change.vendor_id))
    .orderBy(desc(payoutDestinationChanges.id))
    .limit(1);
  return latest?.id === change.id;
}

/** Marks the change undone, once: false when another request undid it first. */
export async function markUndone(tx: Database, id: number): Promise<boolean> {
  const marked = await tx
    .update(payoutDestinationChanges)
    .set({ cancelled_at: new Date() })
    .where(and(eq(payoutDestinationChanges.id, id), isNull(payoutDestinationChanges.cancelled_at)))
    .returning({ id: payoutDestinationChanges.id });
  return marked.length > 0;
}
