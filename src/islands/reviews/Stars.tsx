/** Star ratings inside islands (product cards, rendered only by the server, use components/Stars.astro). */
import { starsOf } from '~/lib/review-rules';
import { islandTranslator } from '~/lib/i18n/current';

/** A product's rating with its number of reviews; nothing while it has none. */
export default function Stars({ rating, count }: { rating: number; count: number }) {
  if (count <= 0) return null;
  const { t, count: plural } = islandTranslator();
  return (
    <p className="rating">
      <span className="stars" aria-hidden="true">
        {starsOf(rating)}
      </span>
      <span aria-hidden="true">({count})</span>
      <span className="visually-hidden">{plural(t.reviews.ratingLabel, count, { rating: rating.toFixed(1) })}</span>
    </p>
  );
}

/** One review's stars. */
export function ReviewStars({ rating }: { rating: number }) {
  const { t, fill } = islandTranslator();
  return (
    <span className="stars" role="img" aria-label={fill(t.reviews.starsLabel, { rating: String(rating) })}>
      {starsOf(rating)}
    </span>
  );
}
