export const SEARCH_MESSAGES = {
  failed: 'Search failed',
} as const;
