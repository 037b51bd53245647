/** Star ratings, drawn as text so they cost no pictures. Pure: rendered by the server on cards and by islands. */
const starsOf = (rating: number) => {
  const filled = Math.min(5, Math.max(0, Math.round(rating)));
  return '★'.repeat(filled) + '☆'.repeat(5 - filled);
};

/** A product's rating with its number of reviews; nothing while it has none. */
export default function Stars({ rating, count }: { rating: number; count: number }) {
  if (count <= 0) return null;
  return (
    <p className="rating">
      <span className="stars" aria-hidden="true">{starsOf(rating)}</span>
      <span aria-hidden="true">({count})</span>
      <span className="visually-hidden">{`Rated ${rating.toFixed(1)} out of 5 from ${count} ${count === 1 ? 'review' : 'reviews'}`}</span>
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
