/**
 * The people, catalogue and site side of the schema (one Postgres schema for both drivers, see schema.ts):
 * accounts, products and search, wishlists, addresses, reviews, the static pages and what the store records
 * about itself.
 */
import { sql } from 'drizzle-orm';
import { createdAt, knownLanguage, language, updatedAt } from './schema-columns';
import {
  boolean,
  customType,
  check,
  doublePrecision,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';

/** A full-text document (see product_search). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });
/** A transaction id (pg_current_xact_id()), read as text. */
const xid8 = customType<{ data: string }>({ dataType: () => 'xid8' });

const yesNo = (name: string, value: 'Yes' | 'No') => text(name).notNull().default(value);

export type ProductImage = { src: string };
export type ProductAttribute = { name: string; value: string };
export type ProductVariants = Record<string, string[]>;

export const categories = pgTable(
  'categories',
  {
    id: serial('id').primaryKey(),
    category: text('category').notNull(),
    image: text('image').notNull().default(''),
    banner_image: text('banner_image').notNull().default(''),
    show_in_banner: yesNo('show_in_banner', 'No'),
    show_in_categories: yesNo('show_in_categories', 'Yes'),
    attributes: jsonb('attributes').$type<string[]>().notNull().default([]),
    is_parent: yesNo('is_parent', 'No'),
    parent_id: integer('parent_id').references((): AnyPgColumn => categories.id),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [index('categories_parent_idx').on(t.parent_id)],
);

/**
 * The catalogue's words in Luganda and Swahili (src/lib/catalogue-names.ts): a category, colour, size,
 * specification or option name, option value or delivery region, by its English as products and places store it.
 * A word with no row is said in English.
 */
export const catalogueWords = pgTable(
  'catalogue_words',
  {
    kind: text('kind').notNull(),
    english: text('english').notNull(),
    language: text('language').$type<'lg' | 'sw'>().notNull(),
    name: text('name').notNull(),
    updated_at: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.english, t.language] }),
    check('catalogue_words_kind_known', sql`${t.kind} IN ('category', 'colour', 'size', 'spec', 'value', 'region')`),
    check('catalogue_words_language_known', sql`${t.language} IN ('lg', 'sw')`),
    check('catalogue_words_name_given', sql`length(btrim(${t.name})) > 0`),
  ],
);

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull(),
    password_hash: text('password_hash').notNull().default(''),
    first_name: text('first_name').notNull().default(''),
    last_name: text('last_name').notNull().default(''),
    /** '' for an account made with a phone number only. */
    email: text('email').notNull().default(''),
    phone_number: text('phone_number').notNull().default(''),
    /** The Ugandan number (E.164, +2567...) the account logs in with and receives its codes on; one account a number. */
    login_phone: text('login_phone'),
    user_type: text('user_type').notNull().default('Vendor'),
    sex: text('sex').notNull().default(''),
    dob: text('dob').notNull().default(''),
    intro: text('intro').notNull().default(''),
    address: text('address').notNull().default(''),
    avatar: text('avatar').notNull().default(''),
    profile_photo: text('profile_photo').notNull().default(''),
    facebook: text('facebook').notNull().default(''),
    twitter: text('twitter').notNull().default(''),
    instagram: text('instagram').notNull().default(''),
    tiktok: text('tiktok').notNull().default(''),
    youtube: text('youtube').notNull().default(''),
    linkedin: text('linkedin').notNull().default(''),
    website: text('website').notNull().default(''),
    business_name: text('business_name').notNull().default(''),
    business_license_number: text('business_license_number').notNull().default(''),
    business_license_issue_authority: text('business_license_issue_authority').notNull().default(''),
    business_license_issue_date: text('business_license_issue_date').notNull().default(''),
    business_license_validity: text('business_license_validity').notNull().default(''),
    business_address: text('business_address').notNull().default(''),
    business_phone_number: text('business_phone_number').notNull().default(''),
    business_whatsapp: text('business_whatsapp').notNull().default(''),
    business_email: text('business_email').notNull().default(''),
    business_logo: text('business_logo').notNull().default(''),
    business_cover_photo: text('business_cover_photo').notNull().default(''),
    nin: text('nin').notNull().default(''),
    status: text('status').notNull().default('Active'),
    approved: smallint('approved').notNull().default(0),
    /** 1: may edit the static pages, home promotions and contact details (granted by an administrator). */
    marketer: smallint('marketer').notNull().default(0),
    complete_profile: smallint('complete_profile').notNull().default(0),
    newsletter: smallint('newsletter').notNull().default(0),
    /** The language the shopper is mailed and texted in: the page they registered from, then the one they last ordered from or chose. */
    language: language(),
    reg_date: timestamp('reg_date', { withTimezone: true }).notNull().defaultNow(),
    last_seen: timestamp('last_seen', { withTimezone: true }),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_idx')
      .on(sql`lower(${t.email})`)
      .where(sql`${t.email} <> ''`),
    uniqueIndex('users_login_phone_idx').on(t.login_phone),
    uniqueIndex('users_username_idx').on(sql`lower(${t.username})`),
    index('users_type_status_idx').on(t.user_type, t.status, t.approved),
    check('users_language_known', knownLanguage(t.language)),
  ],
);

/** Login tokens: only a SHA-256 hash of the opaque token is stored. */
export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    token_hash: text('token_hash').notNull(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    last_used_at: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    revoked_at: timestamp('revoked_at', { withTimezone: true }),
    created_at: createdAt(),
  },
  (t) => [uniqueIndex('sessions_token_idx').on(t.token_hash), index('sessions_user_idx').on(t.user_id)],
);

export const passwordResetCodes = pgTable(
  'password_reset_codes',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    code_hash: text('code_hash').notNull(),
    attempts: smallint('attempts').notNull().default(0),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    used_at: timestamp('used_at', { withTimezone: true }),
    created_at: createdAt(),
  },
  (t) => [index('password_reset_user_idx').on(t.user_id, t.created_at)],
);

/**
 * One-time codes texted to a phone: to log in (creating the account when the number has none) or to set a
 * new password. Only a hash is kept; a code lives 10 minutes, works once, only for whoever asked for it, and
 * dies after 5 of their wrong tries.
 */
export const phoneCodes = pgTable(
  'phone_codes',
  {
    id: serial('id').primaryKey(),
    /** E.164, as users.login_phone. */
    phone: text('phone').notNull(),
    purpose: text('purpose').$type<'login' | 'reset'>().notNull(),
    /** Who asked for it, and so who may enter it: `device:<id>` (a browser's device cookie) or `address:<address>`. */
    asker: text('asker').notNull().default(''),
    code_hash: text('code_hash').notNull(),
    attempts: smallint('attempts').notNull().default(0),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    used_at: timestamp('used_at', { withTimezone: true }),
    created_at: createdAt(),
  },
  (t) => [index('phone_codes_phone_idx').on(t.phone, t.purpose, t.created_at), check('phone_codes_purpose_known', sql`${t.purpose} IN ('login', 'reset')`)],
);

/**
 * One-time codes texted to an account's phone on record to prove it is the owner making a change that moves
 * money or contact (a payout destination, a shop's or account's phone): hashed, 10 minutes, once, 5 tries.
 */
export const changeCodes = pgTable(
  'change_codes',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    code_hash: text('code_hash').notNull(),
    attempts: smallint('attempts').notNull().default(0),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    used_at: timestamp('used_at', { withTimezone: true }),
    created_at: createdAt(),
  },
  (t) => [index('change_codes_user_idx').on(t.user_id, t.created_at)],
);

/** Fixed-window counters for rate limits, shared by every instance of the store. */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  window_started_at: timestamp('window_started_at', { withTimezone: true }).notNull(),
  hits: integer('hits').notNull(),
});

/** Keys every store instance on this database must share (the guest id signature's): made once, by the first to start. */
export const storeSecrets = pgTable('store_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  created_at: createdAt(),
});

export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    metric: text('metric').notNull().default('Piece'),
    currency: text('currency').notNull().default('UGX'),
    description: text('description').notNull().default(''),
    summary: text('summary').notNull().default(''),
    price_1: integer('price_1').notNull(),
    price_2: integer('price_2'),
    feature_photo: text('feature_photo').notNull().default(''),
    rates: jsonb('rates').$type<ProductImage[]>().notNull().default([]),
    user: integer('user').references(() => users.id),
    category: integer('category')
      .notNull()
      .references(() => categories.id),
    sub_category: integer('sub_category').references(() => categories.id),
    supplier: integer('supplier').references(() => users.id),
    url: text('url').notNull().default(''),
    status: smallint('status').notNull().default(1),
    in_stock: smallint('in_stock').notNull().default(1),
    keywords: jsonb('keywords').$type<string[]>().notNull().default([]),
    p_type: yesNo('p_type', 'No'),
    has_colors: yesNo('has_colors', 'No'),
    colors: text('colors').notNull().default(''),
    has_sizes: yesNo('has_sizes', 'No'),
    sizes: text('sizes').notNull().default(''),
    tags: text('tags').notNull().default(''),
    attributes: jsonb('attributes').$type<ProductAttribute[]>().notNull().default([]),
    variants: jsonb('variants').$type<ProductVariants>().notNull().default({}),
    review_count: integer('review_count').notNull().default(0),
    average_rating: real('average_rating').notNull().default(0),
    items_sold: integer('items_sold').notNull().default(0),
    total_items: integer('total_items').notNull().default(0),
    home_section_1: smallint('home_section_1').notNull().default(0),
    home_section_2: smallint('home_section_2').notNull().default(0),
    home_section_3: smallint('home_section_3').notNull().default(0),
    stripe_id: text('stripe_id').notNull().default(''),
    stripe_price: text('stripe_price').notNull().default(''),
    deleted_at: timestamp('deleted_at', { withTimezone: true }),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => {
    // Shoppers only ever see active products, so the listing indexes hold just those rows: smaller,
    // and counts can be answered from the index alone.
    const active = sql`${t.status} = 1 AND ${t.deleted_at} IS NULL`;
    return [
      check('products_price_positive', sql`${t.price_1} > 0`),
      check('products_stock_bounds', sql`${t.items_sold} >= 0 AND ${t.items_sold} <= ${t.total_items}`),
      index('products_active_created_idx').on(t.created_at, t.id).where(active),
      index('products_active_category_idx').on(t.category, t.created_at, t.id).where(active),
      index('products_active_sub_category_idx').on(t.sub_category, t.created_at, t.id).where(active),
      index('products_active_price_idx').on(t.price_1, t.id).where(active),
      index('products_active_supplier_idx').on(t.supplier).where(active),
      index('products_supplier_idx').on(t.supplier),
    ];
  },
);

/**
 * What product search reads, one narrow row per product, kept by a trigger on products (migration 0006):
 * counting and ranking thousands of matches reads these small rows, not the wide product rows.
 * `document` holds the words (lexemes only) of the name, keywords, tags, most specific category and
 * description; `search_name` and `name_document` rank name matches first.
 */
export const productSearch = pgTable(
  'product_search',
  {
    product_id: integer('product_id')
      .primaryKey()
      .references(() => products.id, { onDelete: 'cascade' }),
    active: boolean('active').notNull(),
    document: tsvector('document').notNull(),
    search_name: text('search_name').notNull(),
    name_document: tsvector('name_document').notNull(),
    items_sold: integer('items_sold').notNull(),
    /** The transaction that last wrote the row (set by a trigger, migration 0023): instances' search indexes read what changed since they last looked. */
    changed: xid8('changed')
      .notNull()
      .default(sql`pg_current_xact_id()`),
  },
  (t) => [
    index('product_search_document_idx')
      .using('gin', t.document)
      .where(sql`${t.active}`),
    index('product_search_changed_idx').on(t.changed),
  ],
);

/** Rows removed from product_search (a product deleted; null: the table was emptied), for the instances' search indexes. */
export const productSearchRemovals = pgTable(
  'product_search_removals',
  {
    product_id: integer('product_id'),
    changed: xid8('changed')
      .notNull()
      .default(sql`pg_current_xact_id()`),
  },
  (t) => [index('product_search_removals_changed_idx').on(t.changed)],
);

/** Every word of the catalogue's search documents, for correcting misspelt query words by trigram similarity. */
export const searchTerms = pgTable(
  'search_terms',
  {
    word: text('word').primaryKey(),
    documents: integer('documents').notNull(),
  },
  (t) => [index('search_terms_trgm_idx').using('gin', t.word.op('gin_trgm_ops'))],
);

/** Phrases offered as completions while typing: keywords, brands and category names. */
/**
 * Shoppers' words for what the catalogue names in English: a Luganda or Swahili word (or another English one)
 * and the English words search reads it as (essimu → phone). Administrators add to the list.
 */
export const searchSynonyms = pgTable(
  'search_synonyms',
  {
    id: serial('id').primaryKey(),
    /** The shopper's word, lower-case. */
    term: text('term').notNull(),
    /** The English words it means, as typed into search. */
    means: text('means').notNull(),
    /** The language of `term`. */
    language: language(),
    created_at: createdAt(),
  },
  (t) => [uniqueIndex('search_synonyms_term_idx').on(t.term), check('search_synonyms_language_known', knownLanguage(t.language))],
);

export const searchSuggestions = pgTable(
  'search_suggestions',
  {
    phrase: text('phrase').primaryKey(),
    weight: integer('weight').notNull(),
  },
  (t) => [index('search_suggestions_trgm_idx').using('gin', t.phrase.op('gin_trgm_ops'))],
);

export const wishlistItems = pgTable(
  'wishlist_items',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    product_id: integer('product_id')
      .notNull()
      .references(() => products.id),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [uniqueIndex('wishlist_user_product_idx').on(t.user_id, t.product_id)],
);

export const deliveryLocations = pgTable('delivery_locations', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  region: text('region').notNull(),
  delivery_fee: integer('delivery_fee').notNull().default(0),
  /** How many days delivery there usually takes after the order is placed: from the least to the most. */
  delivery_days_min: smallint('delivery_days_min').notNull().default(1),
  delivery_days_max: smallint('delivery_days_max').notNull().default(3),
  created_at: createdAt(),
});

/** A buyer's saved delivery addresses. */
export const addresses = pgTable(
  'addresses',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    phone: text('phone').notNull(),
    delivery_location_id: integer('delivery_location_id')
      .notNull()
      .references(() => deliveryLocations.id),
    address: text('address').notNull(),
    notes: text('notes').notNull().default(''),
    is_default: boolean('is_default').notNull().default(false),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [index('addresses_user_idx').on(t.user_id)],
);

export const reviews = pgTable(
  'reviews',
  {
    id: serial('id').primaryKey(),
    product_id: integer('product_id')
      .notNull()
      .references(() => products.id),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rating: smallint('rating').notNull(),
    comment: text('comment').notNull().default(''),
    verified_purchase: smallint('verified_purchase').notNull().default(0),
    helpful_count: integer('helpful_count').notNull().default(0),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    check('reviews_rating_range', sql`${t.rating} BETWEEN 1 AND 5`),
    uniqueIndex('reviews_product_user_idx').on(t.product_id, t.user_id),
    index('reviews_product_created_idx').on(t.product_id, t.created_at),
  ],
);

export const searchHistory = pgTable(
  'search_history',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    session_id: text('session_id'),
    query: text('query').notNull(),
    created_at: createdAt(),
  },
  (t) => [index('search_history_user_idx').on(t.user_id, t.created_at), index('search_history_session_idx').on(t.session_id, t.created_at)],
);

export const errorReports = pgTable(
  'error_reports',
  {
    id: serial('id').primaryKey(),
    error_id: text('error_id').notNull(),
    message: text('message').notNull(),
    stack: text('stack').notNull().default(''),
    time: text('time').notNull().default(''),
    agent: text('agent').notNull().default(''),
    url: text('url').notNull().default(''),
    user_id: integer('user_id'),
    source: text('source').notNull().default('browser'),
    created_at: createdAt(),
  },
  (t) => [index('error_reports_created_idx').on(t.created_at)],
);

export const performanceMetrics = pgTable(
  'performance_metrics',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    name: text('name').notNull(),
    value: doublePrecision('value').notNull(),
    rating: text('rating').notNull().default(''),
    page: text('page').notNull(),
    detail: text('detail').notNull().default(''),
    agent: text('agent').notNull().default(''),
    user_id: integer('user_id'),
    created_at: createdAt(),
  },
  (t) => [index('performance_metrics_created_idx').on(t.created_at), index('performance_metrics_kind_idx').on(t.kind)],
);

/**
 * What marketers edit in the browser: the static pages, the home promotions and the contact details, one row
 * per document and language (`key`: a page's slug, `home-promotions`, `contact-details`; `language`: en, lg or
 * sw). English is always published; a Luganda or Swahili row exists once an editor saves or publishes that
 * translation, and until it is published (`published` null) shoppers in that language see the English.
 * `published` is what everyone sees; `draft` what an editor saved and only editors see. `version` grows with
 * every save, publish and restore: a save names the version it started from and is refused when another
 * went in meanwhile.
 */
export const contentDocuments = pgTable(
  'content_documents',
  {
    key: text('key').notNull(),
    language: text('language').notNull().default('en'),
    kind: text('kind').notNull(),
    published: jsonb('published').$type<Record<string, unknown>>(),
    published_at: timestamp('published_at', { withTimezone: true }),
    /** How many versions of this language were published (0: a translation never published). */
    published_number: integer('published_number').notNull().default(1),
    draft: jsonb('draft').$type<Record<string, unknown>>(),
    draft_saved_at: timestamp('draft_saved_at', { withTimezone: true }),
    draft_saved_by: integer('draft_saved_by').references(() => users.id, { onDelete: 'set null' }),
    version: integer('version').notNull().default(1),
    changed_by: integer('changed_by').references(() => users.id, { onDelete: 'set null' }),
    changed_at: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.key, t.language] }),
    // A published version has its date; English, the fallback of every language, is always published.
    check(
      'content_documents_published_whole',
      sql`(${t.published} IS NULL) = (${t.published_at} IS NULL) AND (${t.published} IS NOT NULL OR ${t.language} <> 'en')`,
    ),
  ],
);

/** Every published version of a document in a language, the starting content as number 1; kept for history and restore. */
export const contentVersions = pgTable(
  'content_versions',
  {
    id: serial('id').primaryKey(),
    key: text('key').notNull(),
    language: text('language').notNull().default('en'),
    number: integer('number').notNull(),
    content: jsonb('content').$type<Record<string, unknown>>().notNull(),
    published_by: integer('published_by').references(() => users.id, { onDelete: 'set null' }),
    /** Kept apart from the account, so history still names who published after the account is gone. */
    published_by_name: text('published_by_name').notNull().default(''),
    published_at: timestamp('published_at', { withTimezone: true }).notNull(),
    /** The version this one restored, or null for an edit. */
    restored_from: integer('restored_from'),
  },
  (t) => [
    uniqueIndex('content_versions_key_language_number_idx').on(t.key, t.language, t.number),
    foreignKey({ columns: [t.key, t.language], foreignColumns: [contentDocuments.key, contentDocuments.language] }).onDelete('cascade'),
  ],
);
