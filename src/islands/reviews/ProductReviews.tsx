/**
 * The product page's reviews: the average and how many of each rating, the shopper's own review (write,
 * change, delete), and the list with its sort and pages. The server renders the first page into the HTML
 * (for crawlers and before hydration); use-product-reviews.ts keeps it fresh. Failed reads show the spec's
 * empty results.
 */
import OwnReview from './OwnReview';
import RatingSummary from './RatingSummary';
import ReviewList from './ReviewList';
import { useProductReviews, type ReviewsStart } from './use-product-reviews';

export default function ProductReviews(props: ReviewsStart) {
  const reviews = useProductReviews(props);

  return (
    <div className="reviews">
      <RatingSummary stats={reviews.stats} />
      <OwnReview
        productId={props.productId}
        loggedIn={reviews.loggedIn}
        own={reviews.own}
        editing={reviews.editing}
        busy={reviews.busy}
        onEditing={reviews.setEditing}
        onSubmit={reviews.submit}
        onDelete={() => void reviews.remove()}
      />
      <ReviewList
        productId={props.productId}
        page={reviews.shownPage}
        sort={reviews.sort}
        failed={reviews.listFailed}
        loading={reviews.listLoading}
        onSort={reviews.chooseSort}
        onPage={reviews.choosePage}
        onRetry={reviews.retryList}
      />
    </div>
  );
}
