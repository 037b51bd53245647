/**
 * Search history. This module owns the search_history table. Each shopper's history belongs to their
 * account when logged in, otherwise to the guest id the store issued them (src/server/http/guest-id.ts checks
 * its signature before anyone here is asked); it is kept de-duplicated (searching again moves a term to the
 * top) and short.
 */
import { and, desc, eq, gte, notInArray, or, sql, type SQL } from 'drizzle-orm';
import { getDb } from '../db/client';
import { searchHistory } from '../db/schema';
import { MAX_SEARCH_LENGTH } from '../catalog/product-query';

export const DEFAULT_HISTORY_LIMIT = 10;
export const MAX_HISTORY_LIMIT = 50;
/** How many searches each shopper keeps; older ones are dropped as new ones come. */
const KEPT_PER_OWNER = 50;

export type SearchOwner = { userId: number } | { sessionId: string };
export type RecentSearch = { query: string; created_at: Date };

function ownedBy(owner: SearchOwner): SQL {
  return 'userId' in owner ? eq(searchHistory.user_id, owner.userId) : eq(searchHistory.session_id, owner.sessionId);
}

/** Cleans a term for keeping: trimmed, inner spaces collapsed, at most MAX_SEARCH_LENGTH; null if too short. */
export function historyTerm(query: unknown): string | null {
  if (typeof query !== 'string') return null;
  const term = query.trim().replace(/\s+/g, ' ').slice(0, MAX_SEARCH_LENGTH);
  return term.length >= 2 ? term : null;
}

/** Searches made this shortly before a longer one that starts with them were steps of typing it (live search asks as the shopper types). */
const TYPING_WINDOW_MS = 2 * 60 * 1000;

/**
 * Keeps a search at the top of the owner's history: the same term searched before moves up (no duplicate),
 * and the owner's searches of the last two minutes that the new term starts with ("tec", "tecn" before
 * "tecno") are dropped as steps of typing it.
 */
export async function recordSearch(owner: SearchOwner, term: string): Promise<void> {
  const db = await getDb();
  const typingSince = new Date(Date.now() - TYPING_WINDOW_MS);
  await db.transaction(async (tx) => {
    const sameTerm = sql`lower(${searchHistory.query}) = lower(${term})`;
    const typedOnTheWay = and(
      gte(searchHistory.created_at, typingSince),
      sql`left(lower(${term}), length(${searchHistory.query})) = lower(${searchHistory.query})`,
    );
    await tx.delete(searchHistory).where(and(ownedBy(owner), or(sameTerm, typedOnTheWay)));
    await tx.insert(searchHistory).values({
      query: term,
      user_id: 'userId' in owner ? owner.userId : null,
      session_id: 'sessionId' in owner ? owner.sessionId : null,
    });
    const kept = tx
      .select({ id: searchHistory.id })
      .from(searchHistory)
      .where(ownedBy(owner))
      .orderBy(desc(searchHistory.created_at), desc(searchHistory.id))
      .limit(KEPT_PER_OWNER);
    await tx.delete(searchHistory).where(and(ownedBy(owner), notInArray(searchHistory.id, kept)));
  });
}

export async function recentSearches(owner: SearchOwner, limit = DEFAULT_HISTORY_LIMIT): Promise<RecentSearch[]> {
  const db = await getDb();
  return db
    .select({ query: searchHistory.query, created_at: searchHistory.created_at })
    .from(searchHistory)
    .where(ownedBy(owner))
    .orderBy(desc(searchHistory.created_at), desc(searchHistory.id))
    .limit(limit);
}

export async function clearSearches(owner: SearchOwner): Promise<number> {
  const db = await getDb();
  const removed = await db.delete(searchHistory).where(ownedBy(owner)).returning({ id: searchHistory.id });
  return removed.length;
}

/** What shoppers searched for most in the last week, for the manifest's suggestions. */
export async function popularSearches(limit = 8): Promise<string[]> {
  const db = await getDb();
  const weekAgo = new Date(Date.now() - 7 * 24 * 60 * 60 * 1000);
  const term = sql<string>`lower(trim(${searchHistory.query}))`;
  const rows = await db
    .select({ term })
    .from(searchHistory)
    .where(gte(searchHistory.created_at, weekAgo))
    .groupBy(term)
    .orderBy(desc(sql`count(*)`), term)
    .limit(limit);
  return rows.map((row) => row.term);
}
