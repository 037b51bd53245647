/** The average rating and a bar for each star level, from the reviews' stats. */
import { RATINGS, ratingShare, type ReviewStats } from '~/lib/review-rules';
import { islandTranslator } from '~/lib/i18n/current';
import { ReviewStars } from './Stars';

export default function RatingSummary({ stats }: { stats: ReviewStats }) {
  const { t, fill, count } = islandTranslator();
  const words = t.reviews;
  if (stats.total_reviews === 0) return <p className="rating-summary-empty">{words.none}</p>;
  const average = stats.average_rating.toFixed(1);
  return (
    <div className="rating-summary">
      <div className="rating-average">
        <strong>{average}</strong>
        <ReviewStars rating={stats.average_rating} />
        <span>{count(words.summary, stats.total_reviews, { rating: average })}</span>
      </div>
      <ul className="rating-bars" aria-label={words.byRating}>
        {RATINGS.map((rating) => {
          const share = ratingShare(stats, rating);
          const reviews = stats.rating_breakdown[rating];
          return (
            <li key={rating}>
              <span>{fill(words.starLevel, { rating })}</span>
              {/* Drawn in SVG: a style attribute would be refused by the pages' Content-Security-Policy. */}
              <span className="bar" aria-hidden="true">
                <svg viewBox="0 0 100 1" preserveAspectRatio="none">
                  <rect width={share} height="1" />
                </svg>
              </span>
              <span>
                {reviews}
                <span className="visually-hidden"> {count(words.levelCount, reviews, { share })}</span>
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
