export const ORDER_MESSAGES = {
  notFound: 'Order not found',
  partNotFound: 'This part of the order was not found',
  placed: 'Order placed successfully!',
  failed: 'Failed to place order',
  loadFailed: 'Failed to load orders',
  statusFailed: 'Failed to update order status',
  statusUpdated: 'Order status updated',
} as const;
