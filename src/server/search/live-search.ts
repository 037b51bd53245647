/** The header's search-as-you-type answer: a few products, completions, and how many match in all. */
import { sql } from 'drizzle-orm';
import { getDb, rowsOf } from '../db/client';
import { cached, TTL } from '../cache/ttl-cache';
import { cardsOf, productCardsColumn, type ProductCard } from '../catalog/products';
import { MAX_SEARCH_LENGTH } from '../catalog/product-query';
import { searchWords } from '../../lib/search-words';
import { planSearch, rankedMatches, suggestionsColumn } from './product-search';

export const LIVE_SEARCH_MIN_LENGTH = 2;
export const LIVE_SEARCH_DEFAULT_LIMIT = 10;
export const LIVE_SEARCH_MAX_LIMIT = 24;

export type LiveSearchProduct = ProductCard;
export type LiveSearchResult = { products: LiveSearchProduct[]; suggestions: string[]; total: number; search_term: string };

/** An unreadable or out-of-range limit falls back to the default: a typing shopper never sees an error. */
export function liveSearchLimit(raw: string | null): number {
  const limit = Number(raw);
  return Number.isInteger(limit) && limit >= 1 ? Math.min(limit, LIVE_SEARCH_MAX_LIMIT) : LIVE_SEARCH_DEFAULT_LIMIT;
}

export async function liveSearch(rawTerm: string, rawLimit: string | null): Promise<LiveSearchResult> {
  const term = rawTerm.trim().slice(0, MAX_SEARCH_LENGTH);
  if (term.length < LIVE_SEARCH_MIN_LENGTH) return { products: [], suggestions: [], total: 0, search_term: term };
  const limit = liveSearchLimit(rawLimit);
  // Kept with the product lists, so every write that drops them (sales, synonyms, the catalogue) drops it too.
  const answer = await cached(`products:list:live-search:${limit}:${term}`, TTL.searchResults, () => answerLiveSearch(term, limit));
  return { ...answer, search_term: term };
}

/**
 * Matched, ranked and counted by the search index, caught up once (or by product_search while the index is being
 * built); the page's products and the completions then come in one round trip.
 */
async function answerLiveSearch(term: string, limit: number): Promise<Omit<LiveSearchResult, 'search_term'>> {
  const typed = searchWords(term).join(' ');
  if (!typed) return { products: [], suggestions: [], total: 0 };
  const plan = await planSearch(term);
  const { ids, total } = plan ? await rankedMatches(plan, { limit, offset: 0 }) : { ids: [], total: 0 };
  // Completions of the corrected spelling when what was typed has none.
  const corrected = plan && plan.phrase !== typed ? plan.phrase : null;
  const db = await getDb();
  const [row] = rowsOf<{ products: unknown; typed: string[]; corrected: string[] | null }>(
    await db.execute(sql`SELECT ${productCardsColumn(ids)} AS products, ${suggestionsColumn(typed)} AS typed,
      ${corrected === null ? sql`NULL::text[]` : suggestionsColumn(corrected)} AS corrected`),
  );
  return { products: cardsOf(row!.products, ids), suggestions: row!.typed.length > 0 ? row!.typed : (row!.corrected ?? []), total };
}
