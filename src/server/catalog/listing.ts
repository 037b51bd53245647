/**
 * What a product listing page needs from a URL: the validated query (page, filters, sort), the page of
 * products and the filter options. Shared by /products, /category/{id}, /search and /vendor/{id}.
 */
import { z } from 'zod';
import { fieldRefusal, zodRefusal } from '../input-refusals';
import { message, type Message } from '../../lib/messages/message';
import { SPEC_PREFIX } from '../../lib/facet-options';
import { parsePriceValue } from '../../lib/price-bands';
import { sortOption } from '../../lib/sorting';
import { lastPage } from '../../lib/pagination';
import { DEFAULT_PRODUCTS_PER_PAGE, parseProductQuery, type ProductQuery } from './product-query';
import { listProducts, type ApiProduct } from './products';
import { filterScope, getFilterOptions, type FilterOptions } from './filters';

export type Listing = {
  query: ProductQuery;
  sort: string;
  products: ApiProduct[];
  total: number;
  lastPage: number;
  filters: FilterOptions;
};

/**
 * Whether a listing's page may be kept in the page cache and indexed. A search, or a choice of brands, colours
 * or sizes, gives a page per combination of words and values: kept, they would crowd the page cache (and its
 * memory) with pages few shoppers ask for twice, and indexed, they would be near-copies of the category.
 * Such pages are rendered for each request (their reads still come from the catalogue's cache), marked
 * noindex, and name the unfiltered list as canonical.
 */
export function isNarrowedListing(query: ProductQuery): boolean {
  return Boolean(query.search) || query.brand !== undefined || query.color !== undefined || query.size !== undefined || query.specs !== undefined;
}

export type ListingResult = { ok: true; listing: Listing } | { ok: false; error: Message };

/** Page parameters the listing understands; anything else in the URL is ignored. */
const PAGE_PARAMS = ['page', 'category', 'search', 'min_price', 'max_price', 'in_stock', 'vendor', 'home_section_1', 'home_section_2', 'home_section_3'];
/** Filters that take several values (one checkbox each in the filter form), and specifications (`spec_storage`). */
const MULTI_VALUE_PARAMS = ['brand', 'color', 'size'];
const isMultiValue = (key: string) => MULTI_VALUE_PARAMS.includes(key) || key.startsWith(SPEC_PREFIX);

export async function loadListing(url: URL, fixed: { category?: number; vendor?: number } = {}): Promise<ListingResult> {
  const params = new URLSearchParams();
  for (const key of PAGE_PARAMS) {
    const value = url.searchParams.get(key);
    if (value !== null) params.set(key, value);
  }
  for (const [key, value] of url.searchParams) if (isMultiValue(key)) params.append(key, value);
  // The filter form names a price band as one value (`price=100000-199999`); min_price and max_price, when given, say more.
  const band = url.searchParams.get('price')?.trim();
  if (band) {
    const limits = parsePriceValue(band);
    if (!limits) return { ok: false, error: fieldRefusal('price', message('field', 'invalid')) };
    for (const [key, value] of Object.entries(limits)) if (!params.has(key)) params.set(key, String(value));
  }
  const sort = sortOption(url.searchParams.get('sort'), Boolean(url.searchParams.get('search')?.trim()));
  params.set('sort_by', sort.sort_by);
  params.set('sort_order', sort.sort_order);
  params.set('limit', String(DEFAULT_PRODUCTS_PER_PAGE));
  if (fixed.category) params.set('category', String(fixed.category));
  if (fixed.vendor) params.set('vendor', String(fixed.vendor));

  let query: ProductQuery;
  try {
    query = parseProductQuery(params);
  } catch (error) {
    if (error instanceof z.ZodError) return { ok: false, error: zodRefusal(error) };
    throw error;
  }
  const [{ items, total }, filters] = await Promise.all([listProducts(query), getFilterOptions(filterScope(query))]);
  return {
    ok: true,
    listing: { query, sort: sort.value, products: items, total, lastPage: lastPage(total, query.limit), filters },
  };
}
