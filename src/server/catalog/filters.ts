/**
 * Filter options for a product list (GET /api/filters): price ranges, brands, colours and sizes in the data, and
 * for a category each other attribute it defines (Storage and RAM on phones), with counts.
 */
import { and, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import { getDb, rowsOf, type Database } from '../db/client';
import { products } from '../db/schema';
import { cached, TTL } from '../cache/ttl-cache';
import { inCategory } from './products';
import type { ProductQuery } from './product-query';
import { isActiveProduct } from './visibility';
import { FACETS, facetConditions, facetCountsQuery, type Facet, type FacetChoices } from './facets';
import { matchesSearch, planSearch } from '../search/product-search';
import { listCategories } from './categories';
import { facetOfAttribute, specKey, specParam } from '../../lib/facet-options';
import { inShoppingOrder, inSizeOrder } from '../../lib/facet-order';

export type PriceRange = { min: number; max: number | null; count: number };
export type NamedCount = { name: string; count: number };
export type CategoryCount = { id: number; count: number };
/** A specification a category defines, with its values among the products: `param` is its filter's name in an address. */
export type SpecOptions = { name: string; param: string; values: NamedCount[] };
export type FilterOptions = {
  priceRanges: PriceRange[];
  brands: NamedCount[];
  colors: NamedCount[];
  /** In size order: XS S M L XL, 39 40 41 (lib/facet-order.ts). */
  sizes: NamedCount[];
  /** The category's other attributes (none outside a category), in the order it lists them; measures in size order. */
  specs: SpecOptions[];
  /** Matching products per category (parents and children), for facets beside search results. */
  categories: CategoryCount[];
  in_stock: number;
};

const MAX_OPTIONS = 30;

/** Rounds a price to two significant figures so range edges read naturally: 123,456 → 120,000. */
export function roundPrice(price: number): number {
  if (price < 100) return Math.round(price);
  const step = 10 ** (Math.floor(Math.log10(price)) - 1);
  return Math.round(price / step) * step;
}

/** Distinct, increasing range edges from price quantiles; the last range is open-ended. */
export function rangeEdges(quantiles: number[]): number[] {
  const edges = [0];
  for (const q of quantiles) {
    const edge = roundPrice(q);
    if (edge > edges[edges.length - 1]!) edges.push(edge);
  }
  return edges;
}

/**
 * The products a list's filter options describe: a category, vendor or search, and the filters already chosen.
 * Each option counts the products choosing it would give, so each count leaves out its own kind of filter (the
 * brands are counted with the chosen colours, sizes, price and stock, but not with the chosen brands: brands
 * add up, colours and sizes narrow).
 */
export type FilterScope = {
  category?: number;
  vendor?: number;
  search?: string;
  min_price?: number;
  max_price?: number;
  in_stock?: '0' | '1';
} & FacetChoices;

/** The scope of a product list's filter options: everything the list narrows by, but its page and order. */
export function filterScope(query: ProductQuery): FilterScope {
  const { category, vendor, search, min_price, max_price, in_stock, brand, color, size, specs } = query;
  return { category, vendor, search: search || undefined, min_price, max_price, in_stock, brand, color, size, specs };
}

const NOTHING: FilterOptions = { priceRanges: [], brands: [], colors: [], sizes: [], specs: [], categories: [], in_stock: 0 };

/** The attributes a category defines that are filtered as specifications (not Brand, Colour or Size), once each by key. */
async function specsOfCategory(categoryId: number | undefined): Promise<{ name: string; key: string }[]> {
  if (categoryId === undefined) return [];
  const category = (await listCategories()).find((c) => c.id === categoryId);
  const specs = new Map<string, string>();
  for (const name of category?.attributes ?? []) {
    const key = specKey(name);
    if (key !== '' && facetOfAttribute(name) === 'spec' && !specs.has(key)) specs.set(key, name.trim());
  }
  return [...specs].map(([key, name]) => ({ name, key }));
}

export async function getFilterOptions(scope: FilterScope = {}): Promise<FilterOptions> {
  const { category, vendor, search: term, min_price, max_price, in_stock, brand, color, size, specs } = scope;
  // Keys name every part of the scope in one order, so the same list is one cached read however it was asked.
  const key = `filters:${JSON.stringify([category, vendor, min_price, max_price, in_stock, brand, color, size, specs ?? {}, term ?? ''])}`;
  return cached(key, term ? TTL.searchResults : TTL.products, async () => {
    const search = term ? await planSearch(term) : undefined;
    if (search === null) return NOTHING;
    const db = await getDb();
    const base: (SQL | undefined)[] = [
      isActiveProduct,
      category === undefined ? undefined : inCategory(category),
      vendor === undefined ? undefined : eq(products.supplier, vendor),
      search ? matchesSearch(search.tsQuery) : undefined,
    ];
    const price = [
      min_price === undefined ? undefined : gte(products.price_1, min_price),
      max_price === undefined ? undefined : lte(products.price_1, max_price),
    ];
    const stock = in_stock === undefined ? undefined : eq(products.in_stock, Number(in_stock));
    const choices: FacetChoices = { brand, color, size, specs };
    const everything = and(...base, ...price, stock, ...facetConditions(choices))!;
    const withoutPrice = and(...base, stock, ...facetConditions(choices))!;
    const withoutStock = and(...base, ...price, ...facetConditions(choices))!;
    const withoutFacet = (facet: Facet | `spec:${string}`) => and(...base, ...price, stock, ...facetConditions(choices, facet))!;

    const [quantiles] = await db
      .select({
        q: sql<number[]>`percentile_disc(ARRAY[0.2, 0.4, 0.6, 0.8]) WITHIN GROUP (ORDER BY ${products.price_1})`,
      })
      .from(products)
      .where(withoutPrice);
    const edges = rangeEdges(quantiles?.q ?? []);
    const bucketCounts = edges.map((min, i) => {
      const max = edges[i + 1];
      const inRange = max === undefined ? sql`${products.price_1} >= ${min}` : sql`${products.price_1} >= ${min} AND ${products.price_1} < ${max}`;
      return sql`count(*) FILTER (WHERE ${inRange})::int`;
    });
    const [counts] = await db
      .select({ counts: sql<number[]>`ARRAY[${sql.join(bucketCounts, sql`, `)}]` })
      .from(products)
      .where(withoutPrice);
    const priceRanges = edges.map((min, i) => ({ min, max: edges[i + 1] ?? null, count: counts?.counts[i] ?? 0 })).filter((range) => range.count > 0);

    const [brands, colors, sizes] = await Promise.all(FACETS.map((facet) => namedCounts(db, facet, withoutFacet(facet))));
    const specOptions = await Promise.all(
      (await specsOfCategory(category)).map(async (spec) => ({
        name: spec.name,
        param: specParam(spec.name),
        values: inShoppingOrder(await namedCounts(db, { spec: spec.key }, withoutFacet(`spec:${spec.key}`))),
      })),
    );
    const categoryRows = rowsOf<{ id: number; count: number }>(
      await db.execute(sql`
        SELECT id, count(*)::int AS count FROM (
          SELECT unnest(ARRAY[${products.category}, ${products.sub_category}]) AS id FROM ${products} WHERE ${everything}
        ) AS filed WHERE id IS NOT NULL GROUP BY id`),
    );
    const [stocked] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(products)
      .where(and(withoutStock, eq(products.in_stock, 1)));
    return {
      priceRanges,
      brands: brands!,
      colors: colors!,
      sizes: inSizeOrder(sizes!),
      specs: specOptions.filter((spec) => spec.values.length > 0),
      categories: categoryRows,
      in_stock: stocked?.n ?? 0,
    };
  });
}

async function namedCounts(db: Database, facet: Facet | { spec: string }, where: SQL): Promise<NamedCount[]> {
  const result = await db.execute(facetCountsQuery(facet, where, MAX_OPTIONS));
  return rowsOf<{ name: string; count: number }>(result).map((row) => ({ name: String(row.name), count: Number(row.count) }));
}
