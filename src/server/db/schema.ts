/**
 * One Postgres schema for both drivers (PGlite and PostgreSQL).
 * Table fields carry the spec's names (price_1, in_stock, feature_photo ...) so the API boundary maps
 * little; money is integer UGX; flags the spec spells 'Yes'/'No' stay text, 0/1 flags stay integers.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  customType,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
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

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
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

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull(),
    password_hash: text('password_hash').notNull().default(''),
    first_name: text('first_name').notNull().default(''),
    last_name: text('last_name').notNull().default(''),
    email: text('email').notNull(),
    phone_number: text('phone_number').notNull().default(''),
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
    reg_date: timestamp('reg_date', { withTimezone: true }).notNull().defaultNow(),
    last_seen: timestamp('last_seen', { withTimezone: true }),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_idx').on(sql`lower(${t.email})`),
    uniqueIndex('users_username_idx').on(sql`lower(${t.username})`),
    index('users_type_status_idx').on(t.user_type, t.status, t.approved),
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

/** Fixed-window counters for rate limits, shared by every instance of the store. */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  window_started_at: timestamp('window_started_at', { withTimezone: true }).notNull(),
  hits: integer('hits').notNull(),
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
  },
  (t) => [
    index('product_search_document_idx')
      .using('gin', t.document)
      .where(sql`${t.active}`),
  ],
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
  created_at: createdAt(),
});

export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id),
    status: text('status').notNull().default('pending'),
    payment_gateway: text('payment_gateway').notNull(),
    payment_status: text('payment_status').notNull(),
    customer_name: text('customer_name').notNull(),
    customer_phone: text('customer_phone').notNull(),
    delivery_location_id: integer('delivery_location_id').references(() => deliveryLocations.id),
    delivery_address: text('delivery_address').notNull().default(''),
    notes: text('notes').notNull().default(''),
    subtotal: integer('subtotal').notNull(),
    delivery_fee: integer('delivery_fee').notNull().default(0),
    total: integer('total').notNull(),
    currency: text('currency').notNull().default('UGX'),
    idempotency_key: text('idempotency_key'),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [index('orders_user_idx').on(t.user_id, t.created_at), uniqueIndex('orders_idempotency_idx').on(t.user_id, t.idempotency_key)],
);

/**
 * An order's lines grouped by who sends them: one part per vendor (vendor_id null for the store's own
 * products). Each part moves on its own (pending → processing → shipped → delivered, or cancelled before it
 * ships), changed by its vendor or an administrator; the order's status follows its parts.
 */
export const orderParts = pgTable(
  'order_parts',
  {
    id: serial('id').primaryKey(),
    order_id: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    vendor_id: integer('vendor_id').references(() => users.id),
    status: text('status').notNull().default('pending'),
    /** What the vendor says of the parcel when it ships: the courier, a tracking number. */
    tracking_note: text('tracking_note').notNull().default(''),
    /** When the part reached the buyer: the return window counts from here. */
    delivered_at: timestamp('delivered_at', { withTimezone: true }),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [index('order_parts_order_idx').on(t.order_id), index('order_parts_vendor_idx').on(t.vendor_id, t.status)],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: serial('id').primaryKey(),
    order_id: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** The vendor's part the line is sent in; its status is the part's. */
    part_id: integer('part_id')
      .notNull()
      .references(() => orderParts.id, { onDelete: 'cascade' }),
    product_id: integer('product_id')
      .notNull()
      .references(() => products.id),
    product_name: text('product_name').notNull(),
    unit_price: integer('unit_price').notNull(),
    quantity: integer('quantity').notNull(),
    color: text('color').notNull().default(''),
    size: text('size').notNull().default(''),
    variant: jsonb('variant').$type<Record<string, string>>().notNull().default({}),
    subtotal: integer('subtotal').notNull(),
  },
  (t) => [
    check('order_items_quantity_positive', sql`${t.quantity} > 0`),
    index('order_items_order_idx').on(t.order_id),
    index('order_items_part_idx').on(t.part_id),
    index('order_items_product_idx').on(t.product_id),
  ],
);

/**
 * A buyer's request to send back lines of one delivered part, within the return window. `status`: requested,
 * refused (with the vendor's note), awaiting_item (accepted), received (stock is back) or refunded (how:
 * refund_method cash, mobile_money or gateway). `amount` is what the lines cost, the most that is paid back.
 */
export const returns = pgTable(
  'returns',
  {
    id: serial('id').primaryKey(),
    order_id: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    part_id: integer('part_id')
      .notNull()
      .references(() => orderParts.id, { onDelete: 'cascade' }),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id),
    status: text('status').notNull().default('requested'),
    reason: text('reason').notNull(),
    details: text('details').notNull().default(''),
    /** Stored picture names (media/uploads), at most three. */
    photos: jsonb('photos').$type<string[]>().notNull().default([]),
    amount: integer('amount').notNull(),
    /** The vendor's or administrator's last word to the buyer: why it was refused, how it was paid back. */
    note: text('note').notNull().default(''),
    refund_method: text('refund_method').notNull().default(''),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    check('returns_amount_positive', sql`${t.amount} > 0`),
    index('returns_part_idx').on(t.part_id),
    index('returns_user_idx').on(t.user_id, t.created_at),
    index('returns_status_idx').on(t.status, t.created_at),
  ],
);

/** The lines a return sends back, and how many of each. */
export const returnLines = pgTable(
  'return_lines',
  {
    id: serial('id').primaryKey(),
    return_id: integer('return_id')
      .notNull()
      .references(() => returns.id, { onDelete: 'cascade' }),
    order_item_id: integer('order_item_id')
      .notNull()
      .references(() => orderItems.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
  },
  (t) => [check('return_lines_quantity_positive', sql`${t.quantity} > 0`), index('return_lines_return_idx').on(t.return_id), index('return_lines_item_idx').on(t.order_item_id)],
);

export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    order_id: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    gateway: text('gateway').notNull(),
    status: text('status').notNull(),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull().default('UGX'),
    merchant_reference: text('merchant_reference').notNull(),
    gateway_reference: text('gateway_reference').notNull().default(''),
    redirect_url: text('redirect_url').notNull().default(''),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [index('payments_order_idx').on(t.order_id), uniqueIndex('payments_merchant_reference_idx').on(t.merchant_reference)],
);

/**
 * Every piece of news about a payment attempt, whether it changed anything or not: gateway notifications,
 * status checks, the store's own cancellations and an administrator's confirmation. Late, repeated and
 * out-of-order news is kept here with the reason it was ignored.
 */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: serial('id').primaryKey(),
    payment_id: integer('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    order_id: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** Who said it: 'stripe webhook', 'pesapal status', 'store', 'administrator' ... */
    source: text('source').notNull(),
    /** The gateway's own id for the message (a Stripe event id), when it has one. */
    external_id: text('external_id').notNull().default(''),
    reported: text('reported').notNull(),
    status_before: text('status_before').notNull(),
    status_after: text('status_after').notNull(),
    /** applied, ignored (with why), or overpayment. */
    outcome: text('outcome').notNull(),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    created_at: createdAt(),
  },
  (t) => [index('payment_events_payment_idx').on(t.payment_id, t.id), index('payment_events_order_idx').on(t.order_id)],
);

/**
 * Money the store owes back: a second payment for an order already paid, or the paid part of lines that were
 * cancelled. Due until it is paid back through the gateway (where the gateway can) or by hand.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: serial('id').primaryKey(),
    order_id: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** The attempt the money came in on, and goes back through. */
    payment_id: integer('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    amount: integer('amount').notNull(),
    /** overpayment, cancelled or returned. */
    reason: text('reason').notNull(),
    /** The return whose items came back, for a refund of returned lines. */
    return_id: integer('return_id').references((): AnyPgColumn => returns.id, { onDelete: 'set null' }),
    /** due, refunded or failed (the gateway refused; an administrator pays it back by hand). */
    status: text('status').notNull().default('due'),
    gateway_reference: text('gateway_reference').notNull().default(''),
    note: text('note').notNull().default(''),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    check('refunds_amount_positive', sql`${t.amount} > 0`),
    index('refunds_status_idx').on(t.status, t.created_at),
    index('refunds_order_idx').on(t.order_id),
  ],
);

/** What happened to an order and when: the timeline on the order page. */
export const orderEvents = pgTable(
  'order_events',
  {
    id: serial('id').primaryKey(),
    order_id: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    note: text('note').notNull().default(''),
    created_at: createdAt(),
  },
  (t) => [index('order_events_order_idx').on(t.order_id, t.created_at)],
);

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
 * each (`key`: a page's slug, `home-promotions`, `contact-details`). `published` is what everyone sees;
 * `draft` what an editor saved and only editors see. `version` grows with every save, publish and restore:
 * a save names the version it started from and is refused when another went in meanwhile.
 */
export const contentDocuments = pgTable('content_documents', {
  key: text('key').primaryKey(),
  kind: text('kind').notNull(),
  published: jsonb('published').$type<Record<string, unknown>>().notNull(),
  published_at: timestamp('published_at', { withTimezone: true }).notNull(),
  published_number: integer('published_number').notNull().default(1),
  draft: jsonb('draft').$type<Record<string, unknown>>(),
  draft_saved_at: timestamp('draft_saved_at', { withTimezone: true }),
  draft_saved_by: integer('draft_saved_by').references(() => users.id, { onDelete: 'set null' }),
  version: integer('version').notNull().default(1),
  changed_by: integer('changed_by').references(() => users.id, { onDelete: 'set null' }),
  changed_at: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Every published version of a document, the starting content as number 1; kept for history and restore. */
export const contentVersions = pgTable(
  'content_versions',
  {
    id: serial('id').primaryKey(),
    key: text('key')
      .notNull()
      .references(() => contentDocuments.key, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    content: jsonb('content').$type<Record<string, unknown>>().notNull(),
    published_by: integer('published_by').references(() => users.id, { onDelete: 'set null' }),
    /** Kept apart from the account, so history still names who published after the account is gone. */
    published_by_name: text('published_by_name').notNull().default(''),
    published_at: timestamp('published_at', { withTimezone: true }).notNull(),
    /** The version this one restored, or null for an edit. */
    restored_from: integer('restored_from'),
  },
  (t) => [uniqueIndex('content_versions_key_number_idx').on(t.key, t.number)],
);

/**
 * Text messages to buyers and vendors (src/server/sms). A text is written in the transaction of the change it
 * reports, so it exists exactly when that change commits, and is sent after the commit. `status`: queued
 * (waiting for `next_attempt_at`), sending (claimed by one store instance until `claimed_until`), sent, or
 * failed (given up, or a number that is not a Ugandan mobile); `last_error` keeps why the last try failed.
 */
export const smsMessages = pgTable(
  'sms_messages',
  {
    id: serial('id').primaryKey(),
    /** In international form (+2567XXXXXXXX); as it was written when it is not a Ugandan mobile number. */
    recipient: text('recipient').notNull(),
    body: text('body').notNull(),
    /** What it tells: order_placed, order_paid, order_shipped, order_delivered, order_cancelled, vendor_new_order. */
    kind: text('kind').notNull(),
    order_id: integer('order_id').references(() => orders.id, { onDelete: 'cascade' }),
    status: text('status').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    next_attempt_at: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    claimed_until: timestamp('claimed_until', { withTimezone: true }),
    last_error: text('last_error').notNull().default(''),
    /** The SMS service's message id, or the outbox file it was written to. */
    provider_reference: text('provider_reference').notNull().default(''),
    cost: text('cost').notNull().default(''),
    sent_at: timestamp('sent_at', { withTimezone: true }),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    // Only texts still to send are looked for, every few seconds by every instance: a small index.
    index('sms_messages_due_idx')
      .on(t.next_attempt_at, t.id)
      .where(sql`${t.status} IN ('queued', 'sending')`),
    index('sms_messages_order_idx').on(t.order_id),
    index('sms_messages_created_idx').on(t.created_at),
  ],
);
