import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { applySynonyms, synonymKey, synonymTable } from '~/server/search/synonyms';
import { tsQueryText } from '~/server/search/product-search';
import { searchWords } from '~/lib/search-words';

const table = synonymTable([
  { term: 'nguo', means: 'clothing' },
  { term: 'nguo za watoto', means: 'kids clothing' },
  { term: "eby'awaka", means: 'home' },
  { term: 'essimu', means: 'phone' },
]);

describe('reading a query with the synonym list', () => {
  it('keys terms the way queries are split into words', () => {
    expect(synonymKey("  Eby'Awaka ")).toBe('eby awaka');
    expect(table.longestTerm).toBe(3);
  });

  it('takes the longest phrase at each word, and leaves other words as typed', () => {
    expect(applySynonyms(searchWords('Nguo za watoto nyekundu'), table)).toEqual([
      { words: ['nguo', 'za', 'watoto'], means: ['kids', 'clothing'] },
      { words: ['nyekundu'] },
    ]);
    expect(applySynonyms(searchWords('nguo za'), table)).toEqual([{ words: ['nguo'], means: ['clothing'] }, { words: ['za'] }]);
    expect(applySynonyms(searchWords("samsung eby'awaka"), table)).toEqual([{ words: ['samsung'] }, { words: ['eby', 'awaka'], means: ['home'] }]);
  });

  it('searches a synonym as its English words, or its own words exactly', () => {
    const known = (word: string) => ({ word, known: true, alternatives: [] });
    expect(tsQueryText([{ term: ['essimu'], means: [known('phone')] }, known('samsung')], '&')).toBe('(phone:* | essimu) & samsung:*');
    expect(tsQueryText([{ term: ['nguo', 'za', 'watoto'], means: [known('kids'), known('clothing')] }], '|')).toBe(
      '((kids:* & clothing:*) | (nguo & za & watoto))',
    );
    // English words the catalogue lacks leave the shopper's own word.
    expect(tsQueryText([{ term: ['ekisekula'], means: [{ word: 'mortar', known: false, alternatives: [] }] }], '&')).toBe('(ekisekula)');
  });
});

describe('the starting list', () => {
  const migrations = ['0017_search_synonyms_start.sql', '0033_catalogue_words.sql'].map((file) =>
    readFileSync(new URL(`../../src/server/db/migrations/${file}`, import.meta.url), 'utf8'),
  );
  const migration = migrations.join('\n');
  const rows = [...migration.matchAll(/\('([^']+)', '([^']+)', '(lg|sw)'\)/g)].map(([, term, means, language]) => ({ term: term!, means: means!, language }));

  it('holds the words the Luganda and Swahili search boxes suggest', async () => {
    const { default: lg } = await import('~/lib/i18n/lg/layout');
    const { default: sw } = await import('~/lib/i18n/sw/layout');
    const suggested = [lg.searchPlaceholder, sw.searchPlaceholder].flatMap((text) => searchWords(text.replace(/^\S+\s/, '')));
    expect(suggested).toEqual(['essimu', 'engatto', 'ssukaali', 'simu', 'viatu', 'sukari']);
    for (const word of suggested) expect(rows.map((row) => row.term)).toContain(word);
  });

  it('writes every term as search reads it, once, and never as its own meaning', () => {
    expect(rows.length).toBeGreaterThan(200);
    expect(new Set(rows.map((row) => row.term)).size).toBe(rows.length);
    for (const row of rows) {
      expect(synonymKey(row.term)).toBe(row.term);
      expect(searchWords(row.means).join(' ')).toBe(row.means);
      expect(row.term).not.toBe(row.means);
    }
    for (const file of migrations) expect(file).toContain('ON CONFLICT ("term") DO NOTHING');
  });

  it('reads the everyday goods of a Kampala market in Luganda and Swahili', () => {
    const means = new Map(rows.map((row) => [row.term, row.means]));
    const market: [string, string][] = [
      ['sabuuni', 'soap'],
      ['ssabbuuni', 'soap'],
      ['sabuni', 'soap'],
      ['mafuta', 'oil'],
      ['amafuta', 'oil'],
      ['ssaati', 'shirt'],
      ['shati', 'shirt'],
      ['omuceere', 'rice'],
      ['mchele', 'rice'],
      ['obuwunga', 'flour'],
      ['unga', 'flour'],
      ['ssukaali', 'sugar'],
      ['sukari', 'sugar'],
      ['omunnyo', 'salt'],
      ['chumvi', 'salt'],
      ['engatto', 'shoes'],
      ['viatu', 'shoes'],
      ['essimu', 'phone'],
      ['simu', 'phone'],
      ['caaja', 'charger'],
      ['chaja', 'charger'],
    ];
    for (const [term, meaning] of market) expect([term, means.get(term)]).toEqual([term, meaning]);
  });
});
