/**
 * Typo-tolerant product search. Each product has a row in product_search (kept by a trigger, migration
 * 0006) with the words of its name, keywords, tags, category and description. A query is split into
 * words; a word that starts no word of the catalogue is corrected against `search_terms` (every word of
 * the catalogue) by trigram similarity, so "samsng galxy" searches "samsung & galaxy". Matching whole
 * names by similarity was measured here to be slow and diluted by long names; correcting word by word
 * against the small vocabulary is fast and precise.
 */
import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import { getDb, rowsOf, type Database } from '../db/client';
import { products, productSearch, searchSuggestions, searchTerms } from '../db/schema';
import { cached, TTL } from '../cache/ttl-cache';
import { searchWords } from '../../lib/search-words';
import { applySynonyms, loadSynonymTable } from './synonyms';
import { currentSearchIndex, type ProductSearchIndex } from './search-index';
import { ALTERNATIVES_PER_WORD, closestAlternatives, MAX_LENGTH_CHANGE, mayCorrectByConsonants, MIN_CORRECTABLE_LENGTH, type WordMatch } from './vocabulary';

export { closestAlternatives, type WordMatch } from './vocabulary';

/** A shopper's word from the synonym list (src/server/search/synonyms.ts): its own words, and the English words it means, matched. */
export type SynonymMatch = { term: string[]; means: WordMatch[] };

const isSynonym = (match: WordMatch | SynonymMatch): match is SynonymMatch => 'term' in match;

/**
 * The tsquery for matched words: known words as prefixes, misspelt ones as their corrections. A synonym matches
 * what its English words match (all of them), or its own words exactly, for products named in the shopper's
 * language: "essimu" searches `(phone:* | essimu)`.
 */
export function tsQueryText(matches: (WordMatch | SynonymMatch)[], join: '&' | '|'): string | null {
  const parts = matches.flatMap((match) => {
    if (isSynonym(match)) {
      const means = tsQueryText(match.means, '&');
      const own = match.term.join(' & ');
      return [`(${means ? `${means.includes(' ') ? `(${means})` : means} | ` : ''}${match.term.length > 1 ? `(${own})` : own})`];
    }
    const { word, known, alternatives } = match;
    if (known) return [`${word}:*`];
    if (alternatives.length === 0) return [];
    return [`(${alternatives.join(' | ')})`];
  });
  return parts.length ? parts.join(` ${join} `) : null;
}

/** How the catalogue spells a matched word: itself when known or beyond correction, else its best correction. */
const catalogueSpelling = (m: WordMatch) => (m.known || m.alternatives.length === 0 ? m.word : m.alternatives[0]!);

export type ResolvedSearch = {
  /** All words must match (each known or corrected). */
  all: string;
  /** Any word may match: used when nothing matches every word. */
  any: string;
  /** The query as the catalogue spells it (corrections applied), for exact and prefix name matches. */
  phrase: string;
};

/**
 * Checks every word against the catalogue's vocabulary: in memory when the search index is there (vocabulary.ts),
 * else in one round trip. Corrections that keep the first letter come first (typos rarely change it: "sandles"
 * means sandals, not handles), and only those nearly as similar as the best are kept, so one typo does not pull
 * in unrelated words.
 */
export async function matchWords(db: Database, words: string[], index: ProductSearchIndex | null): Promise<WordMatch[]> {
  return index ? index.matchWords(words) : matchWordsInTable(db, words);
}

/** matchWords read from search_terms. */
export async function matchWordsInTable(db: Database, words: string[]): Promise<WordMatch[]> {
  const result = await db.execute(sql`
    SELECT q.word,
      EXISTS (SELECT 1 FROM ${searchTerms} t WHERE t.word LIKE q.word || '%') AS known,
      CASE WHEN length(q.word) < ${MIN_CORRECTABLE_LENGTH} THEN ARRAY[]::text[] ELSE coalesce(NULLIF(ARRAY(
        SELECT candidate.word FROM (
          SELECT t.word, t.documents, left(t.word, 1) = left(q.word, 1) AS same_start, similarity(t.word, q.word) AS score
          FROM ${searchTerms} t
          WHERE t.word % q.word AND abs(length(t.word) - length(q.word)) <= ${MAX_LENGTH_CHANGE}
        ) AS candidate
        ORDER BY candidate.same_start DESC, candidate.score DESC, candidate.documents DESC, candidate.word
        LIMIT ${ALTERNATIVES_PER_WORD}
      ), '{}'), CASE WHEN q.by_consonants THEN ARRAY(
        SELECT t.word FROM ${searchTerms} t
        WHERE left(t.word, 1) = left(q.word, 1) AND t.word <> q.word AND abs(length(t.word) - length(q.word)) <= ${MAX_LENGTH_CHANGE}
          AND regexp_replace(t.word, '[aeiou]', '', 'g') = regexp_replace(q.word, '[aeiou]', '', 'g')
        ORDER BY similarity(t.word, q.word) DESC, t.documents DESC, t.word
        LIMIT ${ALTERNATIVES_PER_WORD}
      ) ELSE ARRAY[]::text[] END) END AS alternatives
    FROM unnest(${sql.param(words)}::text[], ${sql.param(words.map(mayCorrectByConsonants))}::boolean[]) WITH ORDINALITY AS q(word, by_consonants, position)
    ORDER BY q.position`);
  return rowsOf<{ word: string; known: boolean; alternatives: string[] }>(result).map((row) => ({
    word: row.word,
    known: row.known,
    alternatives: closestAlternatives(row.word, row.alternatives ?? []),
  }));
}

/**
 * What a search term means for this catalogue, or null when nothing in it can match anything. Shoppers' words
 * from the synonym list are read as the English words they mean, which are then checked against the
 * vocabulary like typed ones (in the same round trip), so "ssukaali" finds what "sugar" finds.
 */
export async function resolveSearch(term: string, index: ProductSearchIndex | null): Promise<ResolvedSearch | null> {
  const words = searchWords(term);
  if (words.length === 0) return null;
  return cached(`search:resolve:${words.join(' ')}`, TTL.searchResults, async () => {
    const pieces = applySynonyms(words, await loadSynonymTable());
    const checked = [...new Set(pieces.flatMap((piece) => piece.means ?? piece.words))];
    const found = new Map((await matchWords(await getDb(), checked, index)).map((match) => [match.word, match]));
    const matchOf = (word: string) => found.get(word) ?? { word, known: false, alternatives: [] };
    const matches = pieces.map((piece): WordMatch | SynonymMatch =>
      piece.means ? { term: piece.words, means: piece.means.map(matchOf) } : matchOf(piece.words[0]!),
    );
    const all = tsQueryText(matches, '&');
    const any = tsQueryText(matches, '|');
    if (!all || !any) return null;
    const phrase = matches.map((m) => (isSynonym(m) ? m.means.map(catalogueSpelling).join(' ') : catalogueSpelling(m))).join(' ');
    return { all, any, phrase };
  });
}

/**
 * `index` is the search index caught up for this search (read once per search), null while it is being built;
 * without it, rankedMatches catches the index up itself.
 */
export type SearchPlan = { tsQuery: string; phrase: string; index?: ProductSearchIndex | null };

/**
 * How to search for a term: all words when some product has them all, otherwise any of them, so a
 * stray word narrows the results instead of emptying them. Null when nothing can match.
 */
export async function planSearch(term: string): Promise<SearchPlan | null> {
  const db = await getDb();
  const index = await currentSearchIndex(db);
  const search = await resolveSearch(term, index);
  if (!search) return null;
  // Kept by the query alone: terms with the same query may rank by different phrases ("samsung" and "samsung xyz").
  const allMatch = await cached(`search:plan:${search.all}`, TTL.searchResults, async () => {
    if (index) return index.count(search.all) > 0;
    const [row] = rowsOf<{ found: boolean }>(
      await db.execute(sql`SELECT EXISTS (
        SELECT 1 FROM ${products}
        WHERE ${products.status} = 1 AND ${products.deleted_at} IS NULL AND ${matchesSearch(search.all)}
      ) AS found`),
    );
    return row?.found ?? false;
  });
  return { tsQuery: allMatch ? search.all : search.any, phrase: search.phrase, index };
}

function documentMatches(tsQuery: string): SQL {
  return sql`${productSearch.document} @@ to_tsquery('simple', ${tsQuery})`;
}

/** A condition on products: the product matches the search (for filtered or differently sorted lists). */
export function matchesSearch(tsQuery: string): SQL {
  return inArray(products.id, sql`(SELECT ${productSearch.product_id} FROM ${productSearch} WHERE ${productSearch.active} AND ${documentMatches(tsQuery)})`);
}

/**
 * One page of matches in order of relevance, and how many there are in all, from the in-memory index
 * (search-index.ts) or, for a list with other filters or while the index is being built, from product_search
 * alone: the exact name first, then names that start with the query, then names that contain it, then
 * best sellers. `within` narrows the matches to some products (a list's other filters).
 */
export async function rankedMatches(plan: SearchPlan, page: { limit: number; offset: number }, within?: PgSelect): Promise<{ ids: number[]; total: number }> {
  const db = await getDb();
  const index = within ? null : plan.index === undefined ? await currentSearchIndex(db) : plan.index;
  return index ? index.ranked(plan.tsQuery, plan.phrase, page) : rankedInTable(db, plan, page, within);
}

/** rankedMatches read from product_search. */
export async function rankedInTable(
  db: Database,
  plan: SearchPlan,
  page: { limit: number; offset: number },
  within?: PgSelect,
): Promise<{ ids: number[]; total: number }> {
  const tsQuery = sql`to_tsquery('simple', ${plan.tsQuery})`;
  const where = and(eq(productSearch.active, true), documentMatches(plan.tsQuery), within ? inArray(productSearch.product_id, within) : undefined);
  const rows = await db
    .select({ id: productSearch.product_id, matches: sql<number>`count(*) OVER ()`.mapWith(Number) })
    .from(productSearch)
    .where(where)
    .orderBy(
      sql`(${productSearch.search_name} = ${plan.phrase}) DESC`,
      sql`(${productSearch.search_name} LIKE ${`${plan.phrase}%`}) DESC`,
      sql`(${productSearch.name_document} @@ ${tsQuery}) DESC`,
      desc(productSearch.items_sold),
      desc(productSearch.product_id),
    )
    .limit(page.limit)
    .offset(page.offset);
  if (rows.length > 0 || page.offset === 0) return { ids: rows.map((row) => row.id), total: rows[0]?.matches ?? 0 };
  // Past the last page: no rows to carry the count.
  const [counted] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(productSearch)
    .where(where);
  return { ids: [], total: counted?.n ?? 0 };
}

export const MAX_SUGGESTIONS = 6;

/**
 * Completions for a phrase, keywords, brands and categories that start with (or contain) it, as a column (an
 * array of text) to read beside other things in one round trip.
 */
export function suggestionsColumn(phrase: string): SQL {
  return sql`ARRAY(
    SELECT phrase FROM ${searchSuggestions}
    WHERE phrase LIKE ${`${phrase}%`} OR phrase LIKE ${`% ${phrase}%`}
    ORDER BY (phrase LIKE ${`${phrase}%`}) DESC, weight DESC, length(phrase), phrase
    LIMIT ${MAX_SUGGESTIONS})`;
}

/** Completions for what is being typed: keywords, brands and categories that start with (or contain) it. */
export async function searchSuggestionsFor(term: string): Promise<string[]> {
  const words = searchWords(term);
  if (words.length === 0) return [];
  const typed = words.join(' ');
  return cached(`search:suggest:${typed}`, TTL.searchResults, async () => {
    const db = await getDb();
    const lookup = async (phrase: string) => rowsOf<{ phrases: string[] }>(await db.execute(sql`SELECT ${suggestionsColumn(phrase)} AS phrases`))[0]!.phrases;
    const direct = await lookup(typed);
    if (direct.length > 0) return direct;
    const resolved = await resolveSearch(term, await currentSearchIndex(db));
    return resolved && resolved.phrase !== typed ? lookup(resolved.phrase) : [];
  });
}

/**
 * Rebuilds the vocabulary and the suggestions from the active catalogue. Run after seeding and after
 * bulk catalogue changes; both tables are derived and can always be rebuilt.
 */
export async function refreshSearchIndex(db: Database): Promise<{ words: number; suggestions: number }> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`TRUNCATE ${searchTerms}, ${searchSuggestions}`);
    await tx.execute(sql`
      INSERT INTO ${searchTerms} (word, documents)
      SELECT word, ndoc FROM ts_stat('SELECT document FROM product_search WHERE active')`);
    await tx.execute(sql`
      INSERT INTO ${searchSuggestions} (phrase, weight)
      SELECT phrase, sum(weight)::int FROM (
        SELECT lower(trim(keyword)) AS phrase, 1 AS weight
          FROM products, jsonb_array_elements_text(products.keywords) AS keyword
          WHERE products.status = 1 AND products.deleted_at IS NULL
        UNION ALL
        SELECT lower(trim(attribute->>'value')), 2
          FROM products, jsonb_array_elements(products.attributes) AS attribute
          WHERE products.status = 1 AND products.deleted_at IS NULL AND attribute->>'name' = 'Brand'
        UNION ALL
        SELECT lower(trim(category)), 20 FROM categories
      ) AS phrases
      WHERE length(phrase) BETWEEN 2 AND 60
      GROUP BY phrase`);
    const [counts] = rowsOf<{ words: number; suggestions: number }>(
      await tx.execute(sql`SELECT (SELECT count(*)::int FROM ${searchTerms}) AS words, (SELECT count(*)::int FROM ${searchSuggestions}) AS suggestions`),
    );
    return counts ?? { words: 0, suggestions: 0 };
  });
}

/**
 * Adds a written product's words to the vocabulary and its keywords and brand to the suggestions, so
 * it is found (and its words not "corrected" away) at once. Words a change removed stay until the next
 * full rebuild; a stale word only makes a search try a spelling that matches nothing.
 */
export async function indexProductWords(db: Database, productId: number): Promise<void> {
  await db.execute(sql`
    INSERT INTO ${searchTerms} (word, documents)
    SELECT DISTINCT word, 1 FROM ${productSearch}, unnest(tsvector_to_array(${productSearch.document})) AS word
    WHERE ${productSearch.product_id} = ${productId}
    ON CONFLICT (word) DO NOTHING`);
  await db.execute(sql`
    INSERT INTO ${searchSuggestions} (phrase, weight)
    SELECT DISTINCT phrase, 1 FROM (
      SELECT lower(trim(keyword)) AS phrase FROM ${products}, jsonb_array_elements_text(${products.keywords}) AS keyword WHERE ${products.id} = ${productId}
      UNION
      SELECT lower(trim(attribute->>'value')) FROM ${products}, jsonb_array_elements(${products.attributes}) AS attribute
        WHERE ${products.id} = ${productId} AND attribute->>'name' = 'Brand'
    ) AS phrases
    WHERE length(phrase) BETWEEN 2 AND 60
    ON CONFLICT (phrase) DO NOTHING`);
}

/** Adds a new or renamed category's words to the vocabulary and its name to the suggestions. */
export async function indexCategoryName(db: Database, name: string): Promise<void> {
  await db.execute(sql`
    INSERT INTO ${searchTerms} (word, documents)
    SELECT DISTINCT word, 1 FROM unnest(tsvector_to_array(to_tsvector('simple', ${name}))) AS word
    ON CONFLICT (word) DO NOTHING`);
  const phrase = name.trim().toLowerCase();
  if (phrase.length >= 2 && phrase.length <= 60) {
    await db.execute(sql`INSERT INTO ${searchSuggestions} (phrase, weight) VALUES (${phrase}, 20) ON CONFLICT (phrase) DO NOTHING`);
  }
}

export async function searchIndexIsEmpty(db: Database): Promise<boolean> {
  const [row] = rowsOf<{ empty: boolean }>(await db.execute(sql`SELECT NOT EXISTS (SELECT 1 FROM ${searchTerms}) AS empty`));
  return row?.empty ?? true;
}
