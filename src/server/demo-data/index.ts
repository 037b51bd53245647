/**
 * The demo catalogue: categories, vendors, buyers, delivery locations, products and reviews, generated from
 * the data files of catalogue/ (read by catalogue.ts) and inserted in one transaction.
 * Deterministic for a given seed: every random choice comes from seeded streams and every timestamp is
 * measured back from a fixed reference date, so two runs with the same seed produce identical rows.
 */
import { asc, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { categories, deliveryLocations, products, reviews, users } from '../db/schema';
import { hashPassword } from '../accounts/passwords';
import { refreshSearchIndex } from '../search/product-search';
import { setStartingRates } from '../payouts/commission';
import { writeCatalogueWords } from '../catalog/catalogue-words';
import { CATALOGUE_WORD_KINDS } from '../../lib/catalogue-names';
import { insertDeliveredOrders } from './orders';
import { demoCatalogue, type ParentCategorySeed } from './catalogue';
import { CATALOGUE_AGE_DAYS, daysAgo } from './dates';
import { DEMO_ACCOUNTS } from './demo-accounts';
import { bannerImageName, categoryImageName, generateImages } from './images';
import { buyerRow, UniqueNames, vendorRow } from './people';
import { categoryChoices, MAX_REVIEWS_PER_PRODUCT, pickPositions, productReviews, productRow, vendorPools, type CatalogueContext } from './products';
import { hashString, Random } from './random';

export type SeedOptions = {
  seed?: number;
  products?: number;
  onProgress?: (done: number, total: number, stage: string) => void;
};

export type SeedSummary = {
  categories: number;
  vendors: number;
  products: number;
  reviews: number;
  /** All user rows: vendors and buyers. */
  users: number;
  deliveryLocations: number;
};

type ProductInsert = typeof products.$inferInsert;
type ReviewInsert = typeof reviews.$inferInsert;

const BATCH_SIZE = 1_000;
const AVERAGE_REVIEWS_PER_PRODUCT = MAX_REVIEWS_PER_PRODUCT / 2;
/** The first products of the catalogue all get 0–12 reviews… */
const FULLY_REVIEWED_PRODUCTS = 1_000;
/** …and beyond them reviews thin out so big catalogues stay around this many. */
const REVIEW_BUDGET = 20_000;

/** Independent random streams, so changing how one stage draws numbers never shifts another's rows. */
const streamFor = (seed: number, stage: string) => new Random(hashString(`${seed}:${stage}`));

type CategoryIds = Map<string, number>;

async function insertCategories(db: Database, tree: readonly ParentCategorySeed[]): Promise<CategoryIds> {
  const created = daysAgo(CATALOGUE_AGE_DAYS + 120);
  const ids: CategoryIds = new Map();
  const parentRows = await db
    .insert(categories)
    .values(
      tree.map((parent) => ({
        category: parent.name,
        image: categoryImageName(parent.slug),
        banner_image: bannerImageName(parent.slug),
        show_in_banner: parent.showInBanner ? 'Yes' : 'No',
        show_in_categories: parent.showInCategories ? 'Yes' : 'No',
        attributes: parent.attributes,
        is_parent: 'Yes',
        created_at: created,
        updated_at: created,
      })),
    )
    .returning({ id: categories.id });
  tree.forEach((parent, i) => ids.set(parent.slug, parentRows[i]!.id));

  const children = tree.flatMap((parent) => parent.children.map((child) => ({ parent, child })));
  const childRows = await db
    .insert(categories)
    .values(
      children.map(({ parent, child }) => ({
        category: child.name,
        image: categoryImageName(child.slug),
        banner_image: bannerImageName(parent.slug),
        attributes: child.attributes,
        parent_id: ids.get(parent.slug)!,
        created_at: created,
        updated_at: created,
      })),
    )
    .returning({ id: categories.id });
  children.forEach(({ child }, i) => ids.set(child.slug, childRows[i]!.id));
  return ids;
}

async function insertInBatches<T>(rows: T[], insert: (batch: T[]) => Promise<unknown>, onBatch: (done: number) => void): Promise<void> {
  for (let start = 0; start < rows.length; start += BATCH_SIZE) {
    const batch = rows.slice(start, start + BATCH_SIZE);
    await insert(batch);
    onBatch(start + batch.length);
  }
}

/** True when the database has no categories yet, i.e. no catalogue at all. */
export async function isDatabaseEmpty(db: Database): Promise<boolean> {
  const [row] = await db.select({ id: categories.id }).from(categories).limit(1);
  return row === undefined;
}

type Catalogue = ReturnType<typeof demoCatalogue>;
type Report = NonNullable<SeedOptions['onProgress']>;
type DemoPasswords = Record<keyof typeof DEMO_ACCOUNTS, string>;
type Buyer = { id: number; name: string; phone: string };

/** Hashed before the transaction opens: hashing is slow on purpose. */
async function hashDemoPasswords(): Promise<DemoPasswords> {
  const [admin, vendor, marketer] = await Promise.all([
    hashPassword(DEMO_ACCOUNTS.admin.password, 'background'),
    hashPassword(DEMO_ACCOUNTS.vendor.password, 'background'),
    hashPassword(DEMO_ACCOUNTS.marketer.password, 'background'),
  ]);
  return { admin, vendor, marketer };
}

/** The vendors (the first approved, active one is the demo vendor), the buyers, and the demo administrator and marketer. */
async function insertPeople(db: Database, seed: number, catalogue: Catalogue, productCount: number, passwords: DemoPasswords) {
  const userRng = streamFor(seed, 'users');
  const logins = new UniqueNames();
  const vendorRows = catalogue.vendors.map((vendor) => vendorRow(userRng, vendor, logins, catalogue.licenceAuthorities));
  const demoVendor = vendorRows.find((vendor) => vendor.approved === 1 && vendor.status === 'Active')!;
  Object.assign(demoVendor, { email: DEMO_ACCOUNTS.vendor.email, password_hash: passwords.vendor });
  const buyerCount = Math.min(300, Math.max(40, Math.round(productCount / 15)));
  const buyerRows = Array.from({ length: buyerCount }, () => buyerRow(userRng, logins, catalogue.buyers));
  const vendorIds = (await db.insert(users).values(vendorRows).returning({ id: users.id })).map((row) => row.id);
  const buyerIds = (await db.insert(users).values(buyerRows).returning({ id: users.id })).map((row) => row.id);
  await db.insert(users).values({
    username: DEMO_ACCOUNTS.admin.email,
    email: DEMO_ACCOUNTS.admin.email,
    password_hash: passwords.admin,
    first_name: 'Demo',
    last_name: 'Administrator',
    user_type: 'Admin',
  });
  await db.insert(users).values({
    username: DEMO_ACCOUNTS.marketer.email,
    email: DEMO_ACCOUNTS.marketer.email,
    password_hash: passwords.marketer,
    first_name: 'Sarah',
    last_name: 'Namuli',
    user_type: 'Customer',
    marketer: 1,
  });
  const buyers: Buyer[] = buyerRows.map((row, i) => ({ id: buyerIds[i]!, name: `${row.first_name} ${row.last_name}`, phone: row.phone_number ?? '' }));
  return { vendorIds, demoVendorId: vendorIds[vendorRows.indexOf(demoVendor)]!, buyers, count: vendorRows.length + buyerRows.length + 2 };
}

async function insertDeliveryLocations(db: Database, catalogue: Catalogue): Promise<void> {
  const created = daysAgo(CATALOGUE_AGE_DAYS + 120);
  await db.insert(deliveryLocations).values(
    catalogue.deliveryLocations.map((location) => ({
      name: location.name,
      region: location.region,
      delivery_fee: location.fee,
      delivery_days_min: location.days[0],
      delivery_days_max: location.days[1],
      created_at: created,
    })),
  );
}

/**
 * The products in batches, each with its reviews (every one of the first products, fewer beyond them so the
 * total stays near the budget), then each product's review count and average. Returns how many reviews.
 */
async function insertProductsAndReviews(
  db: Database,
  seed: number,
  context: CatalogueContext,
  productCount: number,
  buyerIds: number[],
  comments: Catalogue['reviewComments'],
  report: Report,
): Promise<number> {
  const productRng = streamFor(seed, 'products');
  const reviewRng = streamFor(seed, 'reviews');
  const laterProducts = Math.max(0, productCount - FULLY_REVIEWED_PRODUCTS);
  const laterReviewShare =
    laterProducts === 0
      ? 0
      : Math.min(1, (REVIEW_BUDGET - FULLY_REVIEWED_PRODUCTS * AVERAGE_REVIEWS_PER_PRODUCT) / (laterProducts * AVERAGE_REVIEWS_PER_PRODUCT));
  const reviewRows: ReviewInsert[] = [];

  for (let start = 0; start < productCount; start += BATCH_SIZE) {
    const rows: ProductInsert[] = [];
    for (let position = start; position < Math.min(productCount, start + BATCH_SIZE); position++) rows.push(productRow(productRng, position, context));
    const inserted = await db.insert(products).values(rows).returning({ id: products.id });
    // Serial ids follow the VALUES order; sorting guards against a driver returning rows reordered.
    const ids = inserted.map((row) => row.id).sort((a, b) => a - b);
    rows.forEach((row, i) => {
      const position = start + i;
      if (position >= FULLY_REVIEWED_PRODUCTS && !reviewRng.chance(laterReviewShare)) return;
      for (const review of productReviews(reviewRng, row.created_at!, buyerIds, comments)) reviewRows.push({ ...review, product_id: ids[i]! });
    });
    report(start + rows.length, productCount, 'products');
  }

  await insertInBatches(
    reviewRows,
    (batch) => db.insert(reviews).values(batch),
    (done) => report(done, reviewRows.length, 'reviews'),
  );

  await db.execute(sql`
    UPDATE ${products} SET review_count = stats.review_count, average_rating = stats.average_rating
    FROM (
      SELECT product_id, count(*)::int AS review_count, round(avg(rating)::numeric, 1)::real AS average_rating
      FROM ${reviews} GROUP BY product_id
    ) AS stats
    WHERE ${products.id} = stats.product_id`);
  report(1, 1, 'ratings');
  return reviewRows.length;
}

/** Fills an empty database with the demo catalogue and returns how many rows of each kind it added. */
export async function seedDatabase(db: Database, options: SeedOptions = {}): Promise<SeedSummary> {
  const seed = options.seed ?? 1;
  const productCount = options.products ?? 600;
  const report = options.onProgress ?? (() => {});
  if (!Number.isInteger(seed)) throw new Error(`The seed must be an integer, got ${seed}`);
  if (!Number.isInteger(productCount) || productCount < 0) throw new Error(`The product count must be a whole number, got ${productCount}`);

  const catalogue = demoCatalogue();
  const imagePool = await generateImages(catalogue.categories, catalogue.pictures, (done, total) => report(done, total, 'images'));
  const passwords = await hashDemoPasswords();

  const summary = await db.transaction(async (tx) => {
    const categoryIds = await insertCategories(tx, catalogue.categories);
    await setStartingRates(tx);
    report(categoryIds.size, categoryIds.size, 'categories');

    const people = await insertPeople(tx, seed, catalogue, productCount, passwords);
    report(people.count, people.count, 'users');
    await insertDeliveryLocations(tx, catalogue);
    await writeCatalogueWords(
      tx,
      CATALOGUE_WORD_KINDS.flatMap((kind) => Object.entries(catalogue.words[kind]).map(([english, names]) => ({ kind, english, ...names }))),
    );

    const homeRng = streamFor(seed, 'home');
    const context: CatalogueContext = {
      categoryIds,
      categories: categoryChoices(catalogue.categories),
      imagePool,
      vendors: vendorPools(catalogue.categories, catalogue.vendors, people.vendorIds),
      homeSections: [pickPositions(homeRng, productCount), pickPositions(homeRng, productCount), pickPositions(homeRng, productCount)],
      texts: catalogue.productTexts,
    };
    const reviewCount = await insertProductsAndReviews(
      tx,
      seed,
      context,
      productCount,
      people.buyers.map((buyer) => buyer.id),
      catalogue.reviewComments,
      report,
    );

    const [firstLocation] = catalogue.deliveryLocations;
    const [location] = await tx.select({ id: deliveryLocations.id }).from(deliveryLocations).orderBy(asc(deliveryLocations.id)).limit(1);
    await insertDeliveredOrders(tx, streamFor(seed, 'orders'), {
      vendorId: people.demoVendorId,
      buyers: people.buyers,
      location: { id: location!.id, fee: firstLocation!.fee },
    });
    report(1, 1, 'orders');

    return {
      categories: categoryIds.size,
      vendors: catalogue.vendors.length,
      products: productCount,
      reviews: reviewCount,
      users: people.count,
      deliveryLocations: catalogue.deliveryLocations.length,
    };
  });
  await refreshSearchIndex(db);
  report(1, 1, 'search index');
  // Fresh statistics and visibility map, or the planner guesses a handful of rows and scans everything.
  await db.execute(sql`VACUUM ANALYZE`);
  report(1, 1, 'statistics');
  return summary;
}
