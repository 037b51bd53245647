/**
 * A product's review figures after the shopper wrote, changed or deleted a review: the rating by the
 * product's title (an island woken by the event) shows them instead of the figures the page was built with.
 */
import { atom } from 'nanostores';
import { announce, PAGE_EVENTS } from '~/browser/page-events';
import type { ProductRating } from '~/lib/review-rules';

export const $writtenRating = atom<ProductRating | null>(null);

export function showProductRating(rating: ProductRating): void {
  $writtenRating.set(rating);
  announce(PAGE_EVENTS.productRating);
}
