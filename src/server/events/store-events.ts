/**
 * What the store's writes announce (event name → what it carries), for whoever acts on it: texts, mails, the
 * edge caches (subscribers.ts). A write names what happened in its own words; it never knows who listens.
 */
import type { Change } from '../cache/change';
import type { payouts } from '../db/schema';
import type { Language } from '../../lib/i18n/languages';
import type { CancelReason, OrderStatus } from '../../lib/order-rules';
import type { RefundMethod } from '../../lib/return-rules';
import type { MailedAccount } from '../accounts/account-mail';

/** A part's handover code as the buyer's text names it. */
export type HandoverNews = { vendorName: string; code: string };

/** An order as the news about it needs it: its buyer, its total and the language it was placed in. */
export type OrderNews = { id: number; customer_name: string; customer_phone: string; total: number; payment_status: string; language: Language };
/** What a return's news needs: its order and language, the buyer's name, what the items are worth and who handles it. */
export type ReturnNews = { orderId: number; customerName: string; amount: number; vendorName: string; language: Language };
/** A line of an order or a return as a vendor is told of it. */
export type NewsLine = { name: string; quantity: number };
/** A step of a return the buyer is told of, with what the news needs beyond the return. */
export type ReturnStepNews =
  { status: 'awaiting_item' } | { status: 'refused'; note: string } | { status: 'received' } | { status: 'refunded'; method: RefundMethod };
/** Where a vendor's payouts go: a network and its number, or a bank account (the other fields ''). */
export type PayoutDestination = { method: 'mtn_momo' | 'airtel_money' | 'bank'; phone: string; account_name: string; account_number: string; bank: string };
/** One way to reach an account that changed, and its values before and after. */
export type ContactChange = { field: 'shop_phone' | 'phone' | 'email'; before: string; after: string };
/** What a texted one-time code is for. */
export type CodePurpose = 'login' | 'reset';

export type StoreEvents = {
  /** A write changed what the caches hold; announced by transactionWithPurge itself once the write has committed. */
  'cache.changed': { change: Change; instancesJoined: boolean };
  /** An order was placed: its lines, with the vendor whose product each is (null: the store's own). */
  'order.placed': { order: OrderNews; lines: (NewsLine & { supplier: number | null })[]; origin: string };
  /**
   * The order's payment status has just become COMPLETED (`status` is the order's own: it may be cancelled);
   * `collectedAtDoor` when it is the cash its riders took on delivery.
   */
  'payment.completed': { order: OrderNews & { status: string }; collectedAtDoor: boolean };
  /** An order that waited for an online payment is now to be paid on delivery, for the first time: it may be prepared. */
  'payment.on_delivery': { order: OrderNews };
  /**
   * The whole order moved to `status`; `reason` when the store cancelled it. `payment_status` is the one before the
   * change. Shipped: `codes`, the handover code of each part, for the buyer alone. Delivered: `unconfirmed` when a
   * part was marked delivered without its code.
   */
  'order.status_changed': { status: OrderStatus; order: OrderNews; reason?: CancelReason; codes?: HandoverNews[]; unconfirmed?: boolean };
  /** One vendor's part of the order moved to `status` on its own (with its handover code when shipped, as the order's). */
  'part.status_changed': { status: OrderStatus; order: OrderNews; vendorName: string; code?: string; unconfirmed?: boolean };
  /** A buyer said a part marked delivered never arrived (vendorId null: the store's own part). */
  'part.disputed': { orderId: number; vendorId: number | null; origin: string };
  /** A buyer asked to return lines of a part (vendorId null: the store's own part). */
  'return.requested': { returnId: number; orderId: number; vendorId: number | null; lines: NewsLine[]; origin: string };
  /** A return took a step after it was asked. */
  'return.step': { returnId: number; phone: string; back: ReturnNews; step: ReturnStepNews; origin: string };
  /** A payout reached the vendor (`reference`: the network's or bank's). */
  'payout.completed': { payout: typeof payouts.$inferSelect; reference: string };
  /** A payout failed; its amount is available again. */
  'payout.failed': { payout: typeof payouts.$inferSelect; reason: string };
  /**
   * A vendor chose a new place for its payouts (`before`: null for its first), told on its phone and by mail;
   * `undo`: the link that puts `before` back, while payouts to `after` wait `waitHours` (null when nothing can be undone).
   */
  'payout_method.changed': {
    vendor: { id: number; language: Language };
    account: MailedAccount;
    after: PayoutDestination;
    before: PayoutDestination | null;
    undo: { link: string; waitHours: number } | null;
  };
  /** A change the vendor undid from its link: its payouts go to `restored` again, no longer to `dropped`. */
  'payout_method.restored': { vendor: { id: number; language: Language }; account: MailedAccount; restored: PayoutDestination; dropped: PayoutDestination };
  /**
   * An account's ways to reach it changed (its shop's phone, its own phone, its email): told on the numbers on
   * record before and after the change, and mailed to the addresses before and after it.
   */
  'contact.changed': {
    account: { id: number; first_name: string; language: Language };
    changes: ContactChange[];
    phones: { before: string; after: string };
    emails: { before: string; after: string };
  };
  /** A code proving a change was made for an account: `code` travels only to its phone on record, never to storage. */
  'change_code.requested': { phone: string; code: string; minutes: number; language: Language };
  /** A code was made for a phone number: `code` travels only to the number, never to storage. */
  'phone_code.requested': { phone: string; purpose: CodePurpose; code: string; minutes: number; language: Language };
  /** A password reset code was made for an account with an email. */
  'password_reset.requested': { account: MailedAccount; code: string; minutes: number };
};

export type EventName = keyof StoreEvents;
/** One announcement: an event's name with what it carries. */
export type Announcement = { [Name in EventName]: { name: Name; payload: StoreEvents[Name] } }[EventName];
