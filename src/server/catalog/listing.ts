/**
 * What a product listing page needs from a URL: the validated query (page, filters, sort), the page of
 * products and the filter options. Shared by /products, /category/{id}, /search and /vendor/{id}.
 */
import { z } from 'zod';
import { describeZodError } from '../errors';
import { sortOption } from '../../lib/sorting';
import { lastPage } from '../../lib/pagination';
import { DEFAULT_PRODUCTS_PER_PAGE, parseProductQuery, type ProductQuery } from './product-query';
import { listProducts, type ApiProduct } from './products';
import { getFilterOptions, type FilterOptions } from './filters';

export type Listing = {
  query: ProductQuery;
  sort: string;
  products: ApiProduct[];
  total: number;
  lastPage: number;
  filters: FilterOptions;
};

export type ListingResult = { ok: true; listing: Listing } | { ok: false; error: string };

/** Page parameters the listing understands; anything else in the URL is ignored. */
const PAGE_PARAMS = ['page', 'category', 'search', 'min_price', 'max_price', 'in_stock', 'vendor', 'home_section_1', 'home_section_2', 'home_section_3'];

export async function loadListing(url: URL, fixed: { category?: number; vendor?: number } = {}): Promise<ListingResult> {
  const params = new URLSearchParams();
  for (const key of PAGE_PARAMS) {
    const value = url.searchParams.get(key);
    if (value !== null) params.set(key, value);
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
    if (error instanceof z.ZodError) return { ok: false, error: describeZodError(error) };
    throw error;
  }
  const [{ items, total }, filters] = await Promise.all([
    listProducts(query),
    getFilterOptions({ category: query.category, vendor: query.vendor, search: query.search }),
  ]);
  return {
    ok: true,
    listing: { query, sort: sort.value, products: items, total, lastPage: lastPage(total, query.limit), filters },
  };
}
