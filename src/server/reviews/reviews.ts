/**
 * Product reviews. This module owns the reviews table. One review per user and product; only its author
 * changes it. Every write recounts the product's review_count and average_rating in the same transaction,
 * with the product's row locked so two writes at once cannot each count without the other.
 */
import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { getDb, preparedOnce, type Database } from '../db/client';
import { reviews, users } from '../db/schema';
import { Forbidden, Invalid, NotFound } from '../errors';
import { productIdFrom } from '../input-fields';
import { MAX_PAGE, wholeNumber } from '../catalog/product-query';
import { findProduct, lockActiveProduct, setProductRating } from '../catalog/products';
import { productFiguresChange } from '../catalog/catalogue-changes';
import { transactionWithPurge } from '../cache/purge';
import { hasOrderedProduct } from '../orders/orders';
import type { SessionUser } from '../accounts/sessions';
import { isAdmin } from '../accounts/roles';
import { lastPage, pageWindow } from '../../lib/pagination';
import {
  MAX_REVIEWS_PER_PAGE,
  REVIEW_SORT_ALIASES,
  REVIEW_SORTS,
  REVIEWS_PER_PAGE,
  ratingBreakdown,
  reviewerName,
  reviewInputProblem,
  type ProductRating,
  type Review,
  type ReviewInput,
  type ReviewPage,
  type ReviewSort,
  type ReviewStats,
  type WrittenReview,
} from '../../lib/review-rules';
import { message, type Message } from '../../lib/messages/message';

export type ReviewQuery = { productId: number; page: number; perPage: number; sort: ReviewSort };

const listParams = z.object({
  page: wholeNumber(1, MAX_PAGE).default(1),
  per_page: wholeNumber(1, MAX_REVIEWS_PER_PAGE).default(REVIEWS_PER_PAGE),
  sort_by: z
    .preprocess(
      (sort) => (typeof sort === 'string' ? (Object.hasOwn(REVIEW_SORT_ALIASES, sort) ? REVIEW_SORT_ALIASES[sort] : sort) : sort),
      z.enum(REVIEW_SORTS, { error: `must be one of ${REVIEW_SORTS.join(', ')}` }),
    )
    .default('newest'),
});

/** Reads page, per_page and sort_by; the product comes from the caller (a query parameter or the path). */
export function parseReviewQuery(productId: number, params: URLSearchParams): ReviewQuery {
  const given = (name: string) => params.get(name) || undefined;
  const { page, per_page, sort_by } = listParams.parse({ page: given('page'), per_page: given('per_page'), sort_by: given('sort_by') });
  return { productId, page, perPage: per_page, sort: sort_by };
}

/** The product page's own review parameters (reviews_page, reviews_sort); anything odd gives the first page, newest first. */
export function productPageReviewQuery(productId: number, params: URLSearchParams): ReviewQuery {
  const parsed = listParams.safeParse({ page: params.get('reviews_page') || undefined, sort_by: params.get('reviews_sort') || undefined });
  const { page, sort_by } = parsed.success ? parsed.data : { page: 1, sort_by: 'newest' as const };
  return { productId, page, perPage: REVIEWS_PER_PAGE, sort: sort_by };
}

export function productIdParam(params: URLSearchParams): number {
  return productIdFrom(params.get('product_id') ?? undefined);
}

/** A rating (a number or a numeric text, as forms send it) and a comment, checked by the same rules the form uses. */
export function parseReviewInput(body: Record<string, unknown>): ReviewInput {
  const rating = typeof body.rating === 'string' && /^\s*\d+\s*$/.test(body.rating) ? Number(body.rating) : body.rating;
  const problem = reviewInputProblem(rating, body.comment);
  if (problem) throw new Invalid(problem);
  return { rating: rating as number, comment: (body.comment as string).trim() };
}

const reviewColumns = {
  id: reviews.id,
  product_id: reviews.product_id,
  user_id: reviews.user_id,
  first_name: users.first_name,
  last_name: users.last_name,
  avatar: users.avatar,
  rating: reviews.rating,
  comment: reviews.comment,
  verified_purchase: reviews.verified_purchase,
  helpful_count: reviews.helpful_count,
  created_at: reviews.created_at,
  updated_at: reviews.updated_at,
};

/** Reviews with their writers' names; `fields` to read more beside each (the product's figures). */
function selectReviews<Fields extends SelectedFields>(db: Database, fields: Fields) {
  return db.select(fields).from(reviews).innerJoin(users, eq(users.id, reviews.user_id));
}

type ReviewRow = Awaited<ReturnType<typeof selectReviews<typeof reviewColumns>>>[number];

function toReview({ first_name, last_name, avatar, verified_purchase, created_at, updated_at, ...row }: ReviewRow): Review {
  const name = reviewerName(first_name, last_name);
  return {
    ...row,
    user_name: name,
    user: { id: row.user_id, name, avatar },
    verified_purchase: verified_purchase === 1,
    created_at: created_at.toISOString(),
    updated_at: updated_at.toISOString(),
  };
}

const newestFirst = [desc(reviews.created_at), desc(reviews.id)];
const sortOrders: Record<ReviewSort, SQL[]> = {
  newest: newestFirst,
  oldest: [asc(reviews.created_at), asc(reviews.id)],
  highest: [desc(reviews.rating), ...newestFirst],
  lowest: [asc(reviews.rating), ...newestFirst],
  helpful: [desc(reviews.helpful_count), ...newestFirst],
};

async function requireActiveProduct(productId: number): Promise<void> {
  if (!(await findProduct(productId))) throw new NotFound(message('product', 'notFound'));
}

/** A page of a product's reviews in one order, each row with the figures over all of the product's reviews. */
function reviewsWithFiguresQuery(db: Database, sort: ReviewSort) {
  return selectReviews(db, { review: reviewColumns, stats: statsColumns(sql` OVER ()`) })
    .where(eq(reviews.product_id, sql.placeholder('productId')))
    .orderBy(...sortOrders[sort])
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare(`product_reviews_${sort}`);
}

const reviewsWithFigures = Object.fromEntries(REVIEW_SORTS.map((sort) => [sort, preparedOnce((db) => reviewsWithFiguresQuery(db, sort))])) as Record<
  ReviewSort,
  (db: Database) => ReturnType<typeof reviewsWithFiguresQuery>
>;

/**
 * One page of a product's reviews with the product's stats, which also give the page count. The stats come
 * with the page's rows (aggregates over the whole product); only a page past the last counts apart.
 */
export async function productReviews(query: ReviewQuery): Promise<{ page: ReviewPage; stats: ReviewStats }> {
  await requireActiveProduct(query.productId);
  const db = await getDb();
  const { offset, limit } = pageWindow(query.page, query.perPage);
  const rows = await reviewsWithFigures[query.sort](db).execute({ productId: query.productId, limit, offset });
  const stats = rows[0] ? toStats(rows[0].stats) : query.page === 1 ? toStats(undefined) : await countReviews(db, query.productId);
  const total = stats.total_reviews;
  return {
    page: {
      reviews: rows.map((row) => toReview(row.review)),
      pagination: { current_page: query.page, last_page: lastPage(total, query.perPage), per_page: query.perPage, total },
    },
    stats,
  };
}

export async function listReviews(query: ReviewQuery): Promise<ReviewPage> {
  return (await productReviews(query)).page;
}

export async function reviewStats(productId: number): Promise<ReviewStats> {
  await requireActiveProduct(productId);
  return countReviews(await getDb(), productId);
}

/** A product's review figures as aggregates; `over` (` OVER ()`) gives them beside each of its rows instead. */
function statsColumns(over = sql``) {
  const withRating = (rating: number) => sql<number>`(count(*) FILTER (WHERE ${reviews.rating} = ${rating})${over})::int`;
  return {
    total: sql<number>`(count(*)${over})::int`,
    average: sql<number>`coalesce(round((avg(${reviews.rating})${over})::numeric, 1), 0)::real`,
    five: withRating(5),
    four: withRating(4),
    three: withRating(3),
    two: withRating(2),
    one: withRating(1),
  };
}

type StatsRow = { [name in keyof ReturnType<typeof statsColumns>]: number };

function toStats(row: StatsRow | undefined): ReviewStats {
  return {
    total_reviews: row?.total ?? 0,
    average_rating: Number(row?.average ?? 0),
    rating_breakdown: ratingBreakdown({ 5: row?.five ?? 0, 4: row?.four ?? 0, 3: row?.three ?? 0, 2: row?.two ?? 0, 1: row?.one ?? 0 }),
  };
}

async function countReviews(db: Database, productId: number): Promise<ReviewStats> {
  const [row] = await db.select(statsColumns()).from(reviews).where(eq(reviews.product_id, productId));
  return toStats(row);
}

/** The user's review of the product, or null (always null for a guest). */
export async function findUserReview(userId: number | null, productId: number): Promise<Review | null> {
  await requireActiveProduct(productId);
  if (userId === null) return null;
  return reviewWhere(await getDb(), and(eq(reviews.user_id, userId), eq(reviews.product_id, productId))!);
}

async function reviewWhere(db: Database, where: SQL): Promise<Review | null> {
  const [row] = await selectReviews(db, reviewColumns).where(where).limit(1);
  return row ? toReview(row) : null;
}

/** Recounts the product's figures from its reviews and stores them on the product. */
async function recountProduct(db: Database, productId: number): Promise<ProductRating> {
  const stats = await countReviews(db, productId);
  const rating = { id: productId, review_count: stats.total_reviews, average_rating: stats.average_rating };
  await setProductRating(db, rating);
  return rating;
}

/**
 * Adds or changes the user's review and recounts the product, inside the caller's transaction. Whether
 * it is a verified purchase is decided again on every write.
 */
async function saveReview(tx: Database, userId: number, productId: number, input: ReviewInput, existingId: number | undefined): Promise<WrittenReview> {
  const values = { rating: input.rating, comment: input.comment, verified_purchase: (await hasOrderedProduct(tx, userId, productId)) ? 1 : 0 };
  const [written] =
    existingId === undefined
      ? await tx
          .insert(reviews)
          .values({ ...values, product_id: productId, user_id: userId })
          .returning({ id: reviews.id })
      : await tx
          .update(reviews)
          .set({ ...values, updated_at: new Date() })
          .where(eq(reviews.id, existingId))
          .returning({ id: reviews.id });
  const product = await recountProduct(tx, productId);
  return { ...(await reviewWhere(tx, eq(reviews.id, written!.id)))!, product };
}

/** Writes the user's review of a product: a first one is added, a second one updates the first (one per user and product). */
export async function submitReview(user: SessionUser, productId: number, input: ReviewInput): Promise<{ review: WrittenReview; created: boolean }> {
  const db = await getDb();
  return transactionWithPurge(db, async (tx, changed) => {
    if (!(await lockActiveProduct(tx, productId))) throw new NotFound(message('product', 'notFound'));
    const [existing] = await tx
      .select({ id: reviews.id })
      .from(reviews)
      .where(and(eq(reviews.user_id, user.id), eq(reviews.product_id, productId)));
    changed(await productFiguresChange(tx, [productId]));
    return { review: await saveReview(tx, user.id, productId, input, existing?.id), created: !existing };
  });
}

/** The review, locked with its product for a write by its author; refuses anyone else. */
/** A review the user may act on: their own, or (moderating, when allowed) anyone's for an administrator. */
async function authorsReview(db: Database, user: SessionUser, reviewId: number, notYours: Message, { moderating = false } = {}) {
  const [review] = await db.select({ product_id: reviews.product_id, user_id: reviews.user_id }).from(reviews).where(eq(reviews.id, reviewId));
  if (!review) throw new NotFound(message('review', 'notFound'));
  if (review.user_id !== user.id && !(moderating && isAdmin(user))) throw new Forbidden(notYours);
  await lockActiveProduct(db, review.product_id);
  return review;
}

/** PUT reviews/{id}: only its author may, which is checked before what they sent is read. */
export async function updateReview(user: SessionUser, reviewId: number, body: Record<string, unknown>): Promise<WrittenReview> {
  const db = await getDb();
  return transactionWithPurge(db, async (tx, changed) => {
    const { product_id } = await authorsReview(tx, user, reviewId, message('review', 'notYoursToChange'));
    changed(await productFiguresChange(tx, [product_id]));
    return saveReview(tx, user.id, product_id, parseReviewInput(body), reviewId);
  });
}

export async function deleteReview(user: SessionUser, reviewId: number): Promise<{ id: number; product: ProductRating }> {
  const db = await getDb();
  return transactionWithPurge(db, async (tx, changed) => {
    const { product_id } = await authorsReview(tx, user, reviewId, message('review', 'notYoursToDelete'), { moderating: true });
    await tx.delete(reviews).where(eq(reviews.id, reviewId));
    changed(await productFiguresChange(tx, [product_id]));
    return { id: reviewId, product: await recountProduct(tx, product_id) };
  });
}
