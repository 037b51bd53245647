export const PRODUCT_MESSAGES = {
  notFound: 'Product not found',
  loadFailed: 'Failed to load products',
  created: 'Product created',
  updated: 'Product updated',
  deleted: 'Product deleted',
  notYours: 'You can only change your own products',
  photoRequired: 'feature_photo: add a picture of the product',
} as const;
