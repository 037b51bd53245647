/** The average rating and a bar for each star level, from the reviews' stats. */
import { RATINGS, ratingShare, type ReviewStats } from '~/lib/review-rules';
import { ReviewStars } from './Stars';

export default function RatingSummary({ stats }: { stats: ReviewStats }) {
  if (stats.total_reviews === 0) return <p className="rating-summary-empty">No reviews yet. Be the first to review this product.</p>;
  return (
    <div className="rating-summary">
      <div className="rating-average">
        <strong>{stats.average_rating.toFixed(1)}</strong>
        <ReviewStars rating={stats.average_rating} />
        <span>{`${stats.average_rating.toFixed(1)} out of 5 from ${stats.total_reviews} ${stats.total_reviews === 1 ? 'review' : 'reviews'}`}</span>
      </div>
      <ul className="rating-bars" aria-label="Reviews by rating">
        {RATINGS.map((rating) => {
          const share = ratingShare(stats, rating);
          return (
            <li key={rating}>
              <span>{rating} star</span>
              {/* Drawn in SVG: a style attribute would be refused by the pages' Content-Security-Policy. */}
              <span className="bar" aria-hidden="true">
                <svg viewBox="0 0 100 1" preserveAspectRatio="none">
                  <rect width={share} height="1" />
                </svg>
              </span>
              <span>
                {stats.rating_breakdown[rating]}
                <span className="visually-hidden">
                  {' '}
                  {stats.rating_breakdown[rating] === 1 ? 'review' : 'reviews'}, {share}%
                </span>
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
