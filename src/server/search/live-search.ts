/** The header's search-as-you-type answer: a few products, completions, and how many match in all. */
import { listProducts } from '../catalog/products';
import { MAX_SEARCH_LENGTH, parseProductQuery } from '../catalog/product-query';
import { searchSuggestionsFor } from './product-search';

export const LIVE_SEARCH_MIN_LENGTH = 2;
export const LIVE_SEARCH_DEFAULT_LIMIT = 10;
export const LIVE_SEARCH_MAX_LIMIT = 24;

export type LiveSearchProduct = { id: number; name: string; price_1: string; feature_photo: string };
export type LiveSearchResult = { products: LiveSearchProduct[]; suggestions: string[]; total: number; search_term: string };

/** An unreadable or out-of-range limit falls back to the default: a typing shopper never sees an error. */
export function liveSearchLimit(raw: string | null): number {
  const limit = Number(raw);
  return Number.isInteger(limit) && limit >= 1 ? Math.min(limit, LIVE_SEARCH_MAX_LIMIT) : LIVE_SEARCH_DEFAULT_LIMIT;
}

export async function liveSearch(rawTerm: string, rawLimit: string | null): Promise<LiveSearchResult> {
  const term = rawTerm.trim().slice(0, MAX_SEARCH_LENGTH);
  if (term.length < LIVE_SEARCH_MIN_LENGTH) return { products: [], suggestions: [], total: 0, search_term: term };
  const query = parseProductQuery(new URLSearchParams({ search: term, limit: String(liveSearchLimit(rawLimit)) }));
  const [{ items, total }, suggestions] = await Promise.all([listProducts(query), searchSuggestionsFor(term)]);
  return {
    products: items.map(({ id, name, price_1, feature_photo }) => ({ id, name, price_1, feature_photo })),
    suggestions,
    total,
    search_term: term,
  };
}
