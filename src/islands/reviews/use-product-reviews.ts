/**
 * What the product page's reviews block holds: the page of reviews in its sort, the figures, the shopper's
 * own review, and writing, changing or deleting it. The server's first page and figures are the starting
 * data; the islands' query cache keeps them fresh, and every write asks again for all of the product's reviews. A write made
 * offline (or that gets no answer) waits in the queue of changes: the shopper's review shows it, marked,
 * until it is sent, then becomes the server's again.
 */
import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { $auth } from '~/stores/auth';
import { showToast } from '~/stores/toasts';
import { showProductRating } from '~/stores/reviews';
import { $queuedChanges, onChangeSettled, queueAndSend, watchQueuedChanges } from '~/stores/queued-changes';
import { isNetworkFailure } from '~/browser/api';
import { reviewDeleteChange, reviewSaveChange, waitingReviewChange, type ChangeRequest } from '~/lib/queued-change-rules';
import {
  EMPTY_REVIEW_PAGE,
  EMPTY_REVIEW_STATS,
  reviewerName,
  type ProductRating,
  type Review,
  type ReviewInput,
  type ReviewPage,
  type ReviewSort,
  type ReviewStats,
} from '~/lib/review-rules';
import { useHydrated } from '../use-hydrated';
import { useQuery } from '../use-query';
import { deleteReview, readReviews, refreshProductReviews, REVIEW_QUERY_OPTIONS, reviewKeys, submitReview, updateReview } from './reviews-api';
import { islandTranslator } from '~/lib/i18n/current';

/** What the server rendered into the page, and for which product. */
export type ReviewsStart = { productId: number; productName: string; initialPage: ReviewPage; initialStats: ReviewStats; initialSort: ReviewSort };

/** The shopper's review as they wrote it offline, over what the server has (if it has one yet). */
function waitingReview(
  input: ReviewInput,
  server: Review | null | undefined,
  author: { id: number; first_name: string; last_name: string } | null,
  productId: number,
): Review {
  const now = new Date().toISOString();
  const name = server?.user_name ?? reviewerName(author?.first_name ?? '', author?.last_name ?? '');
  return {
    id: server?.id ?? 0,
    product_id: productId,
    user_id: author?.id ?? 0,
    user_name: name,
    user: server?.user ?? { id: author?.id ?? 0, name, avatar: '' },
    verified_purchase: server?.verified_purchase ?? false,
    helpful_count: server?.helpful_count ?? 0,
    created_at: server?.created_at ?? now,
    updated_at: now,
    ...input,
  };
}

/** The reviews block's state, starting from what the server rendered, and the shopper's writes. */
export function useProductReviews({ productId, productName, initialPage, initialStats, initialSort }: ReviewsStart) {
  const hydrated = useHydrated();
  const auth = useStore($auth);
  const loggedIn = hydrated && auth.isAuthenticated;
  const [sort, setSort] = useState(initialSort);
  const [page, setPage] = useState(initialPage.pagination.current_page);
  const [editing, setEditing] = useState(false);
  const [busy, setBusy] = useState(false);
  const { t } = islandTranslator();
  const words = t.reviews;

  const showsInitial = sort === initialSort && page === initialPage.pagination.current_page;
  const list = useQuery<ReviewPage, string>(reviewKeys.page(productId, page, sort), readReviews, {
    ...REVIEW_QUERY_OPTIONS,
    fallback: showsInitial ? initialPage : undefined,
  });
  const stats = useQuery<ReviewStats, string>(reviewKeys.stats(productId), readReviews, { ...REVIEW_QUERY_OPTIONS, fallback: initialStats });
  const mine = useQuery<Review | null, string>(loggedIn ? reviewKeys.mine(productId) : null, readReviews, REVIEW_QUERY_OPTIONS);
  const waiting = waitingReviewChange(useStore($queuedChanges), productId);
  const shownOwn =
    !loggedIn || !waiting ? mine.data : waiting.kind === 'review-delete' ? null : waitingReview(waiting.review!, mine.data, auth.user, productId);

  // A change of theirs to this review sent or refused (here, in another tab or by the worker): the server's figures and review again.
  useEffect(() => {
    if (!loggedIn) return;
    watchQueuedChanges();
    return onChangeSettled(({ change, data }) => {
      if (change.productId !== productId || change.kind.startsWith('wishlist')) return;
      const rating = (data as { product?: ProductRating } | null | undefined)?.product;
      if (rating) showProductRating(rating);
      void mine.mutate();
      void refreshProductReviews(productId);
    });
  }, [loggedIn, productId]);

  async function afterWrite(rating: ProductRating, review: Review | null, message: string) {
    await mine.mutate(review, { revalidate: false });
    showProductRating(rating);
    showToast(message, 'success');
    setEditing(false);
    if (review && !mine.data) {
      setSort('newest');
      setPage(1);
    }
    await refreshProductReviews(productId);
  }

  /** Keeps a change in the queue of changes made offline; the review shows it, marked, until it is sent. */
  async function keepForLater(change: ChangeRequest): Promise<void> {
    const outcome = await queueAndSend(change).catch(() => {
      throw new Error(change.kind === 'review-delete' ? words.deleteFailed : words.submitFailed);
    });
    if (outcome === 'unsendable') showToast(words.inFlight, 'info');
    setEditing(false);
  }

  /** Sends a write now, or keeps it for later: made offline, after earlier changes still waiting (order), or when it gets no answer. */
  async function sendOrKeep(change: ChangeRequest, sendNow: () => Promise<void>): Promise<void> {
    if (navigator.onLine === false || $queuedChanges.get().length > 0) return keepForLater(change);
    try {
      await sendNow();
    } catch (error) {
      if (!isNetworkFailure(error)) throw error;
      await keepForLater(change);
    }
  }

  async function write(action: () => Promise<void>): Promise<boolean> {
    setBusy(true);
    try {
      await action();
      return true;
    } catch (error) {
      showToast(error instanceof Error ? error.message : words.submitFailed, 'error');
      return false;
    } finally {
      setBusy(false);
    }
  }

  /** Saves the shopper's review: a new one, or a change to theirs. True when it was saved (or kept to send). */
  const submit = (input: ReviewInput) =>
    write(() =>
      sendOrKeep(reviewSaveChange(productId, productName, input, !shownOwn), async () => {
        const own = mine.data;
        const saved = own ? await updateReview(own.id, input) : await submitReview(productId, input);
        await afterWrite(saved.product, saved, own ? words.updated : words.submitted);
      }),
    );

  /** Deletes the shopper's review once they confirm (one only written offline is simply not sent). */
  const remove = () =>
    write(async () => {
      if (!window.confirm(words.confirmDelete)) return;
      const serverId = mine.data?.id ?? null;
      await sendOrKeep(reviewDeleteChange(productId, productName, serverId), async () => {
        const removed = await deleteReview(serverId!);
        await afterWrite(removed.product, null, words.deleted);
      });
    });

  function choosePage(next: number) {
    setPage(next);
    document.getElementById('review-list')?.scrollIntoView({ block: 'start' });
  }

  function chooseSort(next: ReviewSort) {
    setSort(next);
    setPage(1);
  }

  return {
    loggedIn,
    sort,
    /** The page of reviews to show: undefined while the first read of it is on its way. */
    shownPage: list.data ?? (list.error ? EMPTY_REVIEW_PAGE : undefined),
    listFailed: Boolean(list.error),
    listLoading: list.isValidating && !showsInitial,
    retryList: () => void list.mutate(),
    stats: stats.data ?? EMPTY_REVIEW_STATS,
    /** The shopper's own review (null: none yet), while it loads, or why it could not be read; and a change to it waiting to be sent. */
    own: {
      review: shownOwn,
      loading: mine.isLoading && !waiting,
      error: waiting ? undefined : mine.error,
      waiting: loggedIn && waiting ? waiting.kind : null,
    },
    editing,
    setEditing,
    busy,
    submit,
    remove,
    choosePage,
    chooseSort,
  };
}
