/** The filters a product list takes several values of (`brand=Tecno&brand=Infinix`): one checkbox each in the listing's form. */
export const FACETS = ['brand', 'color', 'size'] as const;
export type Facet = (typeof FACETS)[number];

/** The choices the listing's filter form shows for a brand, colour or size: the counted values, and any chosen one the counts left out. */
export type FacetOption = { name: string; count: number; chosen: boolean };

/** Where each filter's counted values are in the filter options (GET /api/filters). */
export const FACET_OPTIONS = { brand: 'brands', color: 'colors', size: 'sizes' } as const;

/**
 * Marks the chosen values among the counted ones. A chosen value the counts do not list (none of its products
 * is left under the other filters, or it is beyond the longest list) is still shown, with no products, so the
 * shopper can take it back. `chosen` is lower-cased as the list compares values; `asWritten` is how the
 * address wrote them.
 */
export function facetOptions(counted: readonly { name: string; count: number }[], chosen: readonly string[], asWritten: readonly string[]): FacetOption[] {
  const wanted = new Set(chosen);
  const options = counted.map((value) => ({ ...value, chosen: wanted.has(value.name.trim().toLowerCase()) }));
  const shown = new Set(options.map((option) => option.name.trim().toLowerCase()));
  const written = asWritten.flatMap((value) => value.split(',')).map((value) => value.trim());
  for (const value of chosen) {
    if (shown.has(value)) continue;
    options.push({ name: written.find((w) => w.toLowerCase() === value) ?? value, count: 0, chosen: true });
    shown.add(value);
  }
  return options;
}

/** How a specification filter is named in an address: `spec_` and its key (`spec_storage=128GB`, `spec_screen_size=6.5 inches`). */
export const SPEC_PREFIX = 'spec_';

/** The key of a specification's name: lower-case letters and digits joined by "_" ("Screen Size" is `screen_size`); '' when none are left. */
export function specKey(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
}

/** The address parameter of a specification filter. */
export function specParam(name: string): string {
  return SPEC_PREFIX + specKey(name);
}

/** The facet a category's attribute is filtered by: Brand, Colour and Size have their own; any other is a specification. */
export function facetOfAttribute(name: string): Facet | 'spec' {
  const key = specKey(name);
  if (key === 'brand') return 'brand';
  if (key === 'color' || key === 'colour') return 'color';
  if (key === 'size') return 'size';
  return 'spec';
}
