/** Products: listing, details and stock. This module owns the products table. */
import { and, asc, count, desc, eq, gte, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { getDb, preparedOnce, rowsOf, type Database } from '../db/client';
import { categories, products, type ProductVariants } from '../db/schema';
import { cached, TTL } from '../cache/ttl-cache';
import { splitList } from '../../lib/lists';
import type { ProductRating } from '../../lib/review-rules';
import { pageWindow } from '../../lib/pagination';
import { NotFound } from '../errors';
import type { ProductQuery, ProductSort } from './product-query';
import { findPublicVendor, type PublicVendor } from './vendors';
import { isActiveProduct } from './visibility';
import { facetConditions } from './facets';
import { matchesSearch, planSearch, rankedMatches, type SearchPlan } from '../search/product-search';
import { message } from '../../lib/messages/message';

type ProductRow = typeof products.$inferSelect;

/** A product as the API gives it: the spec's field names, price_1 as a string, stock grouped. */
export type ApiProduct = Omit<ProductRow, 'price_1' | 'price_2' | 'rates' | 'items_sold' | 'total_items' | 'deleted_at' | 'attributes'> & {
  price_1: string;
  price_2: string;
  rates: string;
  category_text: string;
  tags_array: string[];
  attributes_array: ProductRow['attributes'];
  category_attributes: string[];
  images: string[];
  stock: { items_sold: number; total_items: number };
};

export type ApiProductDetails = ApiProduct & { vendor: PublicVendor | null };

/**
 * A column of the category `id` names, read beside each product (only for the rows a page returns, unlike a
 * join). Nested in a second sql: a one-table select writes its fields' own columns unqualified, and inside
 * this subquery `id` and `category` would then name the category's columns instead of the product's.
 */
const categoryColumn = (column: AnyPgColumn, id: AnyPgColumn) => sql`${sql`(SELECT ${column} FROM ${categories} WHERE ${categories.id} = ${id})`}`;

const productColumns = {
  product: products,
  category_text: sql<string>`coalesce(${categoryColumn(categories.category, products.sub_category)}, ${categoryColumn(categories.category, products.category)}, '')`,
  category_attributes: categoryColumn(categories.attributes, products.category).mapWith(categories.attributes),
};

/** Products with the names and attributes of their categories, as toApiProduct reads them. */
function productsWithCategories(db: Database, where: SQL) {
  return db.select(productColumns).from(products).where(where);
}

type ProductWithCategories = { product: ProductRow; category_text: string; category_attributes: string[] | null };

/**
 * Every choice a buyer makes, option name → values, as the spec's `variants` lists them (Color, Size,
 * Storage ...): the colours and sizes first, then the product's other options. Clients that offer choices
 * only from `variants` can then sell products that have colours or sizes.
 */
function productOptions(product: Pick<ProductRow, 'has_colors' | 'colors' | 'has_sizes' | 'sizes' | 'variants'>): ProductVariants {
  const options: ProductVariants = {};
  const colors = product.has_colors === 'Yes' ? splitList(product.colors) : [];
  const sizes = product.has_sizes === 'Yes' ? splitList(product.sizes) : [];
  if (colors.length > 0) options.Color = colors;
  if (sizes.length > 0) options.Size = sizes;
  for (const [name, values] of Object.entries(product.variants)) options[name] = [...new Set([...(options[name] ?? []), ...values])];
  return options;
}

export function toApiProduct({ product, category_text, category_attributes }: ProductWithCategories): ApiProduct {
  const { price_1, price_2, rates, items_sold, total_items, deleted_at: _deleted, attributes, ...rest } = product;
  return {
    ...rest,
    variants: productOptions(product),
    price_1: String(price_1),
    price_2: price_2 === null ? '' : String(price_2),
    rates: JSON.stringify(rates),
    category_text,
    tags_array: splitList(product.tags),
    attributes_array: attributes,
    category_attributes: category_attributes ?? [],
    images: rates.map((image) => image.src),
    stock: { items_sold, total_items },
  };
}

export function inCategory(categoryId: number): SQL {
  return or(eq(products.category, categoryId), eq(products.sub_category, categoryId))!;
}

function filtersOf(query: ProductQuery, search?: SearchPlan): SQL {
  const conditions: (SQL | undefined)[] = [isActiveProduct];
  if (query.category !== undefined) conditions.push(inCategory(query.category));
  if (query.vendor !== undefined) conditions.push(eq(products.supplier, query.vendor));
  if (query.min_price !== undefined) conditions.push(gte(products.price_1, query.min_price));
  if (query.max_price !== undefined) conditions.push(lte(products.price_1, query.max_price));
  if (query.in_stock !== undefined) conditions.push(eq(products.in_stock, Number(query.in_stock)));
  if (query.home_section_1 !== undefined) conditions.push(eq(products.home_section_1, Number(query.home_section_1)));
  if (query.home_section_2 !== undefined) conditions.push(eq(products.home_section_2, Number(query.home_section_2)));
  if (query.home_section_3 !== undefined) conditions.push(eq(products.home_section_3, Number(query.home_section_3)));
  conditions.push(...facetConditions(query));
  if (search) conditions.push(matchesSearch(search.tsQuery));
  return and(...conditions)!;
}

const sortColumns: Record<Exclude<ProductSort, 'relevance'>, AnyPgColumn> = {
  created_at: products.created_at,
  price_1: products.price_1,
  name: products.name,
  rating: products.average_rating,
  popularity: products.items_sold,
};

function orderOf(query: ProductQuery): SQL[] {
  const column = sortColumns[query.sort_by === 'relevance' ? 'created_at' : query.sort_by];
  const direction = query.sort_order === 'asc' ? asc : desc;
  return [direction(column), direction(products.id)];
}

/** Whether a list narrows the catalogue beyond the search itself. */
function hasFilters(query: ProductQuery): boolean {
  const { category, vendor, min_price, max_price, in_stock, brand, color, size, home_section_1, home_section_2, home_section_3 } = query;
  return [category, vendor, min_price, max_price, in_stock, brand, color, size, home_section_1, home_section_2, home_section_3].some(
    (value) => value !== undefined,
  );
}

export async function listProducts(query: ProductQuery): Promise<{ items: ApiProduct[]; total: number }> {
  return cached(`products:list:${JSON.stringify(query)}`, query.search ? TTL.searchResults : TTL.products, async () => {
    const search = query.search ? await planSearch(query.search) : undefined;
    if (search === null) return { items: [], total: 0 };
    const db = await getDb();

    if (search && query.sort_by === 'relevance') {
      // Ranked on the narrow search table; only the page's products are read in full.
      const within = hasFilters(query) ? db.select({ id: products.id }).from(products).where(filtersOf(query)).$dynamic() : undefined;
      const { ids, total } = await rankedMatches(search, pageWindow(query.page, query.limit), within);
      const rows = ids.length ? await productsWithCategories(db, inArray(products.id, ids)) : [];
      const position = new Map(ids.map((id, i) => [id, i]));
      rows.sort((a, b) => position.get(a.product.id)! - position.get(b.product.id)!);
      return { items: rows.map(toApiProduct), total };
    }

    const where = filtersOf(query, search);
    const [items, [counted]] = await Promise.all([pageOf(db, where, query), db.select({ total: count() }).from(products).where(where)]);
    return { items, total: counted?.total ?? 0 };
  });
}

export type ProductCard = { id: number; name: string; price_1: string; feature_photo: string };

/**
 * The id, name, price and picture of some products, as a column (JSON) to read beside other things in one round
 * trip; cardsOf reads it back in the order of `ids`.
 */
export function productCardsColumn(ids: number[]): SQL {
  return sql`(SELECT coalesce(json_agg(json_build_object('id', ${products.id}, 'name', ${products.name}, 'price_1', ${products.price_1}::text,
    'feature_photo', ${products.feature_photo})), '[]'::json) FROM ${products} WHERE ${products.id} = ANY(${sql.param(ids)}::int[]))`;
}

export function cardsOf(column: unknown, ids: number[]): ProductCard[] {
  const cards = new Map((typeof column === 'string' ? (JSON.parse(column) as ProductCard[]) : (column as ProductCard[])).map((card) => [card.id, card]));
  return ids.flatMap((id) => cards.get(id) ?? []);
}

/** The products of a list's page without counting the whole list, for sections that show a few (home, related products). */
export async function listProductItems(query: ProductQuery): Promise<ApiProduct[]> {
  if (query.search) return (await listProducts(query)).items;
  return cached(`products:items:${JSON.stringify(query)}`, TTL.products, async () => pageOf(await getDb(), filtersOf(query), query));
}

async function pageOf(db: Database, where: SQL, query: ProductQuery): Promise<ApiProduct[]> {
  const { limit, offset } = pageWindow(query.page, query.limit);
  const rows = await productsWithCategories(db, where)
    .orderBy(...orderOf(query))
    .limit(limit)
    .offset(offset);
  return rows.map(toApiProduct);
}

/** An active product with its vendor, or null. */
const activeProductById = preparedOnce((db) =>
  productsWithCategories(db, and(eq(products.id, sql.placeholder('id')), isActiveProduct)!).prepare('active_product_by_id'),
);

export async function findProduct(id: number): Promise<ApiProductDetails | null> {
  return cached(`product:${id}`, TTL.productDetails, async () => {
    const [row] = await activeProductById(await getDb()).execute({ id });
    if (!row) return null;
    const vendor = row.product.supplier ? await findPublicVendor(row.product.supplier) : null;
    return { ...toApiProduct(row), vendor };
  });
}

/** Any product that is not deleted (hidden and held ones too), for its vendor or an administrator. */
export async function findManagedProduct(id: number): Promise<ApiProduct | null> {
  const [row] = await productsWithCategories(await getDb(), and(eq(products.id, id), isNull(products.deleted_at))!);
  return row ? toApiProduct(row) : null;
}

export async function getProduct(id: number): Promise<ApiProductDetails> {
  const product = await findProduct(id);
  if (!product) throw new NotFound(message('product', 'notFound'));
  return product;
}

export type StockLevel = { id: number; items_sold: number; total_items: number };

/** What an order needs of its products, read inside the order's transaction; products not for sale are left out. */
export type OrderableProduct = Pick<
  ProductRow,
  | 'id'
  | 'name'
  | 'price_1'
  | 'has_colors'
  | 'colors'
  | 'has_sizes'
  | 'sizes'
  | 'supplier'
  | 'feature_photo'
  | 'items_sold'
  | 'total_items'
  | 'category'
  | 'sub_category'
>;

/** Each product's picture and seller, for orders that name them (sold-out or withdrawn ones included). */
export async function productPicturesAndSellers(ids: number[]): Promise<Map<number, { feature_photo: string; supplier: number | null }>> {
  if (ids.length === 0) return new Map();
  const db = await getDb();
  const rows = await db
    .select({ id: products.id, feature_photo: products.feature_photo, supplier: products.supplier })
    .from(products)
    .where(inArray(products.id, ids));
  return new Map(rows.map(({ id, ...rest }) => [id, rest]));
}

export async function orderableProducts(db: Database, ids: number[]): Promise<Map<number, OrderableProduct>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: products.id,
      name: products.name,
      price_1: products.price_1,
      has_colors: products.has_colors,
      colors: products.colors,
      has_sizes: products.has_sizes,
      sizes: products.sizes,
      supplier: products.supplier,
      feature_photo: products.feature_photo,
      items_sold: products.items_sold,
      total_items: products.total_items,
      category: products.category,
      sub_category: products.sub_category,
    })
    .from(products)
    .where(and(inArray(products.id, ids), isActiveProduct));
  return new Map(rows.map((row) => [row.id, row]));
}

function assertQuantity(quantity: number) {
  if (!Number.isInteger(quantity) || quantity <= 0) throw new RangeError(`Invalid stock quantity: ${quantity}`);
}

/**
 * Takes `quantity` units of an active product's stock, or nothing at all: one conditional UPDATE,
 * so two buyers racing for the last unit can never both get it. Returns the new level, or null
 * when there is not enough stock (or the product is not for sale). Pass a transaction to make it
 * part of an order; the change it makes is productFiguresChange.
 */
export async function reserveStock(db: Database, productId: number, quantity: number): Promise<StockLevel | null> {
  assertQuantity(quantity);
  const [level] = await db
    .update(products)
    .set({
      items_sold: sql`${products.items_sold} + ${quantity}`,
      in_stock: sql`CASE WHEN ${products.items_sold} + ${quantity} >= ${products.total_items} THEN 0 ELSE 1 END`,
      updated_at: new Date(),
    })
    .where(and(eq(products.id, productId), isActiveProduct, sql`${products.items_sold} + ${quantity} <= ${products.total_items}`))
    .returning({ id: products.id, items_sold: products.items_sold, total_items: products.total_items });
  return level ?? null;
}

/**
 * Takes the units of several active products at once (an order's lines, a product once with its lines' quantities
 * added up): each product's units are taken as reserveStock takes them, or not at all. Gives the ids of the products
 * whose units were taken; the caller rolls its transaction back when one is missing. One UPDATE for all of them;
 * with more than one product their rows are first locked in id order (one SELECT … FOR NO KEY UPDATE), since the
 * order in which a joined UPDATE reaches its rows depends on its plan, and two orders of the same products must wait
 * for each other rather than deadlock. NO KEY UPDATE is the lock the UPDATE itself takes: FOR UPDATE would also wait
 * for the key-share locks other orders' lines hold on the same products (their foreign keys), and deadlock with them.
 */
export async function reserveStocks(db: Database, wanted: readonly { id: number; quantity: number }[]): Promise<Set<number>> {
  if (wanted.length === 0) return new Set();
  for (const { quantity } of wanted) assertQuantity(quantity);
  const ids = wanted.map(({ id }) => id);
  if (new Set(ids).size !== ids.length) throw new RangeError('Each product once: add up its quantities');
  if (ids.length > 1) {
    await db.select({ id: products.id }).from(products).where(inArray(products.id, ids)).orderBy(asc(products.id)).for('no key update');
  }
  const values = sql.join(
    wanted.map(({ id, quantity }) => sql`(${id}::integer, ${quantity}::integer)`),
    sql`, `,
  );
  const taken = rowsOf<{ id: number }>(
    await db.execute(sql`
      UPDATE ${products} SET
        items_sold = ${products.items_sold} + wanted.quantity,
        in_stock = CASE WHEN ${products.items_sold} + wanted.quantity >= ${products.total_items} THEN 0 ELSE 1 END,
        updated_at = ${new Date().toISOString()}::timestamptz
      FROM (VALUES ${values}) AS wanted (id, quantity)
      WHERE ${products.id} = wanted.id AND ${isActiveProduct} AND ${products.items_sold} + wanted.quantity <= ${products.total_items}
      RETURNING ${products.id} AS id`),
  );
  return new Set(taken.map((row) => Number(row.id)));
}

/** Gives back stock taken by reserveStock (a cancelled order). Never goes below zero sold. */
export async function releaseStock(db: Database, productId: number, quantity: number): Promise<StockLevel | null> {
  assertQuantity(quantity);
  const [level] = await db
    .update(products)
    .set({
      items_sold: sql`GREATEST(${products.items_sold} - ${quantity}, 0)`,
      in_stock: sql`CASE WHEN GREATEST(${products.items_sold} - ${quantity}, 0) < ${products.total_items} THEN 1 ELSE 0 END`,
      updated_at: new Date(),
    })
    .where(eq(products.id, productId))
    .returning({ id: products.id, items_sold: products.items_sold, total_items: products.total_items });
  return level ?? null;
}

/**
 * Locks an active product's row until the transaction ends, so writes that recount its figures (reviews)
 * queue up instead of each counting without the other. False when the product is not for sale.
 */
export async function lockActiveProduct(db: Database, productId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.id, productId), isActiveProduct))
    .for('update');
  return row !== undefined;
}

/** Stores a product's review figures (the reviews service counts them). */
export async function setProductRating(db: Database, rating: ProductRating): Promise<void> {
  await db.update(products).set({ review_count: rating.review_count, average_rating: rating.average_rating }).where(eq(products.id, rating.id));
}

/** How many products (withdrawn ones too, since their rows keep the reference) sit in a category. */
export async function countProductsInCategory(db: Database, categoryId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(products).where(inCategory(categoryId));
  return row?.n ?? 0;
}

/** Moves every product of a category into another place in the tree (a category about to be deleted). */
export async function moveCategoryProducts(db: Database, fromId: number, to: { category: number; sub_category: number | null }): Promise<number> {
  const rows = await db
    .update(products)
    .set({ category: to.category, sub_category: to.sub_category, updated_at: new Date() })
    .where(inCategory(fromId))
    .returning({ id: products.id });
  return rows.length;
}

/** The ids of a supplier's products, as a subquery for other services' lists (a vendor's orders). */
export function productIdsSuppliedBy(db: Database, supplierId: number) {
  return db.select({ id: products.id }).from(products).where(eq(products.supplier, supplierId));
}

export const MANAGED_PRODUCTS_PER_PAGE = 20;

/** A vendor's products (or, for null, the whole catalogue) as their manager sees them: hidden and held ones too, newest first. */
export async function listManagedProducts(supplier: number | null, page: number): Promise<{ items: ProductRow[]; total: number }> {
  const db = await getDb();
  const where = and(isNull(products.deleted_at), supplier === null ? undefined : eq(products.supplier, supplier));
  const { limit, offset } = pageWindow(page, MANAGED_PRODUCTS_PER_PAGE);
  const [items, [counted]] = await Promise.all([
    db.select().from(products).where(where).orderBy(desc(products.updated_at), desc(products.id)).limit(limit).offset(offset),
    db.select({ n: count() }).from(products).where(where),
  ]);
  return { items, total: counted?.n ?? 0 };
}

export async function countActiveProducts(): Promise<number> {
  const db = await getDb();
  const [row] = await db.select({ n: count() }).from(products).where(isActiveProduct);
  return row?.n ?? 0;
}

export const SITEMAP_PAGE_SIZE = 10_000;

/** One page of active products for the sitemap: id and last change, by id. */
export async function productSitemapPage(page: number): Promise<{ id: number; updated_at: Date }[]> {
  const db = await getDb();
  return db
    .select({ id: products.id, updated_at: products.updated_at })
    .from(products)
    .where(isActiveProduct)
    .orderBy(asc(products.id))
    .limit(SITEMAP_PAGE_SIZE)
    .offset(pageWindow(page, SITEMAP_PAGE_SIZE).offset);
}

/** The English words products show a shopper, by kind: colours, sizes, specification and option names, other option values. */
export type ProductWordsInUse = { colour: string[]; size: string[]; spec: string[]; value: string[] };

/** Every colour, size, specification and option name and option value the products use, for translating them. */
export async function productWordsInUse(): Promise<ProductWordsInUse> {
  const db = await getDb();
  const rows = await db.execute(sql`
    WITH listed AS (
      SELECT 'colour' AS kind, trim(listed_colour.word) AS word
        FROM ${products}, regexp_split_to_table(${products.colors}, ',') AS listed_colour(word) WHERE ${products.has_colors} = 'Yes'
      UNION SELECT 'size', trim(listed_size.word)
        FROM ${products}, regexp_split_to_table(${products.sizes}, ',') AS listed_size(word) WHERE ${products.has_sizes} = 'Yes'
      UNION SELECT 'spec', attribute.spec->>'name' FROM ${products}, jsonb_array_elements(${products.attributes}) AS attribute(spec)
      UNION SELECT 'spec', choice.option FROM ${products}, jsonb_each(${products.variants}) AS choice(option, choices)
      UNION SELECT CASE choice.option WHEN 'Color' THEN 'colour' WHEN 'Size' THEN 'size' ELSE 'value' END, trim(offered.word)
        FROM ${products}, jsonb_each(${products.variants}) AS choice(option, choices),
          jsonb_array_elements_text(CASE WHEN jsonb_typeof(choice.choices) = 'array' THEN choice.choices ELSE '[]'::jsonb END) AS offered(word)
    )
    SELECT kind, word FROM listed WHERE word <> '' ORDER BY kind, word LIMIT 5000`);
  const used: ProductWordsInUse = { colour: [], size: [], spec: [], value: [] };
  for (const row of rowsOf<{ kind: keyof ProductWordsInUse; word: string }>(rows)) used[row.kind].push(row.word);
  return used;
}
