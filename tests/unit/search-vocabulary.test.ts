import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { openDatabase, rowsOf, type DatabaseHandle } from '~/server/db/client';
import { products, searchTerms } from '~/server/db/schema';
import { seedDatabase } from '~/server/demo-data';
import { matchWordsInTable, refreshSearchIndex } from '~/server/search/product-search';
import { ProductSearchIndex } from '~/server/search/search-index';
import { similarity, SIMILARITY_THRESHOLD, trigramsOf } from '~/server/search/trigrams';

let handle: DatabaseHandle;

beforeAll(async () => {
  handle = await openDatabase({ dataDir: 'memory://' });
  await seedDatabase(handle.db);
});

afterAll(async () => {
  await handle?.close();
});

/** A trigram as show_trgm prints it: its characters when all are ASCII letters, digits or spaces, else hex. */
function shown(code: number): string {
  const bytes = [code >> 16, (code >> 8) & 0xff, code & 0xff];
  const printable = bytes.every((byte) => byte === 0x20 || (byte < 0x80 && /[A-Za-z0-9]/.test(String.fromCharCode(byte))));
  return printable ? String.fromCharCode(...bytes) : `0x${code.toString(16).padStart(6, '0')}`;
}

const ODD_WORDS = [
  'a',
  'ab',
  'abc',
  'tv',
  '4k',
  '65',
  'a15',
  'x²',
  'café',
  'cafe',
  'CAFÉ',
  'été',
  'naïve',
  'naive',
  'straße',
  'ñandú',
  'ölfilter',
  'wi-fi',
  "women's",
  'ekisaawe',
  'sukaali',
  '日本語',
  'тест',
  'Тесты',
  'e\u0301te',
  '🙂smile',
  'samsung galaxy',
  '',
  ' ',
  'ççç',
  'aaaa',
];

describe('trigram similarity', () => {
  it('cuts texts into the trigrams pg_trgm makes', async () => {
    const rows = rowsOf<{ word: string; trigrams: string[] }>(
      await handle.db.execute(sql`SELECT word, show_trgm(word) AS trigrams FROM unnest(${sql.param(ODD_WORDS)}::text[]) AS word`),
    );
    for (const row of rows) expect([...trigramsOf(row.word)].map(shown).sort(), row.word).toEqual([...row.trigrams].sort());
  });

  it('gives the figures similarity() and % give, for odd words and the catalogue’s own', async () => {
    const vocabulary = rowsOf<{ word: string }>(await handle.db.execute(sql`SELECT word FROM ${searchTerms} ORDER BY documents DESC, word LIMIT 120`)).map(
      (row) => row.word,
    );
    const words = [...ODD_WORDS, ...vocabulary, ...vocabulary.map((word) => word.slice(1)), ...vocabulary.map((word) => `${word}s`)];
    const rows = rowsOf<{ a: string; b: string; score: number; similar: boolean }>(
      await handle.db.execute(sql`
        SELECT a, b, similarity(a, b) AS score, a % b AS similar
        FROM unnest(${sql.param(words)}::text[]) AS a, unnest(${sql.param(words.slice(0, 150))}::text[]) AS b`),
    );
    expect(rows.length).toBeGreaterThan(40_000);
    let similar = 0;
    for (const row of rows) {
      const score = similarity(row.a, row.b);
      if (score !== Math.fround(Number(row.score)) || score >= SIMILARITY_THRESHOLD !== row.similar) {
        expect({ a: row.a, b: row.b, score }).toEqual({ a: row.a, b: row.b, score: Math.fround(Number(row.score)) });
      }
      if (row.similar && row.a !== row.b) similar++;
    }
    expect(similar).toBeGreaterThan(100);
  });
});

/** Typed words around the vocabulary: itself, half-typed, and misspelt as shoppers do. */
function queryWords(vocabulary: string[]): string[] {
  const words = new Set<string>(['zz', 'q', 'xyzzy', 'samsng', 'galxy', 'tecnoo', 'café', 'sukali', 'ssukaali', '65', 'a1', 'sumsang', 'samsang', 'aloevera']);
  for (const [i, word] of vocabulary.entries()) {
    if (i % 3 === 0) words.add(word);
    if (word.length > 3) {
      words.add(word.slice(0, 2 + (i % 3)));
      words.add(word.slice(0, i % (word.length - 1)) + word.slice((i % (word.length - 1)) + 1));
      const at = i % (word.length - 1);
      words.add(word.slice(0, at) + word[at + 1] + word[at] + word.slice(at + 2));
      words.add(`${word}${'aeiou'[i % 5]}`);
      words.add(`${'bcdfg'[i % 5]}${word.slice(1)}`);
      // Vowels written by ear: every vowel after the first letter turned into the next one.
      words.add(word[0] + word.slice(1).replace(/[aeiou]/g, (vowel) => 'eioua'['aeiou'.indexOf(vowel)]!));
    }
  }
  return [...words];
}

async function expectSameAsTable(index: ProductSearchIndex, words: string[]) {
  const inTable = await matchWordsInTable(handle.db, words);
  const inMemory = index.matchWords(words);
  const differing = inMemory.filter((match, i) => JSON.stringify(match) !== JSON.stringify(inTable[i]));
  expect(differing, `${differing.length} of ${words.length} words differ`).toEqual(differing.map((match) => inTable[words.indexOf(match.word)]));
}

describe('the search index’s vocabulary', () => {
  it('checks and corrects words as search_terms and pg_trgm do', async () => {
    const vocabulary = rowsOf<{ word: string }>(await handle.db.execute(sql`SELECT word FROM ${searchTerms} ORDER BY word`)).map((row) => row.word);
    expect(vocabulary.length).toBeGreaterThan(500);
    const words = queryWords(vocabulary);
    const index = await ProductSearchIndex.build(handle.db);
    await expectSameAsTable(index, words);
    const corrected = index.matchWords(words).filter((match) => !match.known && match.alternatives.length > 0);
    expect(corrected.length).toBeGreaterThan(200);
  }, 180_000);

  it('corrects a brand spelt by ear by its consonants when trigrams find nothing like it', async () => {
    const index = await ProductSearchIndex.build(handle.db);
    const words = ['sumsang', 'samsang', 'samsung', 'aloevera', 'ssng'];
    const expected = [
      { word: 'sumsang', known: false, alternatives: ['samsung'] },
      { word: 'samsang', known: false, alternatives: ['samsung'] },
      { word: 'samsung', known: true, alternatives: ['samsung'] },
    ];
    expect(index.matchWords(words).slice(0, 3)).toEqual(expected);
    expect((await matchWordsInTable(handle.db, words)).slice(0, 3)).toEqual(expected);
    await expectSameAsTable(index, words);
  }, 180_000);

  it('follows writes that add, remove and spread words', async () => {
    const index = await ProductSearchIndex.build(handle.db);
    expect(index.matchWords(['zanzibarian'])).toEqual([{ word: 'zanzibarian', known: false, alternatives: [] }]);
    const [template] = await handle.db.select().from(products).where(eq(products.status, 1)).limit(1);
    const { id: _id, ...copy } = template!;
    await handle.db.insert(products).values({ ...copy, name: 'Zanzibarian Spice Box', keywords: ['zanzibarian spice'], tags: '', description: 'Spices.' });
    const [hidden] = await handle.db
      .update(products)
      .set({ status: 0 })
      .where(sql`${products.id} = (SELECT max(id) FROM ${products} WHERE status = 1 AND name NOT LIKE 'Zanzibarian%')`)
      .returning();
    expect(await index.catchUp(handle.db)).toBe(true);
    expect(index.matchWords(['zanzibarian', 'zanzibarain'])).toEqual([
      { word: 'zanzibarian', known: true, alternatives: ['zanzibarian'] },
      { word: 'zanzibarain', known: false, alternatives: ['zanzibarian'] },
    ]);
    // search_terms counts documents afresh only when rebuilt; the index counts them as they change.
    await refreshSearchIndex(handle.db);
    const vocabulary = rowsOf<{ word: string }>(await handle.db.execute(sql`SELECT word FROM ${searchTerms} ORDER BY word`)).map((row) => row.word);
    const some = queryWords(vocabulary).filter((_, i) => i % 4 === 0);
    await expectSameAsTable(index, [...some, 'zanzibarian', 'zanzibarain', ...hidden!.name.toLowerCase().split(/\W+/)]);
  }, 180_000);
});
