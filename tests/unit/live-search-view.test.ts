import { describe, expect, it } from 'vitest';
import { dropdownView as dropdownIn, isSearchable, nextActiveOption, searchHref, type LiveResults } from '~/lib/live-search-view';
import { islandTranslator } from '~/lib/i18n/current';
import { translator } from '~/lib/i18n/translate';
import { islands as luganda } from '~/lib/i18n/lg/islands';
import { islands as swahili } from '~/lib/i18n/sw/islands';

/** Outside a page, islands speak English. */
const dropdownView = (term: string, results: LiveResults | null, recent: string[] | null) => dropdownIn(term, results, recent, islandTranslator());

const product = (id: number, name: string) => ({ id, name, price_1: '10000', feature_photo: 'p.jpg' });
const results = (overrides: Partial<LiveResults> = {}): LiveResults => ({
  products: [product(1, 'Tecno Spark 20'), product(2, 'Tecno Camon 30')],
  suggestions: ['tecno spark'],
  total: 2,
  search_term: 'tecno',
  ...overrides,
});

describe('dropdownView', () => {
  it('shows recent searches for an empty box, and nothing when there are none', () => {
    expect(dropdownView('  ', null, ['sugar', 'nivea'])).toEqual({
      mode: 'recent',
      items: [
        { kind: 'recent', label: 'sugar', href: '/products?search=sugar', search: 'sugar' },
        { kind: 'recent', label: 'nivea', href: '/products?search=nivea', search: 'nivea' },
      ],
    });
    expect(dropdownView('', null, [])).toEqual({ mode: 'closed' });
    expect(dropdownView('', null, null)).toEqual({ mode: 'closed' });
  });

  it('needs two characters', () => {
    expect(isSearchable(' t ')).toBe(false);
    expect(isSearchable('te')).toBe(true);
    expect(dropdownView('t', results(), null)).toEqual({ mode: 'closed' });
  });

  it('lists products, then suggestions, and View all only when there are more than shown', () => {
    const view = dropdownView('tecno', results(), null);
    expect(view.mode).toBe('results');
    if (view.mode !== 'results') return;
    expect(view.items.map((item) => item.kind)).toEqual(['product', 'product', 'suggestion']);
    expect(view.items[0]!.href).toBe('/product/1');

    const more = dropdownView('tecno', results({ total: 40 }), null);
    expect(more.mode === 'results' && more.items.at(-1)).toEqual({
      kind: 'view-all',
      label: 'View all 40 results',
      href: '/products?search=tecno',
      search: 'tecno',
    });
  });

  it('offers Search anyway when nothing matches', () => {
    expect(dropdownView('qqzz', results({ products: [], suggestions: [], total: 0, search_term: 'qqzz' }), null)).toEqual({
      mode: 'empty',
      term: 'qqzz',
      items: [{ kind: 'search-anyway', label: 'Search anyway', href: '/products?search=qqzz', search: 'qqzz' }],
    });
  });

  it("words and links the dropdown in the page's language", () => {
    const more = results({ total: 40 });
    const inLuganda = dropdownIn('tecno', more, null, translator('lg', luganda));
    expect(inLuganda.mode === 'results' && inLuganda.items.map(({ label, href }) => [label, href])).toEqual([
      ['Tecno Spark 20', '/lg/product/1'],
      ['Tecno Camon 30', '/lg/product/2'],
      ['tecno spark', '/lg/products?search=tecno%20spark'],
      ['Laba ebizuuliddwa byonna 40', '/lg/products?search=tecno'],
    ]);
    const nothing = results({ products: [], suggestions: [], total: 0, search_term: 'qqzz' });
    expect(dropdownIn('qqzz', nothing, null, translator('sw', swahili))).toMatchObject({
      items: [{ label: 'Tafuta hata hivyo', href: '/sw/products?search=qqzz' }],
    });
    expect(dropdownIn('', null, ['sukari'], translator('sw', swahili))).toMatchObject({ items: [{ href: '/sw/products?search=sukari' }] });
  });

  it('builds result links that survive any characters', () => {
    expect(searchHref(' rice & beans ')).toBe('/products?search=rice%20%26%20beans');
  });
});

describe('nextActiveOption', () => {
  it('starts at the first option going down and at the last going up', () => {
    expect(nextActiveOption(-1, 1, 4)).toBe(0);
    expect(nextActiveOption(-1, -1, 4)).toBe(3);
  });

  it('moves one at a time and wraps around at both ends', () => {
    expect(nextActiveOption(1, 1, 4)).toBe(2);
    expect(nextActiveOption(3, 1, 4)).toBe(0);
    expect(nextActiveOption(0, -1, 4)).toBe(3);
  });

  it('has nothing to move to in an empty list', () => {
    expect(nextActiveOption(-1, 1, 0)).toBe(-1);
  });
});
