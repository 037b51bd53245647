/**
 * The rating by the product's title. The page is built with the product's figures; once the shopper
 * writes, changes or deletes a review the reviews section publishes the new ones and this island shows them.
 */
import { useStore } from '@nanostores/react';
import { $writtenRating } from '~/stores/reviews';
import { useHydrated } from '../use-hydrated';
import Stars from './Stars';

export default function ProductRating({ productId, rating, count }: { productId: number; rating: number; count: number }) {
  // It wakes after the figures changed: its first render must still match the server's HTML.
  const hydrated = useHydrated();
  const written = useStore($writtenRating);
  const shown = hydrated && written?.id === productId ? { rating: written.average_rating, count: written.review_count } : { rating, count };
  if (shown.count <= 0) return null;
  return (
    <a href="#reviews" className="rating-link">
      <Stars {...shown} />
    </a>
  );
}
