/**
 * The outcome texts of src/lib/messages (successes, failures, refusals) by domain: the English that the Luganda
 * and Swahili tables (../lg/outcomes, ../sw/outcomes) translate key for key. The API says them in the language a
 * client asks for (src/lib/messages/say-message.ts says a message's key); pages and islands may name them too.
 * Not part of the page catalogue (./index.ts): a message names its entry as `domain.key`, not by a path in `t`.
 */
import { ACCOUNT_MESSAGES } from '../../messages/account-messages';
import { API_MESSAGES } from '../../messages/api-messages';
import { CART_MESSAGES } from '../../messages/cart-messages';
import { CATEGORY_MESSAGES } from '../../messages/category-messages';
import { CHANGE_PROOF_MESSAGES } from '../../messages/change-proof-messages';
import { CONTENT_MESSAGES } from '../../messages/content-messages';
import { CONTENT_SAFETY_MESSAGES } from '../../messages/content-safety-messages';
import { DASHBOARD_MESSAGES } from '../../messages/dashboard-messages';
import { DATA_SAVER_MESSAGES } from '../../messages/data-saver-messages';
import { ERROR_REPORT_MESSAGES } from '../../messages/error-report-messages';
import { ERROR_SCREEN_MESSAGES } from '../../messages/error-screen-messages';
import { FIELD_MESSAGES } from '../../messages/field-messages';
import { FIELD_NAME_MESSAGES } from '../../messages/field-name-messages';
import { LANGUAGE_MESSAGES } from '../../messages/language-messages';
import { LIMIT_MESSAGES } from '../../messages/limit-messages';
import { MARKETER_MESSAGES } from '../../messages/marketer-messages';
import { MOBILE_MONEY_MESSAGES } from '../../messages/mobile-money-messages';
import { MONITORING_MESSAGES } from '../../messages/monitoring-messages';
import { OFFLINE_MESSAGES } from '../../messages/offline-messages';
import { ORDER_MESSAGES } from '../../messages/order-messages';
import { ORDER_STATUS_MESSAGES } from '../../messages/order-status-messages';
import { PAYMENT_MESSAGES } from '../../messages/payment-messages';
import { PAYOUT_METHOD_MESSAGES } from '../../messages/payout-method-messages';
import { PAYOUT_RUN_MESSAGES } from '../../messages/payout-run-messages';
import { PRODUCT_MESSAGES } from '../../messages/product-messages';
import { QUEUED_CHANGE_MESSAGES } from '../../messages/queued-change-messages';
import { REQUEST_MESSAGES } from '../../messages/request-messages';
import { RETURN_MESSAGES } from '../../messages/return-messages';
import { REVIEW_MESSAGES } from '../../messages/review-messages';
import { REVIEW_REPLY_MESSAGES } from '../../messages/review-reply-messages';
import { ROLE_MESSAGES } from '../../messages/role-messages';
import { SEARCH_MESSAGES } from '../../messages/search-messages';
import { UPLOAD_MESSAGES } from '../../messages/upload-messages';
import { VENDOR_MESSAGES } from '../../messages/vendor-messages';
import { WISHLIST_MESSAGES } from '../../messages/wishlist-messages';
import { WISHLIST_REPLY_MESSAGES } from '../../messages/wishlist-reply-messages';

export const outcomes = {
  account: ACCOUNT_MESSAGES,
  api: API_MESSAGES,
  cart: CART_MESSAGES,
  category: CATEGORY_MESSAGES,
  changeProof: CHANGE_PROOF_MESSAGES,
  contentSafety: CONTENT_SAFETY_MESSAGES,
  dataSaver: DATA_SAVER_MESSAGES,
  errorReport: ERROR_REPORT_MESSAGES,
  errorScreen: ERROR_SCREEN_MESSAGES,
  field: FIELD_MESSAGES,
  fieldName: FIELD_NAME_MESSAGES,
  language: LANGUAGE_MESSAGES,
  limit: LIMIT_MESSAGES,
  mobileMoney: MOBILE_MONEY_MESSAGES,
  offline: OFFLINE_MESSAGES,
  order: ORDER_MESSAGES,
  orderStatus: ORDER_STATUS_MESSAGES,
  payment: PAYMENT_MESSAGES,
  product: PRODUCT_MESSAGES,
  queuedChange: QUEUED_CHANGE_MESSAGES,
  request: REQUEST_MESSAGES,
  return: RETURN_MESSAGES,
  review: REVIEW_MESSAGES,
  reviewReply: REVIEW_REPLY_MESSAGES,
  role: ROLE_MESSAGES,
  search: SEARCH_MESSAGES,
  upload: UPLOAD_MESSAGES,
  vendor: VENDOR_MESSAGES,
  wishlist: WISHLIST_MESSAGES,
  wishlistReply: WISHLIST_REPLY_MESSAGES,
};

/**
 * Tables only staff read, which stay English with the staff tools (the page editor and the dashboard are
 * English this round): a reply with one of their texts is English in every language.
 */
export const STAFF_ONLY_TABLES: Record<string, string> = {
  CONTENT_MESSAGES: "the page editor's outcomes (drafts, publishing, versions): only marketers and administrators see them",
  MARKETER_MESSAGES: 'adding and removing marketers: only administrators see them, on the dashboard',
  PAYOUT_METHOD_MESSAGES: "a vendor's payout method: only vendors and administrators see them, on the dashboard",
  PAYOUT_RUN_MESSAGES: 'payout runs, holds and bank payouts: administrators and vendors, on the dashboard',
  DASHBOARD_MESSAGES: "the vendor dashboard's form refusals: the dashboard's pages are English this round, as its other words are",
  MONITORING_MESSAGES: "the health check's and the performance reports' replies: read by the monitoring and the pages' reporter, never shown",
};

/** The same tables as keys for messages (src/lib/messages/message.ts): said in English in every language. */
export const staffOutcomes = {
  content: CONTENT_MESSAGES,
  dashboard: DASHBOARD_MESSAGES,
  marketer: MARKETER_MESSAGES,
  monitoring: MONITORING_MESSAGES,
  payoutMethod: PAYOUT_METHOD_MESSAGES,
  payoutRun: PAYOUT_RUN_MESSAGES,
};

export type StaffOutcomes = typeof staffOutcomes;

/** A table in another language: every text a string, every function the same parameters, no key missing or extra. */
export type TranslatedTable<Table> = {
  readonly [Key in keyof Table]: Table[Key] extends (...args: infer Args) => string ? (...args: Args) => string : string;
};

export type Outcomes = { readonly [Domain in keyof typeof outcomes]: TranslatedTable<(typeof outcomes)[Domain]> };
