/** Paying for an order online and paying refunds back: what a buyer (and, for refunds, an administrator) is told. */
export const PAYMENT_MESSAGES = {
  alreadyPaid: 'This order is already paid',
  nothingToPayOnline: 'This order has nothing to pay online',
  startedElsewhere: 'A payment for this order is being started in another window. Please reload the page.',
  unavailableNow: 'This payment method is not available at the moment',
  notPesapal: 'This order is not paid with Pesapal',
  pesapalFailed: 'Pesapal could not start the payment. Please try again.',
  refundNotFound: 'Refund not found',
  alreadyPaidBack: 'This refund is already paid back',
  beingPaidBack: (gateway: string) =>
    `This refund is being paid back through ${gateway} right now, so it cannot also be paid by hand. Reload the page in a minute to see how it went.`,
  status: 'Payment status',
  history: 'Payment history',
  started: 'Payment started',
  ready: 'Payment ready',
  pesapalSettings: 'Pesapal settings',
  refunds: 'Refunds',
  refundRecorded: 'Refund recorded as paid back',
} as const;
