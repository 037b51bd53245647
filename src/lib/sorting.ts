/** Sort choices for product lists, as one `sort` value per choice (a plain <select> sends one field); their words are in the catalogues (`storefront.listing.sorts`). */
export const SORT_OPTIONS = [
  { value: 'relevance', sort_by: 'relevance', sort_order: 'desc' },
  { value: 'newest', sort_by: 'created_at', sort_order: 'desc' },
  { value: 'popular', sort_by: 'popularity', sort_order: 'desc' },
  { value: 'rating', sort_by: 'rating', sort_order: 'desc' },
  { value: 'price_asc', sort_by: 'price_1', sort_order: 'asc' },
  { value: 'price_desc', sort_by: 'price_1', sort_order: 'desc' },
  { value: 'name', sort_by: 'name', sort_order: 'asc' },
] as const;

export type SortValue = (typeof SORT_OPTIONS)[number]['value'];

/** The chosen sort; by default the best match for a search and the newest products otherwise. */
export function sortOption(value: string | null, searching: boolean) {
  const options = sortOptions(searching);
  return options.find((option) => option.value === value) ?? options[0]!;
}

/** Best match only makes sense for a search. */
export function sortOptions(searching: boolean) {
  return SORT_OPTIONS.filter((option) => searching || option.value !== 'relevance');
}
