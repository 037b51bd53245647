/**
 * The store's commission rates by category. This module owns the commission_rates table: every rate ever set,
 * the latest per category counting. A category's rate is its own, else its parent's, else the rate of
 * everything else (the row with no category). The rates are a small map read once and kept in the read cache
 * (under a `categories:` key, so a change to the categories drops it too); setting a rate drops it, and the
 * pages that show the rates, on every instance.
 */
import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import { z } from 'zod';
import { getDb, type Database } from '../db/client';
import { categories, commissionRates } from '../db/schema';
import { cached, TTL } from '../cache/ttl-cache';
import { transactionWithPurge, type Change } from '../cache/purge';
import { pageTags } from '../cache/page-tags';
import { Invalid } from '../errors';
import { fieldRefusal, zodRefusal } from '../input-refusals';
import { message } from '../../lib/messages/message';
import type { SessionUser } from '../accounts/sessions';
import { basisPointsToPercent, percentToBasisPoints } from '../../lib/commission';

/** The name the API gives the rate of every category without one of its own. */
export const EVERYTHING_ELSE = 'Everything else';

/** The Sell page's starting rates, by top-level department, in basis points (migration 0020 sets the same). */
const STARTING_RATES: Record<string, number> = {
  'Phones & Tablets': 500,
  'TVs & Audio': 500,
  Supermarket: 500,
  Computing: 600,
  'Home & Kitchen': 800,
  Fashion: 1000,
  'Beauty & Health': 1000,
};

/** The rate of everything else when no row says otherwise (only a store whose rows were removed by hand). */
const FALLBACK_BASIS_POINTS = 800;

const RATES_KEY = 'categories:commission-rates';

/** What setting a rate drops: the cached rates and every page showing them (the Sell page in each language). */
const ratesChange: Change = { reads: [RATES_KEY], pages: [pageTags.commissionRates] };

/** The current rates: each category's own (by id), its parent, its name, and the rate of everything else. */
export type RateTable = {
  own: Record<number, number>;
  parentOf: Record<number, number | null>;
  names: Record<number, string>;
  everythingElse: number;
};

export type CommissionRate = { category_id: number | null; category: string; rate_percent: number };

/**
 * The current rates, from the read cache; read with `db` when the cache has none (the caller's transaction, as
 * PGlite's single connection waits for it to end before any other query).
 */
export function rateTable(db: Database): Promise<RateTable> {
  return cached(RATES_KEY, TTL.categories, () => readRateTable(db));
}

async function readRateTable(db: Database): Promise<RateTable> {
  const rows = await db
    .selectDistinctOn([commissionRates.category_id], { category_id: commissionRates.category_id, basis_points: commissionRates.basis_points })
    .from(commissionRates)
    .orderBy(commissionRates.category_id, desc(commissionRates.id));
  const tree = await db.select({ id: categories.id, parent_id: categories.parent_id, name: categories.category }).from(categories);
  const table: RateTable = { own: {}, parentOf: {}, names: {}, everythingElse: FALLBACK_BASIS_POINTS };
  for (const row of rows) {
    if (row.category_id === null) table.everythingElse = row.basis_points;
    else table.own[row.category_id] = row.basis_points;
  }
  for (const category of tree) {
    table.parentOf[category.id] = category.parent_id;
    table.names[category.id] = category.name;
  }
  return table;
}

/** The rate of a category (its own, else its parent's, else everything else's), in basis points. */
export function rateOf(table: RateTable, categoryId: number | null | undefined): number {
  let id = categoryId ?? null;
  for (let depth = 0; id !== null && depth < 5; depth++) {
    const own = table.own[id];
    if (own !== undefined) return own;
    id = table.parentOf[id] ?? null;
  }
  return table.everythingElse;
}

/** The rate of a product: its sub-category's when it has one (which falls back to its department's). */
export const rateOfProduct = (table: RateTable, product: { category: number | null; sub_category: number | null }) =>
  rateOf(table, product.sub_category ?? product.category);

/** Every category with a rate of its own, then everything else's. */
export async function listCommissionRates(): Promise<CommissionRate[]> {
  const table = await rateTable(await getDb());
  const own = Object.entries(table.own)
    .map(([id, basisPoints]) => ({ category_id: Number(id), category: table.names[Number(id)] ?? '', rate_percent: basisPointsToPercent(basisPoints) }))
    .sort((a, b) => a.category_id - b.category_id);
  return [...own, { category_id: null, category: EVERYTHING_ELSE, rate_percent: basisPointsToPercent(table.everythingElse) }];
}

const rateSchema = z.object({
  category_id: z.union([z.null(), z.coerce.number().int().positive('must be a category id')], { error: 'must be a category id or null' }),
  rate_percent: z.unknown().transform((value, context) => {
    const read = percentToBasisPoints(value);
    if ('problem' in read) {
      context.addIssue({ code: 'custom', message: read.problem });
      return z.NEVER;
    }
    return read.basisPoints;
  }),
});

/**
 * An administrator sets a category's rate (null: everything else's). It applies to orders placed from now on:
 * each order line keeps the rate it was placed under.
 */
export async function setCommissionRate(admin: SessionUser, body: Record<string, unknown>): Promise<CommissionRate> {
  const parsed = rateSchema.safeParse({ category_id: body.category_id === '' ? null : (body.category_id ?? null), rate_percent: body.rate_percent });
  if (!parsed.success) throw new Invalid(zodRefusal(parsed.error));
  const { category_id, rate_percent: basisPoints } = parsed.data;
  const db = await getDb();
  const name = await transactionWithPurge(db, async (tx, changed) => {
    let categoryName = EVERYTHING_ELSE;
    if (category_id !== null) {
      const [category] = await tx.select({ name: categories.category }).from(categories).where(eq(categories.id, category_id));
      if (!category) throw new Invalid(fieldRefusal('category_id', message('content', 'noSuchCategory')));
      categoryName = category.name;
    }
    await tx.insert(commissionRates).values({ category_id, basis_points: basisPoints, set_by: admin.id });
    changed(ratesChange);
    return categoryName;
  });
  return { category_id, category: name, rate_percent: basisPointsToPercent(basisPoints) };
}

/**
 * Gives the departments the Sell page names their starting rates, where they have none yet: the demo catalogue
 * creates its categories after the migrations ran, so the migration found none of them.
 */
export async function setStartingRates(tx: Database): Promise<void> {
  const departments = await tx
    .select({ id: categories.id, name: categories.category })
    .from(categories)
    .where(and(isNull(categories.parent_id), inArray(categories.category, Object.keys(STARTING_RATES))));
  const rated = new Set((await tx.select({ id: commissionRates.category_id }).from(commissionRates)).map((row) => row.id));
  const missing = departments.filter((department) => !rated.has(department.id));
  if (missing.length > 0)
    await tx.insert(commissionRates).values(missing.map((department) => ({ category_id: department.id, basis_points: STARTING_RATES[department.name]! })));
  if (!rated.has(null)) await tx.insert(commissionRates).values({ category_id: null, basis_points: FALLBACK_BASIS_POINTS });
}
