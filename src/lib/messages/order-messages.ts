export const ORDER_MESSAGES = {
  notFound: 'Order not found',
  partNotFound: 'This part of the order was not found',
  placed: 'Order placed successfully!',
  failed: 'Failed to place order',
  loadFailed: 'Failed to load orders',
  statusFailed: 'Failed to update order status',
  statusUpdated: 'Order status updated',
  cancelled: 'Order cancelled',
  switchedToCash: 'You will pay on delivery',
  cannotPayOnDelivery: 'This order can no longer be paid on delivery',
  cannotCancel: 'Part of this order has already left, so it can no longer be cancelled',
  notPaidYet: 'this order is not paid yet; it is prepared once its payment is through',
} as const;
