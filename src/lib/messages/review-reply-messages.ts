/** What the review calls answer when they succeed: the server's words, which no page script needs. */
export const REVIEW_REPLY_MESSAGES = {
  yours: 'Your review',
  noneYet: 'You have not reviewed this product',
  stats: 'Review stats',
  list: 'Reviews',
} as const;
