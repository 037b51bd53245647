/**
 * The catalogues: every key of the English catalogue exists in the Luganda and Swahili ones and nothing more;
 * each translation names the same `{values}` as its English text; a plural text has its `one` and `other`
 * forms; no text is empty. The island catalogues are the same areas as the whole catalogues'. Formatting:
 * plurals by each language's rules, money and dates as each language writes them.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CATALOGUES } from '~/lib/i18n/catalogues';
import { islands as englishIslands } from '~/lib/i18n/en/islands';
import { islands as lugandaIslands } from '~/lib/i18n/lg/islands';
import { islands as swahiliIslands } from '~/lib/i18n/sw/islands';
import { LANGUAGES } from '~/lib/i18n/languages';
import { fill, plural, translator } from '~/lib/i18n/translate';

type Tree = { [key: string]: unknown };

/** Every text in a catalogue with its dotted key (`layout.cart`); plural forms count as one text each (`cart.items.one`). */
function textsOf(tree: Tree, prefix = ''): Map<string, string> {
  const found = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') found.set(path, value);
    else if (value && typeof value === 'object') for (const [inner, text] of textsOf(value as Tree, path)) found.set(inner, text);
    else throw new Error(`${path} is neither a text nor a group of texts`);
  }
  return found;
}

const valuesNamed = (text: string) => [...new Set([...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!))].sort();

const PLURAL_CATEGORIES = new Set(['zero', 'one', 'two', 'few', 'many', 'other']);

/** The dotted keys of the plural texts in a catalogue: groups whose keys are all plural categories. */
function pluralGroupsOf(tree: Tree, prefix = ''): string[] {
  const found: string[] = [];
  for (const [key, value] of Object.entries(tree)) {
    if (!value || typeof value !== 'object') continue;
    const path = prefix ? `${prefix}.${key}` : key;
    const keys = Object.keys(value);
    if (keys.every((inner) => PLURAL_CATEGORIES.has(inner))) found.push(path);
    else found.push(...pluralGroupsOf(value as Tree, path));
  }
  return found;
}
const english = textsOf(CATALOGUES.en);
const pluralForms = new Set(pluralGroupsOf(CATALOGUES.en).flatMap((group) => [...PLURAL_CATEGORIES].map((category) => `${group}.${category}`)));

describe('the catalogues', () => {
  it('English has texts in every area', () => {
    expect(english.size).toBeGreaterThan(40);
    for (const [key, text] of english) expect(text.trim(), key).not.toBe('');
  });

  for (const language of LANGUAGES.filter((l) => l !== 'en')) {
    it(`${language} has exactly the English keys, none empty, each naming the same values`, () => {
      const translated = textsOf(CATALOGUES[language]);
      expect([...translated.keys()].sort()).toEqual([...english.keys()].sort());
      for (const [key, text] of translated) {
        expect(text.trim(), `${language} ${key}`).not.toBe('');
        // A plural form may leave out {count} (Swahili "kimoja"), never add a value English does not have.
        const allowed = new Set(valuesNamed(english.get(key)!));
        const isPluralForm = pluralForms.has(key);
        if (isPluralForm) for (const name of valuesNamed(text)) expect(allowed.has(name) || name === 'count', `${language} ${key}: {${name}}`).toBe(true);
        else expect(valuesNamed(text), `${language} ${key}`).toEqual([...allowed].sort());
      }
    });
  }

  it('a plural text has its one and other forms in every language', () => {
    const groups = pluralGroupsOf(CATALOGUES.en);
    expect(groups.length).toBeGreaterThan(5);
    for (const language of LANGUAGES) {
      const texts = textsOf(CATALOGUES[language]);
      for (const group of groups) expect(texts.has(`${group}.one`) && texts.has(`${group}.other`), `${language} ${group}`).toBe(true);
    }
  });

  it("the islands' catalogues are areas of the whole ones, the same in every language", () => {
    for (const islands of [englishIslands, lugandaIslands, swahiliIslands]) {
      expect(Object.keys(islands).sort()).toEqual(Object.keys(englishIslands).sort());
    }
    for (const area of Object.keys(englishIslands)) {
      expect(CATALOGUES.lg[area as keyof typeof CATALOGUES.lg]).toEqual(lugandaIslands[area as keyof typeof lugandaIslands]);
      expect(CATALOGUES.sw[area as keyof typeof CATALOGUES.sw]).toEqual(swahiliIslands[area as keyof typeof swahiliIslands]);
    }
  });
});

describe('words, numbers, money and dates in each language', () => {
  const items = { one: '{count} item', other: '{count} items' };

  it('fills values, with thousands separators for numbers, and leaves an unknown name as written', () => {
    expect(fill('{name} has {count} left', { name: 'Kato', count: 1200 })).toBe('Kato has 1,200 left');
    expect(fill('{missing}', {})).toBe('{missing}');
  });

  it('chooses the plural form by each language’s rules', () => {
    for (const language of LANGUAGES) {
      expect(plural(language, items, 1)).toBe('1 item');
      expect(plural(language, items, 0)).toBe('0 items');
      expect(plural(language, items, 2)).toBe('2 items');
      expect(plural(language, items, 1000)).toBe('1,000 items');
    }
  });

  it('writes UGX without decimals, the code where the language puts it', () => {
    expect(translator('en', {}).money(1250000)).toBe('UGX 1,250,000');
    expect(translator('sw', {}).money('1250000.00')).toBe('UGX 1,250,000');
    expect(translator('lg', {}).money(1250000)).toBe('1,250,000 UGX');
    expect(translator('lg', {}).money(null)).toBe('0 UGX');
  });

  it('writes dates in Kampala time with the language’s month names', () => {
    const iso = '2026-09-04T22:30:00Z'; // 5 September, 01:30 in Kampala
    expect(translator('en', {}).date(iso)).toBe('5 Sep 2026');
    expect(translator('lg', {}).date(iso)).toBe('5 Seb 2026');
    expect(translator('sw', {}).date('2026-03-10T08:00:00Z')).toBe('10 Mac 2026');
    expect(translator('sw', {}).dateTime(iso)).toBe('5 Sep 2026, 01:30 EAT');
  });

  it('links stay in the language', () => {
    expect(translator('lg', {}).path('/cart')).toBe('/lg/cart');
    expect(translator('en', {}).path('/cart')).toBe('/cart');
  });
});

describe("the buying pages' texts", () => {
  it('every page with a checkout, account or login island marks its layout to load them', () => {
    const pages = readdirSync('src/pages', { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.astro'));
    const buying = pages.filter((file) => /from '~\/islands\/(checkout|account|auth)\//.test(readFileSync(join('src/pages', file), 'utf8')));
    expect(buying.length).toBeGreaterThan(10);
    for (const file of buying) {
      const source = readFileSync(join('src/pages', file), 'utf8');
      expect(/<AccountLayout\b/.test(source) || /<(Layout|Bare) buyingTexts\b/.test(source), file).toBe(true);
    }
    expect(readFileSync('src/layouts/AccountLayout.astro', 'utf8')).toMatch(/<Layout\b[^>]*\bbuyingTexts\b/);
  });
});
