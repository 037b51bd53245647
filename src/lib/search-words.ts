/** Splitting what a shopper typed into search words: shared by product search and the static-page search. */
export const MAX_QUERY_WORDS = 8;
export const MAX_WORD_LENGTH = 40;

/**
 * Lower-cased words of letters and digits: nothing left that tsquery, LIKE or a regex could read as
 * syntax. A one-letter word would match nearly everything as a prefix, so it counts only when alone.
 */
export function searchWords(term: string): string[] {
  const words = term
    .normalize('NFC')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .map((word) => word.slice(0, MAX_WORD_LENGTH));
  const meaningful = words.filter((word) => word.length > 1);
  return (meaningful.length > 0 ? meaningful : words).slice(0, MAX_QUERY_WORDS);
}
