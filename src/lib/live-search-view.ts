/** What the header search dropdown shows for a term (spec section 2, Live search): pure, so it is tested alone. */
import type { IslandTexts } from './i18n/en/islands';
import type { Translator } from './i18n/translate';

export const LIVE_SEARCH = { minLength: 2, debounceMs: 300, limit: 6, recentLimit: 10 } as const;

export type LiveProduct = { id: number; name: string; price_1: string; feature_photo: string };
export type LiveResults = { products: LiveProduct[]; suggestions: string[]; total: number; search_term: string };

export type DropdownItem = {
  kind: 'product' | 'suggestion' | 'view-all' | 'search-anyway' | 'recent';
  label: string;
  href: string;
  /** The term to keep in the shopper's search history when this item is chosen. */
  search?: string;
  product?: LiveProduct;
};

export type DropdownView =
  | { mode: 'closed' }
  | { mode: 'recent'; items: DropdownItem[] }
  | { mode: 'results'; term: string; items: DropdownItem[]; total: number }
  | { mode: 'empty'; term: string; items: DropdownItem[] };

export function isSearchable(term: string): boolean {
  return term.trim().length >= LIVE_SEARCH.minLength;
}

export function searchHref(term: string): string {
  return `/products?search=${encodeURIComponent(term.trim())}`;
}

/** What the dropdown needs of the page's language: its words, plurals and links in that language. */
export type DropdownLanguage = Pick<Translator<IslandTexts>, 't' | 'count' | 'path'>;

/** Recent searches for an empty box, results for a searchable term, nothing otherwise; worded and linked in `language`. */
export function dropdownView(term: string, results: LiveResults | null, recent: string[] | null, language: DropdownLanguage): DropdownView {
  const { t, count, path } = language;
  const searchLink = (query: string) => path(searchHref(query));
  const trimmed = term.trim();
  if (trimmed === '') {
    if (!recent || recent.length === 0) return { mode: 'closed' };
    return { mode: 'recent', items: recent.map((query) => ({ kind: 'recent', label: query, href: searchLink(query), search: query })) };
  }
  if (!isSearchable(trimmed) || !results) return { mode: 'closed' };
  const shownTerm = results.search_term;
  if (results.products.length === 0 && results.suggestions.length === 0) {
    return {
      mode: 'empty',
      term: shownTerm,
      items: [{ kind: 'search-anyway', label: t.browse.search.searchAnyway, href: searchLink(shownTerm), search: shownTerm }],
    };
  }
  const items: DropdownItem[] = [
    ...results.products.map((product) => ({ kind: 'product' as const, label: product.name, href: path(`/product/${product.id}`), product })),
    ...results.suggestions.map((suggestion) => ({ kind: 'suggestion' as const, label: suggestion, href: searchLink(suggestion), search: suggestion })),
  ];
  if (results.total > results.products.length) {
    items.push({ kind: 'view-all', label: count(t.browse.search.viewAll, results.total), href: searchLink(shownTerm), search: shownTerm });
  }
  return { mode: 'results', term: shownTerm, items, total: results.total };
}

/**
 * The option the arrow keys move to among `count`: from none, Down takes the first and Up the last;
 * past either end they wrap around. -1 (none) when there are no options.
 */
export function nextActiveOption(current: number, step: 1 | -1, count: number): number {
  if (count === 0) return -1;
  if (current === -1) return step === 1 ? 0 : count - 1;
  return (current + step + count) % count;
}
