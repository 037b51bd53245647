/** Changes made offline: the mark they carry until they are sent, and what the shopper hears if the server refuses one. */
export const QUEUED_CHANGE_MESSAGES = {
  waiting: 'Waiting for a connection — will be sent when you are back online',
  reviewDeleteWaiting: 'Your review will be deleted. Waiting for a connection — will be sent when you are back online',
  reviewInFlight: 'Your review is being sent. Try again in a moment.',
  wishlistAddRefused: (product: string, reason: string) => `${product} could not be saved to your wishlist: ${reason}`,
  wishlistRemoveRefused: (product: string, reason: string) => `${product} could not be taken off your wishlist: ${reason}`,
  reviewSaveRefused: (product: string, reason: string) => `Your review of ${product} could not be sent: ${reason}`,
  reviewDeleteRefused: (product: string, reason: string) => `Your review of ${product} could not be deleted: ${reason}`,
} as const;
