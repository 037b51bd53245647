/** GET /api/products query parameters: validated, defaulted and capped. */
import { z } from 'zod';
import { FACETS, facetKey, type Facet } from './facets';
import { SPEC_PREFIX } from '../../lib/facet-options';
import { normalizeBrand } from '../../lib/brands';

export const DEFAULT_PRODUCTS_PER_PAGE = 24;
export const MAX_PRODUCTS_PER_PAGE = 100;
export const MAX_PAGE = 100_000;
export const MAX_SEARCH_LENGTH = 200;

export const PRODUCT_SORTS = ['relevance', 'created_at', 'price_1', 'name', 'rating', 'popularity'] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];

export const wholeNumber = (min: number, max: number) =>
  z.coerce
    .number({ error: 'must be a number' })
    .int({ error: 'must be a whole number' })
    .min(min, { error: `must be at least ${min}` })
    .max(max, { error: `must be at most ${max.toLocaleString('en-US')}` });

const flag = z.enum(['0', '1'], { error: 'must be 1 or 0' });

export const MAX_FACET_VALUES = 20;
export const MAX_FACET_VALUE_LENGTH = 60;

/**
 * The values chosen for a brand, colour or size filter (`brand=Tecno&brand=Infinix` or `brand=Tecno,Infinix`):
 * compared lower-cased, so they are kept lower-cased, once each and sorted, and a list names one cached read
 * whatever order or case they came in.
 */
const facetValues = (normalize: (value: string) => string = (value) => value) =>
  z
    .array(z.string().max(MAX_FACET_VALUE_LENGTH, { error: `each value must be at most ${MAX_FACET_VALUE_LENGTH} characters` }))
    .transform((values) => [...new Set(values.map((value) => facetKey(normalize(value))).filter(Boolean))].sort())
    .refine((values) => values.length <= MAX_FACET_VALUES, { error: `must name at most ${MAX_FACET_VALUES} values` })
    .transform((values) => (values.length > 0 ? values : undefined));

export const MAX_SPEC_FILTERS = 10;
const SPEC_KEY = /^[a-z0-9]+(?:_[a-z0-9]+)*$/;

/**
 * Specification filters (`spec_storage=128GB&spec_ram=8GB`), by key: each key's values as a facet's, the keys
 * sorted, so one list names one cached read.
 */
const specChoices = z
  .record(
    z.string().max(40, { error: 'must be at most 40 characters' }).regex(SPEC_KEY, { error: 'must be lower-case letters and digits joined by _' }),
    facetValues(),
  )
  .refine((specs) => Object.keys(specs).length <= MAX_SPEC_FILTERS, { error: `must name at most ${MAX_SPEC_FILTERS} specifications` })
  .transform((specs) => {
    const chosen = Object.entries(specs)
      .filter((entry): entry is [string, string[]] => entry[1] !== undefined)
      .sort(([a], [b]) => a.localeCompare(b));
    return chosen.length > 0 ? Object.fromEntries(chosen) : undefined;
  });

export const productQuerySchema = z
  .object({
    page: wholeNumber(1, MAX_PAGE).default(1),
    limit: wholeNumber(1, MAX_PRODUCTS_PER_PAGE).default(DEFAULT_PRODUCTS_PER_PAGE),
    category: wholeNumber(1, 2_147_483_647).optional(),
    vendor: wholeNumber(1, 2_147_483_647).optional(),
    search: z
      .string()
      .transform((term) => term.trim().slice(0, MAX_SEARCH_LENGTH))
      .optional(),
    min_price: wholeNumber(0, 2_000_000_000).optional(),
    max_price: wholeNumber(0, 2_000_000_000).optional(),
    sort_by: z.enum(PRODUCT_SORTS, { error: `must be one of ${PRODUCT_SORTS.join(', ')}` }).optional(),
    sort_order: z.enum(['asc', 'desc'], { error: 'must be asc or desc' }).default('desc'),
    in_stock: flag.optional(),
    // "Samsung Galaxy" asks for the brand the store keeps as "Samsung" (lib/brands.ts).
    brand: facetValues(normalizeBrand).optional(),
    color: facetValues().optional(),
    size: facetValues().optional(),
    specs: specChoices.optional(),
    home_section_1: flag.optional(),
    home_section_2: flag.optional(),
    home_section_3: flag.optional(),
  })
  .refine((q) => q.min_price === undefined || q.max_price === undefined || q.min_price <= q.max_price, {
    error: 'min_price must not be more than max_price',
    path: ['min_price'],
  });

export type ProductQuery = Omit<z.infer<typeof productQuerySchema>, 'sort_by'> & { sort_by: ProductSort };

const isFacet = (key: string): key is Facet => (FACETS as readonly string[]).includes(key);

/**
 * Reads URL search params; empty values count as absent, `per_page` is accepted for `limit`. A brand, colour,
 * size or specification (`spec_<key>`) may be given several times, each a value or a comma-separated list of them.
 */
export function parseProductQuery(params: URLSearchParams): ProductQuery {
  const raw: Record<string, string | string[] | Record<string, string[]>> = {};
  const specs: Record<string, string[]> = {};
  const valuesOf = (value: string) => value.split(',').filter((part) => part.trim() !== '');
  for (const [key, value] of params) {
    if (isFacet(key)) {
      const values = valuesOf(value);
      if (values.length > 0) raw[key] = [...((raw[key] as string[] | undefined) ?? []), ...values];
    } else if (key.startsWith(SPEC_PREFIX)) {
      const values = valuesOf(value);
      const spec = key.slice(SPEC_PREFIX.length);
      if (values.length > 0) specs[spec] = [...(specs[spec] ?? []), ...values];
    } else if (value.trim() !== '') raw[key === 'per_page' ? 'limit' : key] = value;
  }
  if (Object.keys(specs).length > 0) raw.specs = specs;
  const query = productQuerySchema.parse(raw);
  // Searches are ordered by relevance unless asked otherwise; without a search there is nothing to rank.
  const sortBy = query.sort_by ?? (query.search ? 'relevance' : 'created_at');
  return { ...query, sort_by: sortBy === 'relevance' && !query.search ? 'created_at' : sortBy };
}
