import { describe, expect, it } from 'vitest';
import { demoCatalogue } from '~/server/demo-data/catalogue';
import { parseCatalogueWordEdits } from '~/server/catalog/catalogue-words';
import { Invalid } from '~/server/errors';
import { catalogueName, ENGLISH_NAMES, facetValueName, lineNames, namesFor, type CatalogueNames, type CatalogueWordKind } from '~/lib/catalogue-names';
import { lineOptions } from '~/lib/cart';

/** Every word of each kind the demo catalogue shows a shopper, gathered from the data files themselves. */
function wordsTheDemoUses(): Record<CatalogueWordKind, Set<string>> {
  const catalogue = demoCatalogue();
  const used: Record<CatalogueWordKind, Set<string>> = {
    category: new Set(),
    colour: new Set(),
    size: new Set(),
    spec: new Set(),
    value: new Set(),
    region: new Set(),
  };
  for (const parent of catalogue.categories) {
    used.category.add(parent.name);
    parent.attributes.forEach((name) => used.spec.add(name));
    for (const child of parent.children) {
      used.category.add(child.name);
      child.attributes.forEach((name) => used.spec.add(name));
      used.spec.add(child.brandLabel ?? 'Brand');
      if (child.modelLabel) used.spec.add(child.modelLabel);
      Object.keys(child.specs).forEach((name) => used.spec.add(name));
      child.colors?.forEach((colour) => used.colour.add(colour));
      child.sizes?.forEach((size) => used.size.add(size));
      for (const [option, values] of Object.entries(child.variants ?? {})) {
        used.spec.add(option);
        // Storage sizes (128GB) are said alike everywhere; colours are colours.
        if (option === 'Color') values.forEach((value) => used.colour.add(value));
        else if (option !== 'Storage') values.forEach((value) => used.value.add(value));
      }
      for (const line of child.lines) {
        Object.keys(line.specs ?? {}).forEach((name) => used.spec.add(name));
        line.colors?.forEach((colour) => used.colour.add(colour));
        line.sizes?.forEach((size) => used.size.add(size));
      }
    }
  }
  for (const place of catalogue.deliveryLocations) {
    used.region.add(place.region);
    used.region.add(place.name);
  }
  return used;
}

describe('the demo catalogue in Luganda and Swahili', () => {
  const { words } = demoCatalogue();
  const used = wordsTheDemoUses();

  it.each(Object.keys(used) as CatalogueWordKind[])('names every %s it uses in lg and sw', (kind) => {
    expect(used[kind].size).toBeGreaterThan(kind === 'value' ? 0 : 5);
    const missing = [...used[kind]].filter((english) => !words[kind][english]?.lg.trim() || !words[kind][english]?.sw.trim());
    expect(missing).toEqual([]);
  });

  it('translates every category and colour rather than copying the English', () => {
    for (const kind of ['category', 'colour'] as const) {
      const copied = Object.entries(words[kind]).filter(([english, names]) => names.lg === english || names.sw === english);
      expect(copied.map(([english]) => english)).toEqual([]);
    }
  });

  it('says the regions in the language: "Mukono (Central)" becomes "Mukono (Masekkati)" and "Mukono (Kati)"', () => {
    expect(words.region.Central).toEqual({ lg: 'Masekkati', sw: 'Kati' });
    expect(words.region.Mukono).toEqual({ lg: 'Mukono', sw: 'Mukono' });
  });
});

describe('catalogue names', () => {
  const luganda: CatalogueNames = {
    ...ENGLISH_NAMES,
    category: { Shoes: 'Engatto' },
    colour: { Red: 'Kimyufu', Black: 'Kiddugavu' },
    size: { '1-2Y': 'Emyaka 1-2' },
    spec: { Material: 'Ekikoleddwamu' },
    value: { Leather: 'Eddiba' },
  };

  it('says a translated word in the language and any other in English', () => {
    expect(catalogueName(luganda, 'category', 'Shoes')).toBe('Engatto');
    expect(catalogueName(luganda, 'category', 'Bicycles')).toBe('Bicycles');
    expect(catalogueName(luganda, 'spec', 'Material')).toBe('Ekikoleddwamu');
    expect(catalogueName(luganda, 'colour', 'constructor')).toBe('constructor');
  });

  it('says a filter value as its kind, and a brand as written', () => {
    expect(facetValueName(luganda, 'color', 'Red')).toBe('Kimyufu');
    expect(facetValueName(luganda, 'size', '1-2Y')).toBe('Emyaka 1-2');
    expect(facetValueName({ ...luganda, value: { Samsung: 'x' } }, 'brand', 'Samsung')).toBe('Samsung');
  });

  it("says a cart line's options in the language, keeping what the line stores", () => {
    const line = { color: 'Red', size: '1-2Y', variant: { Strap: 'Leather', Storage: '128GB' } };
    expect(lineOptions(line, luganda)).toBe('Kimyufu · Emyaka 1-2 · Eddiba · 128GB');
    expect(lineOptions(line)).toBe('Red · 1-2Y · Leather · 128GB');
  });

  it('hands an island only the words it shows', () => {
    expect(namesFor(luganda, { colour: ['Red', 'Teal'], spec: ['Material'] })).toEqual({
      ...ENGLISH_NAMES,
      colour: { Red: 'Kimyufu' },
      spec: { Material: 'Ekikoleddwamu' },
    });
    expect(lineNames(luganda)).toEqual({ ...ENGLISH_NAMES, colour: luganda.colour, size: luganda.size, value: luganda.value });
  });
});

describe("an administrator's edits of the words", () => {
  it('take one word or a list, an empty name removing a translation', () => {
    expect(parseCatalogueWordEdits({ kind: 'colour', english: ' Red ', lg: 'Kimyufu', sw: '' })).toEqual([
      { kind: 'colour', english: 'Red', lg: 'Kimyufu', sw: '' },
    ]);
    expect(parseCatalogueWordEdits([{ kind: 'region', english: 'Central', sw: 'Kati' }])).toHaveLength(1);
  });

  it.each([
    ['an unknown kind', { kind: 'brand', english: 'Tecno', lg: 'x' }],
    ['no English word', { kind: 'colour', english: '  ', lg: 'x' }],
    ['markup', { kind: 'colour', english: 'Red', lg: '<b>Kimyufu</b>' }],
    ['a name too long', { kind: 'colour', english: 'Red', sw: 'x'.repeat(121) }],
    ['nothing', []],
  ])('refuse %s', (_case, body) => {
    expect(() => parseCatalogueWordEdits(body)).toThrow(Invalid);
  });
});
