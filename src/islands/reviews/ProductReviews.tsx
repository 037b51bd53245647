/**
 * The product page's reviews: the average and how many of each rating, the shopper's own review (write,
 * change, delete), and the list with its sort and pages. The server renders the first page into the HTML
 * (for crawlers and before hydration); SWR keeps it fresh. Failed reads show the spec's empty results.
 */
import { useState } from 'react';
import useSWR from 'swr';
import { useStore } from '@nanostores/react';
import { $auth } from '~/stores/auth';
import { showToast } from '~/stores/toasts';
import { showProductRating } from '~/stores/reviews';
import { loginHref } from '~/lib/redirect';
import {
  EMPTY_REVIEW_PAGE,
  EMPTY_REVIEW_STATS,
  REVIEW_MESSAGES,
  type ProductRating,
  type Review,
  type ReviewInput,
  type ReviewPage,
  type ReviewSort,
  type ReviewStats,
} from '~/lib/reviews';
import { useHydrated } from '../use-hydrated';
import { deleteReview, readReviews, refreshProductReviews, REVIEW_QUERY_OPTIONS, reviewKeys, submitReview, updateReview } from './reviews-api';
import RatingSummary from './RatingSummary';
import ReviewForm from './ReviewForm';
import ReviewList, { ReviewItem } from './ReviewList';

type Props = { productId: number; initialPage: ReviewPage; initialStats: ReviewStats; initialSort: ReviewSort };

export default function ProductReviews({ productId, initialPage, initialStats, initialSort }: Props) {
  const hydrated = useHydrated();
  const auth = useStore($auth);
  const loggedIn = hydrated && auth.isAuthenticated;
  const [sort, setSort] = useState(initialSort);
  const [page, setPage] = useState(initialPage.pagination.current_page);
  const [editing, setEditing] = useState(false);
  const [busy, setBusy] = useState(false);

  const showsInitial = sort === initialSort && page === initialPage.pagination.current_page;
  const list = useSWR<ReviewPage, Error>(reviewKeys.page(productId, page, sort), readReviews, { ...REVIEW_QUERY_OPTIONS, fallbackData: showsInitial ? initialPage : undefined });
  const stats = useSWR<ReviewStats, Error>(reviewKeys.stats(productId), readReviews, { ...REVIEW_QUERY_OPTIONS, fallbackData: initialStats });
  const mine = useSWR<Review | null, Error>(loggedIn ? reviewKeys.mine(productId) : null, readReviews, REVIEW_QUERY_OPTIONS);

  const shownStats = stats.data ?? EMPTY_REVIEW_STATS;
  const shownPage = list.data ?? (list.error ? EMPTY_REVIEW_PAGE : undefined);

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

  const submit = (input: ReviewInput) =>
    write(async () => {
      const own = mine.data;
      const saved = own ? await updateReview(own.id, input) : await submitReview(productId, input);
      await afterWrite(saved.product, saved, own ? REVIEW_MESSAGES.updated : REVIEW_MESSAGES.submitted);
    });

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

  return (
    <div className="reviews">
      <RatingSummary stats={shownStats} />
      <div className="own-review">
        {!loggedIn && (
          <p className="guest-only">
            <a href={loginHref(`/product/${productId}#reviews`)}>Log in to write a review</a>
          </p>
        )}
        {loggedIn && mine.isLoading && <p className="muted">Loading your review…</p>}
        {loggedIn && mine.error && <p role="alert">{mine.error.message}</p>}
        {loggedIn && !mine.isLoading && !mine.error && (mine.data && !editing ? (
          <section aria-labelledby="own-review-heading" className="own-review-card">
            <h3 id="own-review-heading">Your review</h3>
            <ReviewItem review={mine.data} as="div" />
            <div className="button-row">
              <button type="button" className="button secondary small" onClick={() => setEditing(true)} disabled={busy}>
                Edit
              </button>
              <button type="button" className="button secondary small danger" onClick={() => remove(mine.data!)} disabled={busy}>
                Delete
              </button>
            </div>
          </section>
        ) : (
          <ReviewForm
            key={mine.data?.id ?? 'new'}
            heading={mine.data ? 'Edit your review' : 'Write a review'}
            submitLabel={mine.data ? 'Save changes' : 'Submit review'}
            initial={mine.data ?? undefined}
            disabled={busy}
            onSubmit={submit}
            onCancel={mine.data ? () => setEditing(false) : undefined}
          />
        ))}
      </div>
      <ReviewList
        productId={productId}
        page={shownPage}
        sort={sort}
        failed={Boolean(list.error)}
        loading={list.isValidating && !showsInitial}
        onSort={(next) => {
          setSort(next);
          setPage(1);
        }}
        onPage={choosePage}
        onRetry={() => void list.mutate()}
      />
    </div>
  );
}
