/**
 * The vendors' side of the money (src/server/payouts): commission rates by category, each vendor's earnings
 * ledger, where a vendor is paid, and the payouts that pay it.
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './schema-columns';
import { orderItems, orderParts, orders, returns } from './schema-orders';
import { categories, users } from './schema-people';

/**
 * Every commission rate ever set, newest last: the rate of a category is its latest row, a category without
 * one takes its parent's, and the row with no category is the rate of everything else. Rates are in
 * hundredths of a percent (8.50% is 850). An order line keeps the rate it was placed under
 * (order_items.commission_basis_points), so a change applies to orders placed after it.
 */
export const commissionRates = pgTable(
  'commission_rates',
  {
    id: serial('id').primaryKey(),
    category_id: integer('category_id').references(() => categories.id, { onDelete: 'cascade' }),
    basis_points: integer('basis_points').notNull(),
    set_by: integer('set_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: createdAt(),
  },
  (t) => [check('commission_rates_range', sql`${t.basis_points} BETWEEN 0 AND 10000`), index('commission_rates_category_idx').on(t.category_id, t.id)],
);

/**
 * Each vendor's earnings and what it owes, append-only, in whole UGX. `kind`:
 * - sale: a delivered line earns its price less commission (gross − commission = net), available from
 *   `available_at` (delivery + PAYOUT_HOLD_DAYS);
 * - cash_collected: the vendor's rider took the cash of a cash-on-delivery part at the door (gross = net =
 *   minus what was collected), at the part's sales' `available_at`: with them it moves the balance by minus the
 *   commission, the store's share the vendor now holds;
 * - return: a refunded return takes back the returned lines' share and commission (negative amounts), at the
 *   sale's `available_at` while still held, otherwise at once (a debit on the balance);
 * - reversal: a part an administrator ruled not delivered undoes one of its sale or cash lines (`reverses_id`);
 * - payout: money sent to the vendor (net = −amount), available at once;
 * - payout_returned: a failed payout's money back (net = +amount);
 * - settlement: money the vendor paid the store for what it owed (net = +amount), available at once.
 * Pending is the net not yet available, available the net available now. The lines of a part whose delivery the
 * buyer disputes are frozen (`available_at` = FROZEN_UNTIL) until an administrator rules. `available_at` is the
 * one column that changes, and only for a part's sale and cash lines while its delivery is unconfirmed
 * (payouts/delivery-confirmation.ts). Unique keys make each line once.
 */
export const vendorEarnings = pgTable(
  'vendor_earnings',
  {
    id: serial('id').primaryKey(),
    vendor_id: integer('vendor_id')
      .notNull()
      .references(() => users.id),
    kind: text('kind').$type<'sale' | 'cash_collected' | 'return' | 'reversal' | 'payout' | 'payout_returned' | 'settlement'>().notNull(),
    order_id: integer('order_id').references(() => orders.id),
    part_id: integer('part_id').references(() => orderParts.id),
    order_item_id: integer('order_item_id').references(() => orderItems.id),
    return_id: integer('return_id').references(() => returns.id),
    payout_id: integer('payout_id').references(() => payouts.id),
    settlement_id: integer('settlement_id').references(() => settlements.id),
    reverses_id: integer('reverses_id').references((): AnyPgColumn => vendorEarnings.id),
    quantity: integer('quantity').notNull().default(0),
    gross: integer('gross').notNull().default(0),
    commission: integer('commission').notNull().default(0),
    net: integer('net').notNull(),
    basis_points: integer('basis_points'),
    available_at: timestamp('available_at', { withTimezone: true }).notNull(),
    created_at: createdAt(),
  },
  (t) => [
    check('vendor_earnings_kind_known', sql`${t.kind} IN ('sale', 'cash_collected', 'return', 'reversal', 'payout', 'payout_returned', 'settlement')`),
    check('vendor_earnings_net_adds_up', sql`${t.net} = ${t.gross} - ${t.commission} OR ${t.kind} IN ('payout', 'payout_returned', 'settlement')`),
    uniqueIndex('vendor_earnings_sale_once_idx')
      .on(t.order_item_id)
      .where(sql`${t.kind} = 'sale'`),
    uniqueIndex('vendor_earnings_cash_once_idx')
      .on(t.part_id)
      .where(sql`${t.kind} = 'cash_collected'`),
    uniqueIndex('vendor_earnings_return_once_idx')
      .on(t.return_id, t.order_item_id)
      .where(sql`${t.kind} = 'return'`),
    uniqueIndex('vendor_earnings_reversal_once_idx')
      .on(t.reverses_id)
      .where(sql`${t.kind} = 'reversal'`),
    uniqueIndex('vendor_earnings_payout_once_idx')
      .on(t.payout_id, t.kind)
      .where(sql`${t.kind} IN ('payout', 'payout_returned')`),
    uniqueIndex('vendor_earnings_settlement_once_idx')
      .on(t.settlement_id)
      .where(sql`${t.kind} = 'settlement'`),
    index('vendor_earnings_vendor_available_idx').on(t.vendor_id, t.available_at),
    index('vendor_earnings_vendor_created_idx').on(t.vendor_id, t.created_at, t.id),
    index('vendor_earnings_part_idx').on(t.part_id),
  ],
);

/**
 * Money a vendor pays the store for what it owes (the commission on cash its riders collected): asked of its
 * mobile money through the store's collection clients (`method` mtn_momo or airtel_money, PENDING until the
 * network approves or declines), or received by hand and recorded by an administrator (`method` hand,
 * COMPLETED at once, `reference` the receipt). A COMPLETED settlement has one ledger line of kind settlement.
 */
export const settlements = pgTable(
  'settlements',
  {
    id: serial('id').primaryKey(),
    vendor_id: integer('vendor_id')
      .notNull()
      .references(() => users.id),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull().default('UGX'),
    method: text('method').$type<'mtn_momo' | 'airtel_money' | 'hand'>().notNull(),
    /** The number asked to pay, E.164; '' for hand. */
    phone: text('phone').notNull().default(''),
    status: text('status').$type<'PENDING' | 'COMPLETED' | 'FAILED'>().notNull().default('PENDING'),
    /** The store's reference for the request, unique; the network knows the request by `gateway_reference`. */
    merchant_reference: text('merchant_reference').notNull(),
    gateway_reference: text('gateway_reference').notNull().default(''),
    /** The network's transaction id, or the receipt an administrator recorded. */
    reference: text('reference').notNull().default(''),
    failure_reason: text('failure_reason').notNull().default(''),
    recorded_by: integer('recorded_by').references(() => users.id, { onDelete: 'set null' }),
    /** When the network was last asked about it, so callbacks and the reconciler ask at most every few seconds. */
    checked_at: timestamp('checked_at', { withTimezone: true }),
    completed_at: timestamp('completed_at', { withTimezone: true }),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    check('settlements_amount_positive', sql`${t.amount} > 0`),
    check('settlements_status_known', sql`${t.status} IN ('PENDING', 'COMPLETED', 'FAILED')`),
    check('settlements_method_known', sql`${t.method} IN ('mtn_momo', 'airtel_money', 'hand')`),
    uniqueIndex('settlements_merchant_reference_idx').on(t.merchant_reference),
    index('settlements_vendor_idx').on(t.vendor_id, t.created_at),
    index('settlements_pending_idx')
      .on(t.id)
      .where(sql`${t.status} = 'PENDING'`),
  ],
);

/**
 * Where a vendor is paid, and whether its payouts are held. One row a vendor: a payout locks it, so two runs
 * (or two instances) never pay the same balance twice.
 */
export const payoutAccounts = pgTable(
  'payout_accounts',
  {
    vendor_id: integer('vendor_id')
      .primaryKey()
      .references(() => users.id),
    /** '' (not chosen yet), mtn_momo, airtel_money or bank. */
    method: text('method').notNull().default(''),
    /** The mobile money number, E.164 (+2567...). */
    phone: text('phone').notNull().default(''),
    account_name: text('account_name').notNull().default(''),
    account_number: text('account_number').notNull().default(''),
    bank: text('bank').notNull().default(''),
    /**
     * When a new destination replaced an earlier one. Payouts wait PAYOUT_METHOD_WAIT_HOURS from then, so whoever
     * changed it without the vendor (a stolen password) cannot send the balance away before the vendor, texted
     * about the change, can call the store. A first destination does not wait.
     */
    destination_changed_at: timestamp('destination_changed_at', { withTimezone: true }),
    /** Why an administrator holds this vendor's payouts; '' when not held. */
    hold_reason: text('hold_reason').notNull().default(''),
    held_by: integer('held_by').references(() => users.id, { onDelete: 'set null' }),
    held_at: timestamp('held_at', { withTimezone: true }),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [check('payout_accounts_method_known', sql`${t.method} IN ('', 'mtn_momo', 'airtel_money', 'bank')`)],
);

/**
 * Every change of a vendor's payout destination that replaced another, with what it replaced, so the vendor can
 * undo it from the link in the text about it (payout-destination-changes.ts): `before_changed_at` is the
 * destination_changed_at the earlier destination had, put back with it. A change is undone once (`cancelled_at`).
 */
export const payoutDestinationChanges = pgTable(
  'payout_destination_changes',
  {
    id: serial('id').primaryKey(),
    vendor_id: integer('vendor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    before: jsonb('before').$type<{ method: string; phone: string; account_name: string; account_number: string; bank: string }>().notNull(),
    before_changed_at: timestamp('before_changed_at', { withTimezone: true }),
    after: jsonb('after').$type<{ method: string; phone: string; account_name: string; account_number: string; bank: string }>().notNull(),
    created_at: createdAt(),
    cancelled_at: timestamp('cancelled_at', { withTimezone: true }),
  },
  (t) => [index('payout_destination_changes_vendor_idx').on(t.vendor_id, t.id)],
);

/** A payout run: started by an administrator, or by the schedule once a payout day (`key` scheduled:YYYY-MM-DD). */
export const payoutRuns = pgTable('payout_runs', {
  id: serial('id').primaryKey(),
  key: text('key').notNull().unique(),
  started_by: integer('started_by').references(() => users.id, { onDelete: 'set null' }),
  payouts: integer('payouts').notNull().default(0),
  total: integer('total').notNull().default(0),
  created_at: createdAt(),
  finished_at: timestamp('finished_at', { withTimezone: true }),
});

/**
 * Money sent to a vendor: PENDING (its amount already taken from the balance; sent, or about to be, under
 * `gateway_reference`, the id the network knows it by), COMPLETED (`reference`: the network's transaction id
 * or the bank transfer's reference), FAILED (`failure_reason`; the amount went back to available).
 */
export const payouts = pgTable(
  'payouts',
  {
    id: serial('id').primaryKey(),
    vendor_id: integer('vendor_id')
      .notNull()
      .references(() => users.id),
    run_id: integer('run_id').references(() => payoutRuns.id),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull().default('UGX'),
    method: text('method').notNull(),
    /** Where it went, as the payout account said then: {phone} or {account_name, account_number, bank}. */
    destination: jsonb('destination').$type<Record<string, string>>().notNull().default({}),
    status: text('status').$type<'PENDING' | 'COMPLETED' | 'FAILED'>().notNull().default('PENDING'),
    gateway_reference: text('gateway_reference').notNull().default(''),
    reference: text('reference').notNull().default(''),
    failure_reason: text('failure_reason').notNull().default(''),
    attempts: integer('attempts').notNull().default(0),
    /** When the network was first asked to send it; null until then. */
    sent_at: timestamp('sent_at', { withTimezone: true }),
    /** Held by one instance while it asks the network, so two never ask at once. */
    claimed_until: timestamp('claimed_until', { withTimezone: true }),
    completed_at: timestamp('completed_at', { withTimezone: true }),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    check('payouts_amount_positive', sql`${t.amount} > 0`),
    check('payouts_status_known', sql`${t.status} IN ('PENDING', 'COMPLETED', 'FAILED')`),
    uniqueIndex('payouts_run_vendor_idx').on(t.run_id, t.vendor_id),
    uniqueIndex('payouts_gateway_reference_idx')
      .on(t.gateway_reference)
      .where(sql`${t.gateway_reference} <> ''`),
    index('payouts_vendor_idx').on(t.vendor_id, t.created_at),
    index('payouts_pending_idx')
      .on(t.id)
      .where(sql`${t.status} = 'PENDING'`),
  ],
);

/** Every piece of news about a payout, applied or ignored, as payment_events keeps it for collections. */
export const payoutEvents = pgTable(
  'payout_events',
  {
    id: serial('id').primaryKey(),
    payout_id: integer('payout_id')
      .notNull()
      .references(() => payouts.id),
    /** Who said it: 'mtn_momo status', 'airtel_money callback', 'store', 'administrator' ... */
    source: text('source').notNull(),
    reported: text('reported').notNull(),
    status_before: text('status_before').notNull(),
    status_after: text('status_after').notNull(),
    outcome: text('outcome').notNull(),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    created_at: createdAt(),
  },
  (t) => [index('payout_events_payout_idx').on(t.payout_id, t.id)],
);
