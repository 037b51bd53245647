/**
 * Shoppers' words for what the catalogue names in English: Luganda and Swahili words (essimu, viatu, ssukaali)
 * and other English ones, each with the English words search reads it as. This module owns search_synonyms.
 * The starting list comes with the database (migration 0017); administrators add to it through
 * POST /api/search-synonyms.
 *
 * Every search reads the list, so it is held in this process's memory as one small table (a few hundred words)
 * rather than looked up word by word: reading a query's synonyms costs no round trip. It sits in the catalogue's
 * read cache under `search:synonyms` but is taken from there even when CATALOG_CACHE is off, because it is part
 * of how a query is read, like the search vocabulary's index, not a catalogue read to be measured. A write drops
 * it (and every search read made with the old list) on every instance through transactionWithPurge.
 */
import { asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { getDb } from '../db/client';
import { searchSynonyms } from '../db/schema';
import { getCache, TTL } from '../cache/ttl-cache';
import { transactionWithPurge, type Change } from '../cache/purge';
import { Conflict } from '../errors';
import { MAX_QUERY_WORDS, searchWords } from '../../lib/search-words';
import { LANGUAGES } from '../../lib/i18n/languages';
import { message } from '../../lib/messages/message';

export type SearchSynonym = { id: number; term: string; means: string; language: string; created_at: Date };

/** Term (its search words joined by one space) → the search words it means. */
export type SynonymTable = { means: Map<string, string[]>; longestTerm: number };

const SYNONYMS_READ = 'search:synonyms';

/**
 * What a change to the list drops: the list itself and every read that resolved a search term with it (search
 * plans and suggestions, product lists and filter counts of searches). Search result pages are never kept in the
 * page cache (their words have no end), so no page holds a synonym's meaning.
 */
export const SYNONYMS_CHANGE: Change = { reads: ['search:', 'filters:', 'products:list:'], pages: [] };

/** Words as queries are read: lower-cased search words joined by one space ("Eby'awaka" → "eby awaka"); terms are keyed by it, meanings kept in it. */
export function synonymKey(term: string): string {
  return searchWords(term).join(' ');
}

export function synonymTable(rows: readonly Pick<SearchSynonym, 'term' | 'means'>[]): SynonymTable {
  const means = new Map<string, string[]>();
  let longestTerm = 0;
  for (const row of rows) {
    const key = synonymKey(row.term);
    const words = searchWords(row.means);
    if (!key || words.length === 0) continue;
    means.set(key, words);
    longestTerm = Math.max(longestTerm, key.split(' ').length);
  }
  return { means, longestTerm };
}

/** A stretch of a query: a word as typed, or the words of a synonym with the English words they mean. */
export type QueryPiece = { words: string[]; means?: string[] };

/**
 * Splits a query's words into pieces, taking the longest synonym that starts at each word ("nguo za watoto"
 * before "nguo"), so a phrase is read as one meaning.
 */
export function applySynonyms(words: readonly string[], table: SynonymTable): QueryPiece[] {
  const pieces: QueryPiece[] = [];
  for (let at = 0; at < words.length;) {
    let found: QueryPiece | undefined;
    for (let length = Math.min(table.longestTerm, words.length - at); length >= 1 && !found; length--) {
      const stretch = words.slice(at, at + length);
      const means = table.means.get(stretch.join(' '));
      if (means) found = { words: stretch, means };
    }
    pieces.push(found ?? { words: [words[at]!] });
    at += found ? found.words.length : 1;
  }
  return pieces;
}

async function readSynonyms(): Promise<SearchSynonym[]> {
  const db = await getDb();
  return db.select().from(searchSynonyms).orderBy(asc(searchSynonyms.language), asc(searchSynonyms.term));
}

/** The list as search reads it, from memory (read once, again after a write or after its time to live). */
export function loadSynonymTable(): Promise<SynonymTable> {
  return getCache().wrap(SYNONYMS_READ, TTL.categories, async () => synonymTable(await readSynonyms()));
}

/** Every synonym, by language and term, for administrators. */
export function listSynonyms(): Promise<SearchSynonym[]> {
  return readSynonyms();
}

const MAX_TERM_LENGTH = 60;
const MAX_MEANS_LENGTH = 200;

/** Text of search words (letters or digits), at most `maxLength` characters. */
const wordsText = (maxLength: number) =>
  z
    .string({ error: 'is required' })
    .trim()
    .min(1, { error: 'is required' })
    .max(maxLength, { error: `must be at most ${maxLength} characters` })
    .refine((text) => searchWords(text).length > 0, { error: 'must contain letters or digits' });

const synonymInput = z.object({
  term: wordsText(MAX_TERM_LENGTH)
    .refine((term) => searchWords(term).length <= MAX_QUERY_WORDS, { error: `must be at most ${MAX_QUERY_WORDS} words` })
    .transform(synonymKey),
  means: wordsText(MAX_MEANS_LENGTH).transform(synonymKey),
  language: z.enum(LANGUAGES, { error: `must be one of ${LANGUAGES.join(', ')}` }),
});

/** Adds a shopper's word; refused when the word already has a meaning or means itself. */
export async function addSynonym(body: Record<string, unknown>): Promise<SearchSynonym> {
  const input = synonymInput.parse(body);
  if (input.term === input.means) throw new Conflict(message('search', 'synonymMeansItself'));
  const db = await getDb();
  const [existing] = await db.select({ id: searchSynonyms.id }).from(searchSynonyms).where(eq(searchSynonyms.term, input.term));
  if (existing) throw new Conflict(message('search', 'synonymExists', input.term));
  return transactionWithPurge(db, async (tx, changed) => {
    changed(SYNONYMS_CHANGE);
    const [created] = await tx.insert(searchSynonyms).values(input).onConflictDoNothing().returning();
    // Another administrator added the same word between the check and this insert.
    if (!created) throw new Conflict(message('search', 'synonymExists', input.term));
    return created;
  });
}
