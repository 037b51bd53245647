/**
 * What the product page's reviews block holds: the page of reviews in its sort, the figures, the shopper's
 * own review, and writing, changing or deleting it. The server's first page and figures are the starting
 * data; SWR keeps them fresh, and every write asks again for all of the product's reviews.
 */
import { useState } from 'react';
import useSWR from 'swr';
import { useStore } from '@nanostores/react';
import { $auth } from '~/stores/auth';
import { showToast } from '~/stores/toasts';
import { showProductRating } from '~/stores/reviews';
import {
  EMPTY_REVIEW_PAGE,
  EMPTY_REVIEW_STATS,
  type ProductRating,
  type Review,
  type ReviewInput,
  type ReviewPage,
  type ReviewSort,
  type ReviewStats,
} from '~/lib/review-rules';
import { useHydrated } from '../use-hydrated';
import { deleteReview, readReviews, refreshProductReviews, REVIEW_QUERY_OPTIONS, reviewKeys, submitReview, updateReview } from './reviews-api';
import { REVIEW_MESSAGES } from '~/lib/messages/review-messages';

/** What the server rendered into the page, and for which product. */
export type ReviewsStart = { productId: number; initialPage: ReviewPage; initialStats: ReviewStats; initialSort: ReviewSort };

/** The reviews block's state, starting from what the server rendered, and the shopper's writes. */
export function useProductReviews({ productId, initialPage, initialStats, initialSort }: ReviewsStart) {
  const hydrated = useHydrated();
  const auth = useStore($auth);
  const loggedIn = hydrated && auth.isAuthenticated;
  const [sort, setSort] = useState(initialSort);
  const [page, setPage] = useState(initialPage.pagination.current_page);
  const [editing, setEditing] = useState(false);
  const [busy, setBusy] = useState(false);

  const showsInitial = sort === initialSort && page === initialPage.pagination.current_page;
  const list = useSWR<ReviewPage, Error>(reviewKeys.page(productId, page, sort), readReviews, {
    ...REVIEW_QUERY_OPTIONS,
    fallbackData: showsInitial ? initialPage : undefined,
  });
  const stats = useSWR<ReviewStats, Error>(reviewKeys.stats(productId), readReviews, { ...REVIEW_QUERY_OPTIONS, fallbackData: initialStats });
  const mine = useSWR<Review | null, Error>(loggedIn ? reviewKeys.mine(productId) : null, readReviews, REVIEW_QUERY_OPTIONS);

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

  async function write(action: () => Promise<void>): Promise<boolean> {
    setBusy(true);
    try {
      await action();
      return true;
    } catch (error) {
      showToast(error instanceof Error ? error.message : REVIEW_MESSAGES.submitFailed, 'error');
      return false;
    } finally {
      setBusy(false);
    }
  }

  /** Saves the shopper's review: a new one, or a change to theirs. True when it was saved. */
  const submit = (input: ReviewInput) =>
    write(async () => {
      const own = mine.data;
      const saved = own ? await updateReview(own.id, input) : await submitReview(productId, input);
      await afterWrite(saved.product, saved, own ? REVIEW_MESSAGES.updated : REVIEW_MESSAGES.submitted);
    });

  /** Deletes the shopper's review once they confirm. */
  const remove = (own: Review) =>
    write(async () => {
      if (!window.confirm('Delete your review? This cannot be undone.')) return;
      const removed = await deleteReview(own.id);
      await afterWrite(removed.product, null, REVIEW_MESSAGES.deleted);
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
    /** The shopper's own review (null: none yet), while it loads, or why it could not be read. */
    own: { review: mine.data, loading: mine.isLoading, error: mine.error },
    editing,
    setEditing,
    busy,
    submit,
    remove,
    choosePage,
    chooseSort,
  };
}
