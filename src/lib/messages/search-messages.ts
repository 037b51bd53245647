export const SEARCH_MESSAGES = {
  failed: 'Search failed',
  synonymsRetrieved: 'Search synonyms retrieved',
  synonymAdded: 'Search synonym added',
  synonymExists: (term: string) => `term: "${term}" already has a meaning`,
  synonymMeansItself: 'means: must be other words than the term',
} as const;
