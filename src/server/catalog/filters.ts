/** Filter options for a product list (GET /api/filters): price ranges, brands, colours and sizes in the data. */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { getDb, rowsOf, type Database } from '../db/client';
import { products } from '../db/schema';
import { cached, TTL } from '../cache/ttl-cache';
import { inCategory } from './products';
import { isActiveProduct } from './visibility';
import { matchesSearch, planSearch } from '../search/product-search';

export type PriceRange = { min: number; max: number | null; count: number };
export type NamedCount = { name: string; count: number };
export type CategoryCount = { id: number; count: number };
export type FilterOptions = {
  priceRanges: PriceRange[];
  brands: NamedCount[];
  colors: NamedCount[];
  sizes: NamedCount[];
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

export type FilterScope = { category?: number; vendor?: number; search?: string };

const NOTHING: FilterOptions = { priceRanges: [], brands: [], colors: [], sizes: [], categories: [], in_stock: 0 };

export async function getFilterOptions(scope: FilterScope = {}): Promise<FilterOptions> {
  const key = `filters:${scope.category ?? 'all'}:${scope.vendor ?? 'all'}:${scope.search ?? ''}`;
  return cached(key, scope.search ? TTL.searchResults : TTL.products, async () => {
    const search = scope.search ? await planSearch(scope.search) : undefined;
    if (search === null) return NOTHING;
    const db = await getDb();
    const inScope = and(
      isActiveProduct,
      scope.category === undefined ? undefined : inCategory(scope.category),
      scope.vendor === undefined ? undefined : eq(products.supplier, scope.vendor),
      search ? matchesSearch(search.tsQuery) : undefined,
    )!;

    const [quantiles] = await db
      .select({
        q: sql<number[]>`percentile_disc(ARRAY[0.2, 0.4, 0.6, 0.8]) WITHIN GROUP (ORDER BY ${products.price_1})`,
      })
      .from(products)
      .where(inScope);
    const edges = rangeEdges(quantiles?.q ?? []);
    const bucketCounts = edges.map((min, i) => {
      const max = edges[i + 1];
      const inRange = max === undefined ? sql`${products.price_1} >= ${min}` : sql`${products.price_1} >= ${min} AND ${products.price_1} < ${max}`;
      return sql`count(*) FILTER (WHERE ${inRange})::int`;
    });
    const [counts] = await db
      .select({ counts: sql<number[]>`ARRAY[${sql.join(bucketCounts, sql`, `)}]` })
      .from(products)
      .where(inScope);
    const priceRanges = edges.map((min, i) => ({ min, max: edges[i + 1] ?? null, count: counts?.counts[i] ?? 0 })).filter((range) => range.count > 0);

    const [brands, colors, sizes] = await Promise.all([
      namedCounts(
        db,
        sql`jsonb_array_elements(${products.attributes}) AS item(value)`,
        sql`item.value->>'value'`,
        and(inScope, sql`item.value->>'name' = 'Brand'`)!,
      ),
      namedCounts(db, sql`regexp_split_to_table(${products.colors}, ',') AS item(value)`, sql`trim(item.value)`, and(inScope, sql`${products.colors} <> ''`)!),
      namedCounts(db, sql`regexp_split_to_table(${products.sizes}, ',') AS item(value)`, sql`trim(item.value)`, and(inScope, sql`${products.sizes} <> ''`)!),
    ]);
    const categoryRows = rowsOf<{ id: number; count: number }>(
      await db.execute(sql`
        SELECT id, count(*)::int AS count FROM (
          SELECT unnest(ARRAY[${products.category}, ${products.sub_category}]) AS id FROM ${products} WHERE ${inScope}
        ) AS filed WHERE id IS NOT NULL GROUP BY id`),
    );
    const [stock] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(products)
      .where(and(inScope, eq(products.in_stock, 1)));
    return { priceRanges, brands, colors, sizes, categories: categoryRows, in_stock: stock?.n ?? 0 };
  });
}

async function namedCounts(db: Database, source: SQL, name: SQL, where: SQL): Promise<NamedCount[]> {
  const result = await db.execute(sql`
    SELECT ${name} AS name, count(*)::int AS count
    FROM ${products} CROSS JOIN LATERAL ${source}
    WHERE ${where} AND ${name} <> ''
    GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT ${MAX_OPTIONS}`);
  return rowsOf<{ name: string; count: number }>(result).map((row) => ({ name: String(row.name), count: Number(row.count) }));
}
