export const REVIEW_MESSAGES = {
  submitFailed: 'Failed to submit review',
  updateFailed: 'Failed to update review',
  deleteFailed: 'Failed to delete review',
  submitted: 'Review submitted',
  updated: 'Review updated',
  deleted: 'Review deleted',
  notFound: 'Review not found',
  notYoursToChange: 'you can only change your own review',
  notYoursToDelete: 'you can only delete your own review',
  badRating: 'rating: must be a whole number from 1 to 5',
  commentTooShort: (min: number) => `comment: write at least ${min} characters`,
  commentTooLong: (max: number) => `comment: must be at most ${max} characters`,
} as const;
