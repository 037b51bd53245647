/** Star ratings inside islands (product cards, rendered only by the server, use components/Stars.astro). */
import { ratingLabel, starsOf } from '~/lib/review-rules';

/** A product's rating with its number of reviews; nothing while it has none. */
export default function Stars({ rating, count }: { rating: number; count: number }) {
  if (count <= 0) return null;
  return (
    <p className="rating">
      <span className="stars" aria-hidden="true">
        {starsOf(rating)}
      </span>
      <span aria-hidden="true">({count})</span>
      <span className="visually-hidden">{ratingLabel(rating, count)}</span>
    </p>
  );
}

/** One review's stars. */
export function ReviewStars({ rating }: { rating: number }) {
  return (
    <span className="stars" role="img" aria-label={`${rating} out of 5 stars`}>
      {starsOf(rating)}
    </span>
  );
}
