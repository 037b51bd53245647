export const CATEGORY_MESSAGES = {
  notFound: 'Category not found',
  loadFailed: 'Failed to load categories',
  created: 'Category created',
  updated: 'Category updated',
  deleted: 'Category deleted',
} as const;
