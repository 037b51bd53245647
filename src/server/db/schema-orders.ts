/**
 * The orders' side of the schema (one Postgres schema for both drivers, see schema.ts): orders, their parts,
 * lines and timeline, returns, payments, refunds and the texts sent about them.
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { createdAt, knownLanguage, language, updatedAt } from './schema-columns';
import { deliveryLocations, products, users } from './schema-people';

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
    /** The language the order was placed in: its texts and mails are written in it. */
    language: language(),
    /** Why the store itself cancelled the order: 'unpaid' (not paid in time); '' otherwise. */
    cancel_reason: text('cancel_reason').notNull().default(''),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    index('orders_user_idx').on(t.user_id, t.created_at),
    // The orders still waiting for their money, looked for by every instance every few seconds: a small index.
    index('orders_awaiting_payment_idx')
      .on(t.id)
      .where(sql`${t.status} = 'pending' AND ${t.payment_status} IN ('PENDING_PAYMENT', 'FAILED', 'CANCELLED', 'REVERSED')`),
    uniqueIndex('orders_idempotency_idx').on(t.user_id, t.idempotency_key),
    check('orders_language_known', knownLanguage(t.language)),
  ],
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
    /**
     * The four digits the buyer gives the rider at the door, made when the part ships and shown to the buyer
     * alone; the vendor marks the part delivered with it. '' before shipping.
     */
    handover_code: text('handover_code').notNull().default(''),
    /** Wrong handover codes given for this part; at HANDOVER_CODE_TRIES the code is locked until an administrator unlocks it. */
    handover_failures: integer('handover_failures').notNull().default(0),
    handover_locked_at: timestamp('handover_locked_at', { withTimezone: true }),
    /**
     * How the buyer's receipt is known: 'code' (the rider was given the handover code), 'buyer' (the buyer said
     * so), 'administrator' (a dispute resolved as delivered); '' while unconfirmed. A part delivered without its
     * code counts as received once DELIVERY_CONFIRM_DAYS pass with no dispute.
     */
    confirmed_by: text('confirmed_by').notNull().default(''),
    confirmed_at: timestamp('confirmed_at', { withTimezone: true }),
    /** '' (none), 'open' (the buyer said it never came), 'delivered' or 'not_delivered' (an administrator's ruling). */
    dispute: text('dispute').notNull().default(''),
    disputed_at: timestamp('disputed_at', { withTimezone: true }),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    index('order_parts_order_idx').on(t.order_id),
    index('order_parts_vendor_idx').on(t.vendor_id, t.status),
    check('order_parts_confirmed_by_known', sql`${t.confirmed_by} IN ('', 'code', 'buyer', 'administrator')`),
    check('order_parts_dispute_known', sql`${t.dispute} IN ('', 'open', 'delivered', 'not_delivered')`),
    index('order_parts_open_disputes_idx')
      .on(t.disputed_at)
      .where(sql`${t.dispute} = 'open'`),
  ],
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
    /** The commission rate the line was placed under (commission_rates); null for lines placed before rates. */
    commission_basis_points: integer('commission_basis_points'),
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
  (t) => [
    check('return_lines_quantity_positive', sql`${t.quantity} > 0`),
    index('return_lines_return_idx').on(t.return_id),
    index('return_lines_item_idx').on(t.order_item_id),
  ],
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
  (t) => [
    index('payments_order_idx').on(t.order_id),
    uniqueIndex('payments_merchant_reference_idx').on(t.merchant_reference),
    // The payment pages still to close (src/server/payments/page-closer.ts), looked for by every instance every
    // few seconds: a small index.
    index('payments_pages_to_close_idx')
      .on(t.id)
      .where(sql`${t.details}->>'page_to_close' IS NOT NULL`),
  ],
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
    /**
     * due, refunding (claimed while its gateway is asked to pay it back; see claimRefund in payments/ledger.ts),
     * refunded or failed (the gateway refused; an administrator pays it back by hand).
     */
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

/**
 * The kinds of timeline entries: ORDER_EVENT_KINDS of src/lib/order-events.ts, spelt out because the database
 * layer imports nothing above it. A kind added there and not here is refused by the type checker where a
 * service writes it.
 */
const STORED_ORDER_EVENT_KINDS = ['order', 'store_cancelled', 'payment', 'part', 'lines', 'return_requested', 'return_step', 'refund_due', 'refunded'] as const;

/**
 * What happened to an order and when: the timeline on the order page. An entry is a kind and the values its
 * words are written with (src/lib/order-events.ts says each kind's), never words: each reader's language says it.
 */
export const orderEvents = pgTable(
  'order_events',
  {
    id: serial('id').primaryKey(),
    order_id: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<(typeof STORED_ORDER_EVENT_KINDS)[number]>().notNull(),
    values: jsonb('values').$type<Record<string, unknown>>().notNull().default({}),
    created_at: createdAt(),
  },
  (t) => [
    index('order_events_order_idx').on(t.order_id, t.created_at),
    check('order_events_kind_known', sql`${t.kind} IN (${sql.raw(STORED_ORDER_EVENT_KINDS.map((kind) => `'${kind}'`).join(', '))})`),
  ],
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
    /** The account whose doing the text reports (an order's buyer, a vendor's payout); null for codes. Counted against its budget. */
    account_id: integer('account_id').references(() => users.id, { onDelete: 'set null' }),
    /** queued, sending, sent, failed, or skipped: held back by the texts' budget (sms-budget.ts), why in last_error. */
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
    // The budget counts a number's and an account's recent texts before each one is queued.
    index('sms_messages_recipient_idx').on(t.recipient, t.created_at),
    index('sms_messages_account_idx').on(t.account_id, t.created_at),
  ],
);
