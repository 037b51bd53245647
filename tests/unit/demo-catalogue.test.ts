import { describe, expect, it } from 'vitest';
import { demoCatalogue, parseCatalogueFile } from '~/server/demo-data/catalogue';
import { parentCategorySchema, picturesSchema } from '~/server/demo-data/catalogue-schema';
import phonesTablets from '~/server/demo-data/catalogue/categories/phones-tablets.json' with { type: 'json' };
import pictures from '~/server/demo-data/catalogue/pictures.json' with { type: 'json' };

describe('the demo catalogue data files', () => {
  it('pass their schema and refer to one another correctly', () => {
    const catalogue = demoCatalogue();
    expect(catalogue.categories.map((parent) => parent.slug)).toEqual([
      'phones-tablets',
      'tvs-audio',
      'computing',
      'fashion',
      'home-kitchen',
      'beauty-health',
      'supermarket',
      'baby-kids',
      'sports-outdoors',
      'automotive',
      'books-stationery',
      'agriculture',
    ]);
    expect(catalogue.categories.flatMap((parent) => parent.children)).toHaveLength(62);
    expect(catalogue.categories[0]!.children[0]).toMatchObject({ name: 'Smartphones', slug: 'smartphones', icon: 'phone' });
    expect(catalogue.vendors).toHaveLength(27);
    expect(catalogue.deliveryLocations[0]).toEqual({ name: 'Kampala Central', region: 'Kampala', fee: 0, days: [1, 2] });
  });

  it('refuse a mistake with the file and the field named', () => {
    const edited: { children: { lines: Record<string, unknown>[] }[] } = structuredClone(phonesTablets);
    Object.assign(edited.children[0]!.lines[0]!, { price: [480_000, 250_000], colour: ['Black'] });
    const parse = () => parseCatalogueFile('categories/phones-tablets.json', parentCategorySchema, edited);
    expect(parse).toThrow("The demo catalogue's catalogue/categories/phones-tablets.json is not valid");
    expect(parse).toThrow(/the lowest price comes first\n\s+→ at children\[0\]\.lines\[0\]\.price/);
    expect(parse).toThrow(/Unrecognized key: "colour"\n\s+→ at children\[0\]\.lines\[0\]/);
  });

  it('refuse an icon that fills in a colour the pictures do not have', () => {
    const edited = structuredClone(pictures);
    edited.icons.phone[0] = "<rect width='10' height='10' fill='{blue}'/>";
    expect(() => parseCatalogueFile('pictures.json', picturesSchema, edited)).toThrow(
      /placeholders are \{main\}, \{accent\}, \{dark\}, \{light\}, \{gold\}, \{id\}\n\s+→ at icons\.phone\[0\]/,
    );
  });
});
