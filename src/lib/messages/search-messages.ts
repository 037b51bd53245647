export const SEARCH_MESSAGES = {
  failed: 'Search failed',
  synonymsRetrieved: 'Search synonyms retrieved',
  synonymAdded: 'Search synonym added',
  synonymExists: (term: string) => `term: "${term}" already has a meaning`,
  synonymMeansItself: 'means: must be other words than the term',
  suggestions: 'Suggestions',
  results: 'Search results',
  recent: 'Recent searches',
  saved: 'Search saved',
  historyCleared: 'Search history cleared',
  historyLimit: (max: number) => `limit: must be a whole number from 1 to ${max}`,
  queryTooShort: 'query: must be at least 2 characters',
} as const;
