/**
 * Wishlist and review changes made offline, as rules on a queue: what a change holds (everything needed to
 * send it later, from a page or the service worker), how a new change folds into the ones still waiting,
 * how the server's answer is judged, and what the pages show meanwhile. Pure, so it is tested alone and
 * runs in the service worker too (src/scripts/queued-changes.ts keeps the queue in IndexedDB).
 */
import { addedLocally, type WishlistEntry, type WishlistState } from './wishlist-state';
import type { ReviewInput } from './review-rules';
import { API_MESSAGES } from './messages/api-messages';
import { QUEUED_CHANGE_MESSAGES } from './messages/queued-change-messages';
import { REVIEW_MESSAGES } from './messages/review-messages';
import { WISHLIST_MESSAGES } from './messages/wishlist-messages';
import { DEFAULT_LANGUAGE, languageOfTag, type Language } from './i18n/languages';
import type { Outcomes } from './i18n/en/outcomes';
import lugandaApi from './i18n/lg/outcomes/api';
import lugandaQueuedChange from './i18n/lg/outcomes/queued-change';
import lugandaReview from './i18n/lg/outcomes/review';
import lugandaWishlist from './i18n/lg/outcomes/wishlist';
import swahiliApi from './i18n/sw/outcomes/api';
import swahiliQueuedChange from './i18n/sw/outcomes/queued-change';
import swahiliReview from './i18n/sw/outcomes/review';
import swahiliWishlist from './i18n/sw/outcomes/wishlist';

export type ChangeKind = 'wishlist-add' | 'wishlist-remove' | 'review-save' | 'review-delete';

/** A change as a page asks for it: the request to send, and what to show until it is sent. */
export type ChangeRequest = {
  kind: ChangeKind;
  productId: number;
  /** The product's name, to tell the shopper about the change in plain words. */
  label: string;
  method: 'POST' | 'PUT' | 'DELETE';
  /** Empty for a review deletion whose review the server has not numbered yet: it can only cancel a waiting save. */
  path: string;
  body?: Record<string, unknown>;
  /** The hearted product, shown in the wishlist until the add is sent. */
  entry?: WishlistEntry;
  /** The review as written, shown as the shopper's own until it is sent. */
  review?: ReviewInput;
  /** A review save that creates the review: deleting it before it is sent cancels both. */
  creates?: boolean;
  /** A guest's heart merged at login: a product that no longer exists is dropped without a word. */
  quietIfGone?: boolean;
};

/** A change in the queue: whose it is and how to send it as them (the API knows callers by their bearer token). */
export type QueuedChange = ChangeRequest & {
  /** The queue's own number, in the order the changes were made. */
  id?: number;
  account: number;
  headers: Record<string, string>;
  queuedAt: number;
  /** How many times the server failed to answer it (5xx), not counting lost connections. */
  attempts: number;
  /** Set while a sender has it on the way: a new change never folds into it. */
  sendingSince?: number;
};

/** Changes of one kind of thing about one product (its heart, the shopper's review of it) fold together. */
const subject = (change: Pick<ChangeRequest, 'kind' | 'productId'>) => `${change.kind.split('-')[0]}:${change.productId}`;

export const isWishlistChange = (change: Pick<ChangeRequest, 'kind'>) => change.kind === 'wishlist-add' || change.kind === 'wishlist-remove';

export function wishlistChange(action: 'add' | 'remove', entry: WishlistEntry, options: { quietIfGone?: boolean } = {}): ChangeRequest {
  return {
    kind: `wishlist-${action}`,
    productId: entry.product_id,
    label: entry.product_name,
    method: 'POST',
    path: `/api/wishlist_${action}`,
    body: { product_id: entry.product_id },
    entry,
    ...(options.quietIfGone ? { quietIfGone: true } : {}),
  };
}

/** A new review or a change to one: both are `POST reviews`, which updates the shopper's review when there is one. */
export function reviewSaveChange(productId: number, label: string, review: ReviewInput, creates: boolean): ChangeRequest {
  return { kind: 'review-save', productId, label, method: 'POST', path: '/api/reviews', body: { product_id: productId, ...review }, review, creates };
}

export function reviewDeleteChange(productId: number, label: string, reviewId: number | null): ChangeRequest {
  return { kind: 'review-delete', productId, label, method: 'DELETE', path: reviewId === null ? '' : `/api/reviews/${reviewId}` };
}

/** What queueing a change does to the queue: records to take out, the record to add, and how it went. */
export type QueuePlan = { remove: number[]; add: QueuedChange | null; outcome: 'queued' | 'cancelled' | 'unsendable' };

/**
 * How `incoming` joins the changes already waiting (oldest first). It folds only into the latest waiting
 * change of the same account and subject that no sender has picked up:
 * - a heart: the same change again is kept once; the opposite one (add then remove) cancels both;
 * - a review: a save replaces a waiting save (edits collapse to the last) and follows a waiting delete;
 *   a delete cancels a waiting save that creates the review, replaces one that edits it, and is kept once.
 * Anything else is added at the end, so changes go out in the order they were made.
 */
export function planQueueing(queue: readonly QueuedChange[], incoming: QueuedChange): QueuePlan {
  const key = subject(incoming);
  const last = queue.filter((change) => change.account === incoming.account && subject(change) === key).at(-1);
  const waiting = last && last.sendingSince === undefined && last.id !== undefined ? (last as QueuedChange & { id: number }) : undefined;
  const append: QueuePlan = incoming.path ? { remove: [], add: incoming, outcome: 'queued' } : { remove: [], add: null, outcome: 'unsendable' };
  if (!waiting) return append;
  if (isWishlistChange(incoming)) {
    return waiting.kind === incoming.kind ? { remove: [], add: null, outcome: 'queued' } : { remove: [waiting.id], add: null, outcome: 'cancelled' };
  }
  if (incoming.kind === 'review-save') {
    return waiting.kind === 'review-save' ? { remove: [waiting.id], add: { ...incoming, creates: waiting.creates }, outcome: 'queued' } : append;
  }
  if (waiting.kind === 'review-delete') return { remove: [], add: null, outcome: 'queued' };
  if (waiting.creates) return { remove: [waiting.id], add: null, outcome: 'cancelled' };
  return incoming.path ? { remove: [waiting.id], add: incoming, outcome: 'queued' } : append;
}

/** How many times a change meets a server error (5xx, 429, 408) before the shopper is told it failed. */
export const MAX_SERVER_TRIES = 5;

export type ReplyOutcome =
  | { kind: 'sent'; data: unknown }
  | { kind: 'refused'; message: string; quiet: boolean }
  /** Not answered: keep it and try later. `counted` when the server answered with an error, not when the connection failed. */
  | { kind: 'retry'; counted: boolean };

type Envelope = { code?: number; success?: boolean; message?: string; data?: unknown } | null;

type ToldTexts = Pick<Outcomes, 'api' | 'queuedChange' | 'review' | 'wishlist'>;

/**
 * What a refused change is told with, in each language. A change is told in the language of the page it was
 * made on (the server's reason comes in it too), and may be told by the service worker, which has no page
 * to load texts from: so every language's few texts are here.
 */
const TOLD_IN: Record<Language, ToldTexts> = {
  en: { api: API_MESSAGES, queuedChange: QUEUED_CHANGE_MESSAGES, review: REVIEW_MESSAGES, wishlist: WISHLIST_MESSAGES },
  lg: { api: lugandaApi, queuedChange: lugandaQueuedChange, review: lugandaReview, wishlist: lugandaWishlist },
  sw: { api: swahiliApi, queuedChange: swahiliQueuedChange, review: swahiliReview, wishlist: swahiliWishlist },
};

/** The language a change is told in: the one its page asked the server to answer in. */
export function languageOfChange(change: Pick<QueuedChange, 'headers'>): Language {
  const asked = change.headers['Accept-Language'];
  return asked ? languageOfTag(asked) : DEFAULT_LANGUAGE;
}

const fallbackOf = (kind: ChangeKind, { review, wishlist }: ToldTexts): string =>
  ({
    'wishlist-add': wishlist.addFailed,
    'wishlist-remove': wishlist.removeFailed,
    'review-save': review.submitFailed,
    'review-delete': review.deleteFailed,
  })[kind];

/**
 * Judges the server's answer to a queued change (`status` 0: no answer at all). Success is the envelope's
 * (code 1; review calls by their success flag, spec section 5). Taking off a heart or deleting a review that
 * is already gone has done what was asked. A server error is tried again a few times; any other refusal
 * is final and is told to the shopper, except a merged guest heart whose product is gone. The store's own
 * words for a refusal are in `language`; the server's reason is in whatever language it answered.
 */
export function replyOutcome(
  change: Pick<QueuedChange, 'kind' | 'attempts' | 'quietIfGone'>,
  status: number,
  body: Envelope,
  language: Language = DEFAULT_LANGUAGE,
): ReplyOutcome {
  const told = TOLD_IN[language];
  if (status === 0) return { kind: 'retry', counted: false };
  const review = change.kind === 'review-save' || change.kind === 'review-delete';
  const succeeded = status < 400 && body !== null && (review ? body.success === true : body.code === 1);
  if (succeeded) return { kind: 'sent', data: body.data ?? null };
  if (status === 404 && (change.kind === 'wishlist-remove' || change.kind === 'review-delete')) return { kind: 'sent', data: null };
  if (status >= 500 || status === 429 || status === 408) {
    if (change.attempts + 1 < MAX_SERVER_TRIES) return { kind: 'retry', counted: true };
    return { kind: 'refused', message: told.api.server, quiet: false };
  }
  if (status === 401) return { kind: 'refused', message: told.api.sessionExpired, quiet: false };
  const reason = (body?.code !== 1 && body?.message) || fallbackOf(change.kind, told);
  return { kind: 'refused', message: reason, quiet: Boolean(change.quietIfGone) && status === 404 };
}

/** What the shopper is told, in `language`, when the server refuses a change they made offline. */
export function refusalText(change: Pick<ChangeRequest, 'kind' | 'label'>, reason: string, language: Language = DEFAULT_LANGUAGE): string {
  const { queuedChange } = TOLD_IN[language];
  const say = {
    'wishlist-add': queuedChange.wishlistAddRefused,
    'wishlist-remove': queuedChange.wishlistRemoveRefused,
    'review-save': queuedChange.reviewSaveRefused,
    'review-delete': queuedChange.reviewDeleteRefused,
  }[change.kind];
  return say(change.label, reason);
}

/** The wishlist as the shopper sees it: the server's list with the heart changes still waiting applied, in order. */
export function withWaitingHearts(state: WishlistState, waiting: readonly ChangeRequest[]): WishlistState {
  return waiting.reduce((shown, change) => {
    if (change.kind === 'wishlist-add' && change.entry) return addedLocally(shown, change.entry);
    if (change.kind === 'wishlist-remove') return { ...shown, items: shown.items.filter((item) => item.product_id !== change.productId) };
    return shown;
  }, state);
}

/** The products whose heart has a change waiting to be sent. */
export function waitingHeartIds(waiting: readonly ChangeRequest[]): Set<number> {
  return new Set(waiting.filter(isWishlistChange).map((change) => change.productId));
}

/** The latest change waiting for the shopper's review of a product: it is what their review shows until sent. */
export function waitingReviewChange(waiting: readonly ChangeRequest[], productId: number): ChangeRequest | undefined {
  return waiting.filter((change) => !isWishlistChange(change) && change.productId === productId).at(-1);
}
