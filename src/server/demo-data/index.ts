/**
 * The demo catalogue: categories, vendors, buyers, delivery locations, products and reviews.
 * Deterministic for a given seed: every random choice comes from seeded streams and every timestamp is
 * measured back from a fixed reference date, so two runs with the same seed produce identical rows.
 */
import { is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client';
import * as schema from '../db/schema';
import { categories, deliveryLocations, products, reviews, users, type ProductAttribute, type ProductVariants } from '../db/schema';
import {
  BUYER_FIRST_NAMES,
  BUYER_SURNAMES,
  CATEGORY_TREE,
  DELIVERY_LOCATIONS,
  describeProduct,
  RESIDENTIAL_AREAS,
  REVIEW_COMMENTS,
  UNBRANDED,
  VENDORS,
  type ChildCategorySeed,
  type ParentCategorySeed,
  type ProductLine,
  type VendorSeed,
} from './data';
import { slugify } from '../../lib/slug';
import { bannerImageName, categoryImageName, generateImages, type ImagePool } from './images';
import { hashString, Random } from './random';
import { IMAGES_DIR } from '../media/storage';
import { refreshSearchIndex } from '../search/product-search';
import { hashPassword } from '../accounts/passwords';

import { DEMO_ACCOUNTS } from './demo-accounts';

export { DEMO_ACCOUNTS };

export type SeedOptions = {
  seed?: number;
  products?: number;
  imagesDir?: string;
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

type UserInsert = typeof users.$inferInsert;
type ProductInsert = typeof products.$inferInsert;
type ReviewInsert = typeof reviews.$inferInsert;

const REFERENCE_DATE = Date.UTC(2026, 10, 1);
const DAY_MS = 86_400_000;
const CATALOGUE_AGE_DAYS = 400;
const BATCH_SIZE = 1_000;
const HOME_SECTION_SIZE = 36;
const MAX_REVIEWS_PER_PRODUCT = 12;
const AVERAGE_REVIEWS_PER_PRODUCT = MAX_REVIEWS_PER_PRODUCT / 2;
/** The first products of the catalogue all get 0–12 reviews… */
const FULLY_REVIEWED_PRODUCTS = 1_000;
/** …and beyond them reviews thin out so big catalogues stay around this many. */
const REVIEW_BUDGET = 20_000;

/** Independent random streams, so changing how one stage draws numbers never shifts another's rows. */
const streamFor = (seed: number, stage: string) => new Random(hashString(`${seed}:${stage}`));

const daysAgo = (days: number) => new Date(REFERENCE_DATE - days * DAY_MS);
const isoDate = (date: Date) => date.toISOString().slice(0, 10);
/** A moment uniformly between `from` and the reference date, to the second. */
const momentAfter = (rng: Random, from: Date) => new Date(Math.floor((from.getTime() + rng.next() * (REFERENCE_DATE - from.getTime())) / 1000) * 1000);

const birthDate = (rng: Random, year: number) => `${year}-${String(rng.int(1, 12)).padStart(2, '0')}-${String(rng.int(1, 28)).padStart(2, '0')}`;

function ugandanPhone(rng: Random): string {
  const digits = () => String(rng.int(0, 999)).padStart(3, '0');
  return `+256 7${rng.pick(['0', '4', '5', '6', '7', '8'])}${rng.int(0, 9)} ${digits()} ${digits()}`;
}

function nationalId(rng: Random, sex: 'Male' | 'Female', birthYear: number): string {
  const letters = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
  const tail = `${rng.pick([...letters])}${rng.pick([...letters])}`;
  const digits = Array.from({ length: 10 }, () => rng.int(0, 9)).join('');
  return `${sex === 'Male' ? 'CM' : 'CF'}${String(birthYear % 100).padStart(2, '0')}${digits}${tail}`;
}

/** Retail-looking price steps: 500s below 20,000, then 1,000s, 5,000s and 10,000s. */
const priceStep = (value: number) => (value < 20_000 ? 500 : value < 200_000 ? 1_000 : value < 1_000_000 ? 5_000 : 10_000);

function roundPrice(value: number): number {
  const step = priceStep(value);
  return Math.max(step, Math.round(value / step) * step);
}

/** An earlier, higher price 10–45% above the current one (never equal to it after rounding). */
const oldPriceFor = (rng: Random, price: number) => Math.max(roundPrice(price * (1.1 + rng.next() * 0.35)), price + priceStep(price));

/** Models are listed cheapest first, so each gets its slice of the line's range (with a little overlap). */
function modelPrice(rng: Random, line: ProductLine, modelIndex: number): number {
  const [min, max] = line.price;
  const slice = (max - min) / line.models.length;
  const low = Math.max(min, min + slice * (modelIndex - 0.1));
  const high = Math.min(max, min + slice * (modelIndex + 1.1));
  return roundPrice(low + rng.next() * (high - low));
}

class UniqueNames {
  private readonly used = new Set<string>();

  claim(base: string): string {
    let name = base;
    for (let n = 2; this.used.has(name); n++) name = `${base}${n}`;
    this.used.add(name);
    return name;
  }
}

function vendorRow(rng: Random, vendor: VendorSeed, logins: UniqueNames): UserInsert {
  const slug = slugify(vendor.business);
  const login = logins.claim(`${vendor.firstName}.${vendor.lastName}`.toLowerCase());
  const birthYear = rng.int(1972, 1998);
  const registered = daysAgo(rng.int(430, 1_300));
  const licensed = new Date(registered.getTime() - rng.int(30, 900) * DAY_MS);
  const businessPhone = ugandanPhone(rng);
  const handle = slug.replaceAll('-', '');
  const active = vendor.status === 'Active';
  const mainCategory = vendor.sells[0] ?? '';
  return {
    username: logins.claim(handle),
    first_name: vendor.firstName,
    last_name: vendor.lastName,
    email: `${login}@example.com`,
    phone_number: ugandanPhone(rng),
    user_type: 'Vendor',
    sex: vendor.sex,
    dob: birthDate(rng, birthYear),
    intro: vendor.intro,
    address: vendor.address,
    facebook: rng.chance(0.8) ? `https://facebook.com/${handle}` : '',
    instagram: rng.chance(0.6) ? `https://instagram.com/${handle}` : '',
    tiktok: rng.chance(0.3) ? `https://tiktok.com/@${handle}` : '',
    website: rng.chance(0.4) ? `https://${slug}.example.com` : '',
    business_name: vendor.business,
    business_license_number: `URSB/${licensed.getUTCFullYear()}/${rng.int(10_000, 99_999)}`,
    business_license_issue_authority: rng.pick(['Uganda Registration Services Bureau (URSB)', 'Kampala Capital City Authority (KCCA)']),
    business_license_issue_date: isoDate(licensed),
    business_license_validity: `${licensed.getUTCFullYear() + rng.int(3, 5)}-12-31`,
    business_address: vendor.address,
    business_phone_number: businessPhone,
    business_whatsapp: businessPhone,
    business_email: `sales@${slug}.example.com`,
    business_logo: categoryImageName(mainCategory),
    business_cover_photo: bannerImageName(mainCategory),
    nin: nationalId(rng, vendor.sex, birthYear),
    status: vendor.status,
    approved: active ? 1 : 0,
    complete_profile: active ? 1 : 0,
    newsletter: rng.chance(0.5) ? 1 : 0,
    reg_date: registered,
    last_seen: daysAgo(active ? rng.int(0, 10) : rng.int(30, 200)),
    created_at: registered,
    updated_at: momentAfter(rng, registered),
  };
}

function buyerRow(rng: Random, logins: UniqueNames): UserInsert {
  const sex = rng.chance(0.5) ? 'Female' : 'Male';
  const firstName = rng.pick(BUYER_FIRST_NAMES[sex]);
  const lastName = rng.pick(BUYER_SURNAMES);
  const login = logins.claim(`${firstName}.${lastName}`.toLowerCase());
  const registered = daysAgo(rng.int(20, 700));
  return {
    username: login,
    first_name: firstName,
    last_name: lastName,
    email: `${login}@example.com`,
    phone_number: ugandanPhone(rng),
    user_type: 'Customer',
    sex,
    dob: birthDate(rng, rng.int(1970, 2005)),
    address: rng.pick(RESIDENTIAL_AREAS),
    status: 'Active',
    complete_profile: rng.chance(0.7) ? 1 : 0,
    newsletter: rng.chance(0.4) ? 1 : 0,
    reg_date: registered,
    last_seen: daysAgo(rng.int(0, 60)),
    created_at: registered,
    updated_at: momentAfter(rng, registered),
  };
}

type CategoryIds = Map<string, number>;

async function insertCategories(db: Database): Promise<CategoryIds> {
  const created = daysAgo(CATALOGUE_AGE_DAYS + 120);
  const ids: CategoryIds = new Map();
  const parentRows = await db
    .insert(categories)
    .values(
      CATEGORY_TREE.map((parent) => ({
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
  CATEGORY_TREE.forEach((parent, i) => ids.set(parent.slug, parentRows[i]!.id));

  const children = CATEGORY_TREE.flatMap((parent) => parent.children.map((child) => ({ parent, child })));
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

type VendorPool = { approved: number[]; unapproved: number[] };

/** Vendors who sell in each parent category; every category falls back to all vendors of that kind. */
function vendorPools(vendorIds: number[]): Map<string, VendorPool> {
  const everyone: VendorPool = { approved: [], unapproved: [] };
  VENDORS.forEach((vendor, i) => (vendor.status === 'Active' ? everyone.approved : everyone.unapproved).push(vendorIds[i]!));
  const pools = new Map<string, VendorPool>();
  for (const parent of CATEGORY_TREE) {
    const pool: VendorPool = { approved: [], unapproved: [] };
    VENDORS.forEach((vendor, i) => {
      if (vendor.sells.includes(parent.slug)) (vendor.status === 'Active' ? pool.approved : pool.unapproved).push(vendorIds[i]!);
    });
    pools.set(parent.slug, {
      approved: pool.approved.length > 0 ? pool.approved : everyone.approved,
      unapproved: pool.unapproved.length > 0 ? pool.unapproved : everyone.unapproved,
    });
  }
  return pools;
}

/** Distinct product positions for one home-page section. */
function pickPositions(rng: Random, productCount: number): Set<number> {
  const chosen = new Set<number>();
  const wanted = Math.min(HOME_SECTION_SIZE, productCount);
  while (chosen.size < wanted) chosen.add(rng.int(0, productCount - 1));
  return chosen;
}

type CatalogueContext = {
  categoryIds: CategoryIds;
  imagePool: ImagePool;
  vendors: Map<string, VendorPool>;
  homeSections: [Set<number>, Set<number>, Set<number>];
};

const PLACEHOLDER = /\{([^}]+)\}/g;
const EXTRA_TAGS = ['new-arrival', 'best-seller', 'original', 'free-delivery', 'hot-deal'];
const CHILDREN = CATEGORY_TREE.flatMap((parent) => parent.children.map((child) => ({ parent, child })));
const CHILD_WEIGHTS = CHILDREN.map(({ parent }) => parent.weight / parent.children.length);

function productName(rng: Random, child: ChildCategorySeed, line: ProductLine, model: string, specs: Map<string, string>): string {
  const format = rng.pick(line.nameFormats ?? child.nameFormats ?? ['{brand} {model}']);
  const value = (key: string) => (key === 'brand' ? (line.brand === UNBRANDED ? '' : line.brand) : key === 'model' ? model : specs.get(key));
  const usable = [...format.matchAll(PLACEHOLDER)].every((match) => value(match[1]!) !== undefined);
  return (usable ? format : '{brand} {model}')
    .replace(PLACEHOLDER, (_, key: string) => value(key) ?? '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Search words that truly describe the product: brand, model, category names and the category keywords found in its name. */
function productKeywords(name: string, line: ProductLine, model: string, parent: ParentCategorySeed, child: ChildCategorySeed): string[] {
  const lowerName = name.toLowerCase();
  const fitting = child.keywords.filter((keyword) => keyword.split(' ').every((word) => lowerName.includes(word)));
  const brand = line.brand === UNBRANDED ? [] : [line.brand.toLowerCase()];
  return [...new Set([...brand, model.toLowerCase(), ...fitting, child.name.toLowerCase(), parent.name.toLowerCase()])];
}

function productRow(rng: Random, position: number, context: CatalogueContext): ProductInsert {
  const { parent, child } = CHILDREN[rng.weightedIndex(CHILD_WEIGHTS)]!;
  const line = rng.pick(child.lines);
  const modelIndex = rng.int(0, line.models.length - 1);
  const model = line.models[modelIndex]!;

  const specs = new Map<string, string>();
  for (const [name, values] of Object.entries({ ...child.specs, ...line.specs })) {
    if (values.length > 0) specs.set(name, rng.pick(values));
  }
  const name = productName(rng, child, line, model, specs);
  const attributes: ProductAttribute[] = [{ name: child.brandLabel ?? 'Brand', value: line.brand }];
  if (child.modelLabel) attributes.push({ name: child.modelLabel, value: model });
  for (const [specName, value] of specs) attributes.push({ name: specName, value });

  const colorPool = line.colors ?? child.colors ?? [];
  const colors = colorPool.length === 0 ? [] : rng.sampleInOrder(colorPool, rng.int(Math.min(2, colorPool.length), Math.min(4, colorPool.length)));
  const sizePool = line.sizes ?? child.sizes ?? [];
  const sizeCount = sizePool.length === 0 ? 0 : rng.int(Math.min(3, sizePool.length), sizePool.length);
  const sizeStart = rng.int(0, sizePool.length - sizeCount);
  const sizes = sizePool.slice(sizeStart, sizeStart + sizeCount);
  const variants: ProductVariants = {};
  for (const [option, values] of Object.entries(child.variants ?? {})) {
    variants[option] = rng.sampleInOrder(values, rng.int(2, Math.min(3, values.length)));
  }

  const [flashDeals, featured, topPicks] = context.homeSections;
  const onHomePage = flashDeals.has(position) || featured.has(position) || topPicks.has(position);
  const price = modelPrice(rng, line, modelIndex);
  const discounted = flashDeals.has(position) || rng.chance(0.6);
  const oldPrice = discounted ? oldPriceFor(rng, price) : null;

  const totalItems = rng.int(5, 500);
  const soldOut = !onHomePage && rng.chance(0.03);
  const itemsSold = soldOut ? totalItems : Math.floor(totalItems * rng.next() * 0.9);

  const pool = context.imagePool[child.slug] ?? [];
  const featurePhoto = rng.pick(pool);
  const gallery = [featurePhoto, ...rng.sample(pool.filter((file) => file !== featurePhoto), 2)];

  const keywords = productKeywords(name, line, model, parent, child);
  const tags = [...rng.sample(child.tags, rng.int(2, child.tags.length)), ...(rng.chance(0.3) ? [rng.pick(EXTRA_TAGS)] : [])];

  const { summary, description } = describeProduct(rng, { name, brand: line.brand, blurbs: child.blurbs, specs: attributes, colors, sizes });
  const createdAt = new Date(Math.floor((REFERENCE_DATE - rng.next() * CATALOGUE_AGE_DAYS * DAY_MS) / 1000) * 1000);
  const vendorPool = context.vendors.get(parent.slug)!;
  const vendor = vendorPool.unapproved.length > 0 && rng.chance(0.04) ? rng.pick(vendorPool.unapproved) : rng.pick(vendorPool.approved);

  return {
    name,
    metric: line.metric ?? child.metric ?? 'Piece',
    currency: 'UGX',
    description,
    summary,
    price_1: price,
    price_2: oldPrice,
    feature_photo: featurePhoto,
    rates: gallery.map((src) => ({ src })),
    user: vendor,
    supplier: vendor,
    category: context.categoryIds.get(parent.slug)!,
    sub_category: context.categoryIds.get(child.slug)!,
    url: slugify(name),
    status: !onHomePage && rng.chance(0.03) ? 0 : 1,
    in_stock: itemsSold === totalItems ? 0 : 1,
    keywords,
    p_type: rng.chance(0.08) ? 'Yes' : 'No',
    has_colors: colors.length > 0 ? 'Yes' : 'No',
    colors: colors.join(','),
    has_sizes: sizes.length > 0 ? 'Yes' : 'No',
    sizes: sizes.join(','),
    tags: tags.join(','),
    attributes,
    variants,
    items_sold: itemsSold,
    total_items: totalItems,
    home_section_1: flashDeals.has(position) ? 1 : 0,
    home_section_2: featured.has(position) ? 1 : 0,
    home_section_3: topPicks.has(position) ? 1 : 0,
    created_at: createdAt,
    updated_at: momentAfter(rng, createdAt),
  };
}

/** Reviews for one product (product_id filled in once the product has an id), ratings skewed positive. */
function productReviews(rng: Random, productCreated: Date, buyerIds: number[]): Omit<ReviewInsert, 'product_id'>[] {
  const count = rng.int(0, Math.min(MAX_REVIEWS_PER_PRODUCT, buyerIds.length));
  // One product in eight is a dud and collects noticeably worse ratings.
  const ratingWeights = rng.chance(0.125) ? [18, 20, 25, 22, 15] : [3, 4, 9, 30, 54];
  return rng.sample(buyerIds, count).map((userId) => {
    const rating = (rng.weightedIndex(ratingWeights) + 1) as 1 | 2 | 3 | 4 | 5;
    const createdAt = momentAfter(rng, productCreated);
    return {
      user_id: userId,
      rating,
      comment: rng.pick(REVIEW_COMMENTS[rating]),
      verified_purchase: rng.chance(0.75) ? 1 : 0,
      helpful_count: rng.chance(0.15) ? rng.int(4, 40) : rng.int(0, 3),
      created_at: createdAt,
      updated_at: createdAt,
    };
  });
}

async function insertInBatches<T>(rows: T[], insert: (batch: T[]) => Promise<unknown>, onBatch: (done: number) => void): Promise<void> {
  for (let start = 0; start < rows.length; start += BATCH_SIZE) {
    const batch = rows.slice(start, start + BATCH_SIZE);
    await insert(batch);
    onBatch(start + batch.length);
  }
}

export async function isDatabaseEmpty(db: Database): Promise<boolean> {
  const [row] = await db.select({ id: categories.id }).from(categories).limit(1);
  return row === undefined;
}

/** Fills an empty database with the demo catalogue and returns how many rows of each kind it added. */
export async function seedDatabase(db: Database, options: SeedOptions = {}): Promise<SeedSummary> {
  const seed = options.seed ?? 1;
  const productCount = options.products ?? 600;
  const imagesDir = options.imagesDir ?? IMAGES_DIR;
  const report = options.onProgress ?? (() => {});
  if (!Number.isInteger(seed)) throw new Error(`The seed must be an integer, got ${seed}`);
  if (!Number.isInteger(productCount) || productCount < 0) throw new Error(`The product count must be a whole number, got ${productCount}`);

  const imagePool = await generateImages(imagesDir, CATEGORY_TREE, (done, total) => report(done, total, 'images'));
  const [adminPassword, vendorPassword] = await Promise.all([hashPassword(DEMO_ACCOUNTS.admin.password), hashPassword(DEMO_ACCOUNTS.vendor.password)]);

  const summary = await db.transaction(async (tx) => {
    const categoryIds = await insertCategories(tx);
    report(categoryIds.size, categoryIds.size, 'categories');

    const userRng = streamFor(seed, 'users');
    const logins = new UniqueNames();
    const vendorRows = VENDORS.map((vendor) => vendorRow(userRng, vendor, logins));
    const demoVendor = vendorRows.find((vendor) => vendor.approved === 1 && vendor.status === 'Active')!;
    Object.assign(demoVendor, { email: DEMO_ACCOUNTS.vendor.email, password_hash: vendorPassword });
    const buyerCount = Math.min(300, Math.max(40, Math.round(productCount / 15)));
    const buyerRows = Array.from({ length: buyerCount }, () => buyerRow(userRng, logins));
    const vendorIds = (await tx.insert(users).values(vendorRows).returning({ id: users.id })).map((row) => row.id);
    const buyerIds = (await tx.insert(users).values(buyerRows).returning({ id: users.id })).map((row) => row.id);
    await tx.insert(users).values({
      username: DEMO_ACCOUNTS.admin.email,
      email: DEMO_ACCOUNTS.admin.email,
      password_hash: adminPassword,
      first_name: 'Demo',
      last_name: 'Administrator',
      user_type: 'Admin',
    });
    report(vendorRows.length + buyerRows.length + 1, vendorRows.length + buyerRows.length + 1, 'users');

    const locationCreated = daysAgo(CATALOGUE_AGE_DAYS + 120);
    await tx
      .insert(deliveryLocations)
      .values(DELIVERY_LOCATIONS.map((location) => ({ name: location.name, region: location.region, delivery_fee: location.fee, created_at: locationCreated })));

    const homeRng = streamFor(seed, 'home');
    const context: CatalogueContext = {
      categoryIds,
      imagePool,
      vendors: vendorPools(vendorIds),
      homeSections: [pickPositions(homeRng, productCount), pickPositions(homeRng, productCount), pickPositions(homeRng, productCount)],
    };
    const productRng = streamFor(seed, 'products');
    const reviewRng = streamFor(seed, 'reviews');
    const laterProducts = Math.max(0, productCount - FULLY_REVIEWED_PRODUCTS);
    const laterReviewShare = laterProducts === 0 ? 0 : Math.min(1, (REVIEW_BUDGET - FULLY_REVIEWED_PRODUCTS * AVERAGE_REVIEWS_PER_PRODUCT) / (laterProducts * AVERAGE_REVIEWS_PER_PRODUCT));
    const reviewRows: ReviewInsert[] = [];

    for (let start = 0; start < productCount; start += BATCH_SIZE) {
      const rows: ProductInsert[] = [];
      for (let position = start; position < Math.min(productCount, start + BATCH_SIZE); position++) rows.push(productRow(productRng, position, context));
      const inserted = await tx.insert(products).values(rows).returning({ id: products.id });
      // Serial ids follow the VALUES order; sorting guards against a driver returning rows reordered.
      const ids = inserted.map((row) => row.id).sort((a, b) => a - b);
      rows.forEach((row, i) => {
        const position = start + i;
        if (position >= FULLY_REVIEWED_PRODUCTS && !reviewRng.chance(laterReviewShare)) return;
        for (const review of productReviews(reviewRng, row.created_at!, buyerIds)) reviewRows.push({ ...review, product_id: ids[i]! });
      });
      report(start + rows.length, productCount, 'products');
    }

    await insertInBatches(reviewRows, (batch) => tx.insert(reviews).values(batch), (done) => report(done, reviewRows.length, 'reviews'));

    await tx.execute(sql`
      UPDATE ${products} SET review_count = stats.review_count, average_rating = stats.average_rating
      FROM (
        SELECT product_id, count(*)::int AS review_count, round(avg(rating)::numeric, 1)::real AS average_rating
        FROM ${reviews} GROUP BY product_id
      ) AS stats
      WHERE ${products.id} = stats.product_id`);
    report(1, 1, 'ratings');

    return {
      categories: categoryIds.size,
      vendors: vendorRows.length,
      products: productCount,
      reviews: reviewRows.length,
      users: vendorRows.length + buyerRows.length + 1,
      deliveryLocations: DELIVERY_LOCATIONS.length,
    };
  });
  await refreshSearchIndex(db);
  report(1, 1, 'search index');
  // Fresh statistics and visibility map, or the planner guesses a handful of rows and scans everything.
  await db.execute(sql`VACUUM ANALYZE`);
  report(1, 1, 'statistics');
  return summary;
}

/** Empties every table of the schema and restarts the id sequences. */
export async function resetDatabase(db: Database): Promise<void> {
  const tables: PgTable[] = Object.values(schema).filter((value) => is(value, PgTable));
  await db.execute(sql`TRUNCATE ${sql.join(tables, sql`, `)} RESTART IDENTITY CASCADE`);
}
