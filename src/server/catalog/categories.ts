/** Categories: the parent/child tree with item counts. This module owns the categories table. */
import { asc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { getDb } from '../db/client';
import { categories, products } from '../db/schema';
import { cached, TTL } from '../cache/ttl-cache';
import { messages } from '../../lib/messages';
import { notFound } from '../http/errors';

type CategoryRow = typeof categories.$inferSelect;

/** A category as the API gives it: parent_text is the parent's name, category_text the count as 'N+'. */
export type ApiCategory = CategoryRow & {
  parent_text: string;
  category_text: string;
  product_count: number;
};

export type ApiCategoryDetails = ApiCategory & { children: ApiCategory[] };

const parents = alias(categories, 'parents');

export function itemCountText(count: number): string {
  return `${count}+`;
}

/** All categories, parents first then children, each with its count of active products. */
export async function listCategories(): Promise<ApiCategory[]> {
  return cached('categories:list', TTL.categories, async () => {
    const db = await getDb();
    const counts = db
      .select({
        category_id: sql<number>`unnest(ARRAY[${products.category}, ${products.sub_category}])`.as('category_id'),
      })
      .from(products)
      .where(sql`${products.status} = 1 AND ${products.deleted_at} IS NULL`)
      .as('counts');
    const countByCategory = db
      .select({ category_id: counts.category_id, n: sql<number>`count(*)::int`.as('n') })
      .from(counts)
      .groupBy(counts.category_id)
      .as('count_by_category');
    const rows = await db
      .select({
        category: categories,
        parent_text: sql<string>`coalesce(${parents.category}, '')`,
        product_count: sql<number>`coalesce(${countByCategory.n}, 0)`,
      })
      .from(categories)
      .leftJoin(parents, eq(parents.id, categories.parent_id))
      .leftJoin(countByCategory, eq(countByCategory.category_id, categories.id))
      .orderBy(sql`${categories.parent_id} NULLS FIRST`, asc(categories.id));
    return rows.map(({ category, parent_text, product_count }) => ({
      ...category,
      parent_text,
      product_count,
      category_text: itemCountText(product_count),
    }));
  });
}

export async function getCategory(id: number): Promise<ApiCategoryDetails> {
  const all = await listCategories();
  const category = all.find((c) => c.id === id);
  if (!category) throw notFound(messages.categoryNotFound);
  return { ...category, children: all.filter((c) => c.parent_id === id) };
}

