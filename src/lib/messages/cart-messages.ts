export const CART_MESSAGES = {
  invalidProduct: 'Invalid product or quantity',
  selectColor: 'Please select a color',
  selectSize: 'Please select a size',
  invalidQuantity: 'Invalid quantity',
  added: (name: string) => `${name} added to cart`,
  addFailed: 'Failed to add to cart',
  removed: 'Item removed from cart',
  updated: 'Cart updated',
  cleared: 'Cart cleared',
} as const;
