/**
 * One page of reviews with the sort and page links: real links and a real form too, so crawlers reach
 * every page and a shopper can sort and page before (or without) the island.
 */
import { useEffect, useRef, type MouseEvent } from 'react';
import { REVIEW_SORTS, isReviewSort, type Review, type ReviewPage, type ReviewSort } from '~/lib/review-rules';
import { islandTranslator } from '~/lib/i18n/current';
import { useHydrated } from '../use-hydrated';
import { ReviewStars } from './Stars';

export function ReviewItem({ review, as: Tag = 'li' }: { review: Review; as?: 'li' | 'div' }) {
  const { t, date } = islandTranslator();
  return (
    <Tag className="review">
      <p className="review-head">
        <ReviewStars rating={review.rating} />
        <strong>{review.user_name}</strong>
        {review.verified_purchase && <span className="verified">{t.reviews.verified}</span>}
        <time dateTime={review.created_at}>{date(review.created_at)}</time>
      </p>
      <p className="review-text">{review.comment}</p>
    </Tag>
  );
}

type Props = {
  productId: number;
  page: ReviewPage | undefined;
  sort: ReviewSort;
  failed: boolean;
  loading: boolean;
  onSort: (sort: ReviewSort) => void;
  onPage: (page: number) => void;
  onRetry: () => void;
};

export default function ReviewList({ productId, page, sort, failed, loading, onSort, onPage, onRetry }: Props) {
  const hydrated = useHydrated();
  const sortSelect = useRef<HTMLSelectElement>(null);
  const { t, fill, count, path } = islandTranslator();
  const words = t.reviews;
  const pagination = page?.pagination;
  const pageHref = (n: number) => path(`/product/${productId}?reviews_page=${n}${sort === 'newest' ? '' : `&reviews_sort=${sort}`}#reviews`);
  const follow = (n: number) => (event: MouseEvent) => {
    if (!hydrated) return;
    event.preventDefault();
    onPage(n);
  };

  // The island wakes on the shopper's first touch, which may be the very one that changed the sort:
  // the browser changed the select before React was there to hear it, and React keeps what it shows.
  useEffect(() => {
    const chosen = sortSelect.current?.value;
    if (chosen !== sort && isReviewSort(chosen)) onSort(chosen);
    // Only what was chosen before hydration; later changes come through onChange.
  }, []);

  return (
    <section id="review-list" aria-labelledby="review-list-heading" aria-busy={loading || !page}>
      <div className="review-list-head">
        <h3 id="review-list-heading">{pagination ? count(words.count, pagination.total) : words.heading}</h3>
        <form className="review-sort-form" method="get" action={path(`/product/${productId}#reviews`)} onSubmit={(event) => event.preventDefault()}>
          <label className="review-sort">
            {words.sortBy}{' '}
            <select ref={sortSelect} name="reviews_sort" value={sort} onChange={(event) => isReviewSort(event.target.value) && onSort(event.target.value)}>
              {REVIEW_SORTS.map((option) => (
                <option key={option} value={option}>
                  {words.sorts[option]}
                </option>
              ))}
            </select>
          </label>
          <noscript>
            <button type="submit" className="button secondary small">
              {words.sort}
            </button>
          </noscript>
        </form>
      </div>
      {failed && (
        <p role="alert">
          {words.loadFailed}{' '}
          <button type="button" className="link-button" onClick={onRetry}>
            {words.tryAgain}
          </button>
        </p>
      )}
      {!page && !failed && <p className="muted">{words.loading}</p>}
      {page && page.reviews.length > 0 && (
        <ol className="review-list">
          {page.reviews.map((review) => (
            <ReviewItem key={review.id} review={review} />
          ))}
        </ol>
      )}
      {pagination && pagination.last_page > 1 && (
        <nav className="review-pages" aria-label={words.pages}>
          {pagination.current_page > 1 ? (
            <a href={pageHref(pagination.current_page - 1)} onClick={follow(pagination.current_page - 1)} rel="prev">
              {words.previous}
            </a>
          ) : (
            <span />
          )}
          <span>{fill(words.pageOf, { page: pagination.current_page, last: pagination.last_page })}</span>
          {pagination.current_page < pagination.last_page ? (
            <a href={pageHref(pagination.current_page + 1)} onClick={follow(pagination.current_page + 1)} rel="next">
              {words.next}
            </a>
          ) : (
            <span />
          )}
        </nav>
      )}
    </section>
  );
}
