/**
 * What catalogue writes drop from the caches: the read-cache keys and page tags a write reports to
 * transactionWithPurge (src/server/cache/purge.ts). Products, vendors, categories, orders and reviews all
 * report through these, so they live apart from each of them.
 */
import { inArray } from 'drizzle-orm';
import type { Database } from '../db/client';
import { products } from '../db/schema';
import type { Change } from '../cache/purge';
import { pageTags } from '../cache/page-tags';

/** Cached reads that show products' stock and ratings: details, lists, filter counts, the manifest's home sections. */
const SHOWN_FIGURES = ['product', 'filters:', 'manifest:'];
/** Every cached catalogue read: lists, details, filter options, category and vendor counts, the manifest, search plans, the sitemap's count. */
const WHOLE_CATALOGUE = ['product', 'categories:', 'vendors:', 'manifest:', 'search:', 'filters:', 'sitemap:'];

/**
 * What a change to the catalogue's shape drops (a product added, withdrawn, held or moved to another category;
 * categories; vendors): every cached catalogue read, and every page, since each shows the category menu and
 * counts. Such writes are rare next to reads, so one wide sweep is simpler and safer than tracking every list.
 */
export const catalogueChange: Change = { reads: WHOLE_CATALOGUE, pages: [pageTags.menu] };

/** Where a product is shown: its own page and the lists of its categories and vendor. */
export type ProductPlaces = Pick<typeof products.$inferSelect, 'id' | 'category' | 'sub_category' | 'supplier'>;

/** The tags of the pages that show these products: their own, and every list they can be in. */
async function pagesShowing(db: Database, ids: number[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: products.id, category: products.category, sub_category: products.sub_category, supplier: products.supplier })
    .from(products)
    .where(inArray(products.id, ids));
  return tagsOf(rows);
}

function tagsOf(rows: readonly ProductPlaces[]): string[] {
  if (rows.length === 0) return [];
  const tags = new Set<string>([pageTags.allProducts]);
  for (const row of rows) {
    tags.add(pageTags.product(row.id));
    for (const category of [row.category, row.sub_category]) if (category !== null) tags.add(pageTags.category(category));
    if (row.supplier !== null) tags.add(pageTags.vendor(row.supplier));
  }
  return [...tags];
}

/** What orders, cancellations and reviews drop: the products' stock and ratings, wherever they are shown. */
export async function productFiguresChange(db: Database, ids: number[]): Promise<Change> {
  return { reads: SHOWN_FIGURES, pages: await pagesShowing(db, ids) };
}

/** The same, for products whose categories and vendor the writer has just read (an order's lines): no query. */
export function productFiguresChangeOf(rows: readonly ProductPlaces[]): Change {
  return { reads: SHOWN_FIGURES, pages: tagsOf(rows) };
}

/** What an edit of products' own details drops (price, name, pictures, text), when where they are listed stays. */
export async function productDetailsChange(db: Database, ids: number[]): Promise<Change> {
  return { reads: WHOLE_CATALOGUE, pages: await pagesShowing(db, ids) };
}
