/**
 * Categories: the parent/child tree (two levels: parents and their children) with item counts, and its
 * changes by administrators. This module owns the categories table.
 */
import { and, asc, count, eq, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { getDb, type Database } from '../db/client';
import { categories, products } from '../db/schema';
import { cached, TTL } from '../cache/ttl-cache';
import { Conflict, Invalid, NotFound } from '../errors';
import { removeStoredImages, storeImageFields } from '../media/uploads';
import { blankAsNull, parsePresentFields, rowIdSchema, yesNo } from '../input-fields';
import { fieldRefusal } from '../input-refusals';
import { countProductsInCategory, moveCategoryProducts } from './products';
import { catalogueChange } from './catalogue-changes';
import { catalogueNames, renameCatalogueWord } from './catalogue-words';
import { transactionWithPurge } from '../cache/purge';
import { indexCategoryName } from '../search/product-search';
import { message } from '../../lib/messages/message';
import { catalogueName } from '../../lib/catalogue-names';
import type { Language } from '../../lib/i18n/languages';

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

/**
 * All categories, parents first then children, each with its count of active products; named in `language`
 * (`category` and `parent_text`) where a translation exists, as a page in that language shows them. The API
 * and the administrators' screens list them as stored, in English.
 */
export async function listCategories(language: Language = 'en'): Promise<ApiCategory[]> {
  const stored = await storedCategories();
  if (language === 'en') return stored;
  const names = await catalogueNames(language);
  return stored.map((row) => ({
    ...row,
    category: catalogueName(names, 'category', row.category),
    parent_text: row.parent_text && catalogueName(names, 'category', row.parent_text),
  }));
}

async function storedCategories(): Promise<ApiCategory[]> {
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
  if (!category) throw new NotFound(message('category', 'notFound'));
  return { ...category, children: all.filter((c) => c.parent_id === id) };
}

/** Where a product goes: a parent category and, optionally, one of its children. Naming a child alone places it under its parent. */
export async function placeInCategory(
  db: Database,
  categoryId: number,
  subCategoryId: number | null,
): Promise<{ category: number; sub_category: number | null }> {
  const [chosen] = await db.select().from(categories).where(eq(categories.id, categoryId));
  if (!chosen) throw new Invalid(message('category', 'noSuchCategory'));
  if (chosen.parent_id !== null) {
    if (subCategoryId !== null && subCategoryId !== chosen.id) throw new Invalid(message('category', 'notASubcategory'));
    return { category: chosen.parent_id, sub_category: chosen.id };
  }
  if (subCategoryId === null) return { category: chosen.id, sub_category: null };
  const [child] = await db.select({ parent_id: categories.parent_id }).from(categories).where(eq(categories.id, subCategoryId));
  if (!child || child.parent_id !== chosen.id) throw new Invalid(message('category', 'notASubcategory'));
  return { category: chosen.id, sub_category: subCategoryId };
}

const categoryFieldsSchema = z.object({
  category: z.string({ error: 'must be text' }).trim().min(2, { error: 'must be at least 2 characters' }).max(80, { error: 'must be at most 80 characters' }),
  show_in_banner: yesNo,
  show_in_categories: yesNo,
  is_parent: yesNo,
  parent_id: z.preprocess(blankAsNull, rowIdSchema('must be a category id').nullable()),
  attributes: z.preprocess(
    (value) => {
      if (typeof value !== 'string') return value;
      try {
        return JSON.parse(value);
      } catch {
        return value
          .split(',')
          .map((part) => part.trim())
          .filter(Boolean);
      }
    },
    z.array(z.string().trim().min(1).max(60), { error: 'must be a list of attribute names' }).max(30, { error: 'at most 30 attributes' }),
  ),
});

function parseCategoryChanges(body: Record<string, unknown>) {
  return parsePresentFields(categoryFieldsSchema, body);
}

const CATEGORY_IMAGES = ['image', 'banner_image'] as const;

/**
 * The tree's rules for where a category sits: a parent (is_parent Yes) has no parent_id; a child's
 * parent is a parent category, never itself; a category with children cannot go under another.
 */
async function checkPlace(db: Database, id: number | null, next: { category: string; is_parent: string; parent_id: number | null }): Promise<void> {
  if (next.is_parent === 'Yes' && next.parent_id !== null) throw new Invalid(message('category', 'parentWithParent'));
  if (next.parent_id !== null) {
    if (next.parent_id === id) throw new Invalid(message('category', 'ownParent'));
    const [parent] = await db.select().from(categories).where(eq(categories.id, next.parent_id));
    if (!parent) throw new Invalid(message('category', 'noSuchParent'));
    if (parent.parent_id !== null || parent.is_parent !== 'Yes') throw new Invalid(message('category', 'notAParent', parent.category));
    if (id !== null) {
      const [children] = await db.select({ n: count() }).from(categories).where(eq(categories.parent_id, id));
      if (children && children.n > 0) throw new Conflict(message('category', 'cannotGoUnder', children.n));
    }
  }
  const siblings = await db
    .select({ id: categories.id })
    .from(categories)
    .where(
      and(
        sql`lower(${categories.category}) = lower(${next.category})`,
        next.parent_id === null ? sql`${categories.parent_id} IS NULL` : eq(categories.parent_id, next.parent_id),
        id === null ? undefined : ne(categories.id, id),
      ),
    );
  if (siblings.length > 0) throw new Conflict(message('category', 'nameTaken', next.category));
}

export async function createCategory(body: Record<string, unknown>): Promise<CategoryRow> {
  const changes = parseCategoryChanges(body);
  if (changes.category === undefined) throw new Invalid(fieldRefusal('category', message('field', 'required')));
  const parent_id = changes.parent_id ?? null;
  const next = { ...changes, category: changes.category, parent_id, is_parent: changes.is_parent ?? (parent_id === null ? 'Yes' : 'No') };
  const db = await getDb();
  await checkPlace(db, null, next);
  const images = await storeImageFields(body, CATEGORY_IMAGES, 'category');
  try {
    const row = await transactionWithPurge(db, async (tx, changed) => {
      changed(catalogueChange);
      const [created] = await tx
        .insert(categories)
        .values({ ...next, ...images })
        .returning();
      await indexCategoryName(tx, next.category);
      return created;
    });
    return row!;
  } catch (error) {
    await removeStoredImages(Object.values(images));
    throw error;
  }
}

export async function updateCategory(id: number, body: Record<string, unknown>): Promise<CategoryRow> {
  const changes = parseCategoryChanges(body);
  const db = await getDb();
  const [current] = await db.select().from(categories).where(eq(categories.id, id));
  if (!current) throw new NotFound(message('category', 'notFound'));
  const parent_id = changes.parent_id === undefined ? current.parent_id : changes.parent_id;
  const is_parent = changes.is_parent ?? (changes.parent_id === undefined ? current.is_parent : parent_id === null ? 'Yes' : 'No');
  const next = { ...current, ...changes, parent_id, is_parent };
  await checkPlace(db, id, next);
  const images = await storeImageFields(body, CATEGORY_IMAGES, 'category');
  try {
    const row = await transactionWithPurge(db, async (tx, changed) => {
      changed(catalogueChange);
      const [updated] = await tx
        .update(categories)
        .set({ ...changes, parent_id, is_parent, ...images, updated_at: new Date() })
        .where(eq(categories.id, id))
        .returning();
      if (next.category !== current.category) {
        await indexCategoryName(tx, next.category);
        const [namesake] = await tx
          .select({ id: categories.id })
          .from(categories)
          .where(and(eq(categories.category, current.category), ne(categories.id, id)))
          .limit(1);
        if (!namesake) await renameCatalogueWord(tx, 'category', current.category, next.category);
      }
      // Products follow their category when it moves in the tree.
      if (parent_id !== current.parent_id)
        await moveCategoryProducts(tx, id, parent_id === null ? { category: id, sub_category: null } : { category: parent_id, sub_category: id });
      return updated!;
    });
    return row;
  } catch (error) {
    await removeStoredImages(Object.values(images));
    throw error;
  }
}

/**
 * Deletes a category that holds nothing: its subcategories must be moved or deleted first, and its
 * products (withdrawn ones too) moved, here by naming move_products_to.
 */
export async function deleteCategory(id: number, body: Record<string, unknown>): Promise<{ id: number; moved_products: number }> {
  const db = await getDb();
  const [current] = await db.select().from(categories).where(eq(categories.id, id));
  if (!current) throw new NotFound(message('category', 'notFound'));
  const [children] = await db.select({ n: count() }).from(categories).where(eq(categories.parent_id, id));
  if (children && children.n > 0) throw new Conflict(message('category', 'hasSubcategories', children.n));

  const target = blankAsNull(body.move_products_to);
  const deleted = await transactionWithPurge(db, async (tx, changed) => {
    changed(catalogueChange);
    const held = await countProductsInCategory(tx, id);
    let moved = 0;
    if (held > 0) {
      if (target === null || target === undefined) {
        throw new Conflict(message('category', 'hasProducts', held));
      }
      const targetId = Number(target);
      if (!Number.isInteger(targetId) || targetId < 1 || targetId === id) throw new Invalid(message('category', 'moveToAnother'));
      moved = await moveCategoryProducts(tx, id, await placeInCategory(tx, targetId, null));
    }
    await tx.delete(categories).where(eq(categories.id, id));
    return { id, moved_products: moved };
  });
  return deleted;
}
