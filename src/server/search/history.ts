/** Search history. This module owns the search_history table. */
import { desc, gte, sql } from 'drizzle-orm';
import { getDb } from '../db/client';
import { searchHistory } from '../db/schema';

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
