import type { OrderStatus } from '../order-rules';

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
  foreignReturnAddress: 'after paying, the buyer can only be sent back to this store or a shop it works with',
  notPaidYet: 'this order is not paid yet; it is prepared once its payment is through',
  tooManyUnpaid: (count: number) => `you already have ${count} orders waiting for payment. Pay for one or cancel it, then order again`,
  /** Why a line of an order cannot be ordered as sent: the product, its name and what changed are values. */
  noLongerForSale: (productId: number) => `product ${productId} is no longer for sale`,
  chooseColorFor: (product: string) => `Please select a color for ${product}`,
  chooseSizeFor: (product: string) => `Please select a size for ${product}`,
  priceChanged: (product: string, price: string) => `the price of ${product} changed to ${price}. Please check your cart`,
  outOfStock: (product: string) => `${product} is out of stock`,
  onlyLeft: (left: number, product: string) => `only ${left} of ${product} left in stock`,
  gatewayUnavailable: 'that payment method is not available',
  chooseDeliveryLocation: 'choose a delivery location from the list',
  deliveryCostChanged: (place: string, cost: string) => `delivery to ${place} costs ${cost}. Please check your order`,
  /** Why a status change is refused (after statusFailed). */
  notTheirs: 'only the store or a vendor of this order can change it',
  storeConfirmsPayment: 'only the store confirms a payment',
  manualOnly: 'only a manual transfer is confirmed by hand',
  /** `now` is the part's status as ORDER_STATUS_MESSAGES says it. */
  partCannotBecome: (vendor: string, now: string, to: OrderStatus) => `the part from ${vendor} is ${now} and cannot become ${to}`,
  orderCannotBecome: (now: OrderStatus, to: OrderStatus) => `an order that is ${now} cannot become ${to}`,
  sayWhatItBecomes: 'status: say what the order becomes',
  nameTheOrder: 'order_id: name the order to pay for',
  /** Success texts of the order calls. */
  orders: 'Orders',
  order: 'Order',
} as const;
