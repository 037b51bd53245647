/** An order's (or a part's) status as a sentence says it: "the part from Kato is on the way". */
export const ORDER_STATUS_MESSAGES = {
  pending: 'order placed',
  processing: 'being prepared',
  shipped: 'on the way',
  delivered: 'delivered',
  cancelled: 'cancelled',
} as const;
